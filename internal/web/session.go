package web

import (
	"crypto/rand"
	"net/http"
	"sync"
	"time"

	"loto/internal/access"
)

// The organiser's sessions are recorded in the journal by the day
// (loto.Day.OpenOrganiserSession): every instance sharing the journal
// knows them, and a restart logs nobody out. The cookie holds the
// session's token. A read-only server keeps its own in memory.

// sessionCookie is the name of the session cookie.
const sessionCookie = "loto_session"

// securePrefix leads the name of a cookie set over https. A browser keeps
// a Secure cookie from the answers of plain http: one that set a cookie
// over https refuses a plain http answer's cookie of the same name, and
// says nothing (RFC 6265bis, "Leave Secure Cookies Alone"). With one name
// for both, a login over http on a host once reached over https, or once
// served with --tls, would leave the browser without its session. A
// cookie of plain http is sent over https too: the one of https comes
// first there.
const securePrefix = "__Secure-"

// cookieName is the name of the cookie base for the scheme of r.
func (s *Server) cookieName(r *http.Request, base string) string {
	if s.overTLS(r) {
		return securePrefix + base
	}
	return base
}

// cookie is the cookie base the browser sent: over https, the one set
// over https, else the one of plain http.
func (s *Server) cookie(r *http.Request, base string) (*http.Cookie, error) {
	if s.overTLS(r) {
		if c, err := r.Cookie(securePrefix + base); err == nil {
			return c, nil
		}
	}
	return r.Cookie(base)
}

// clearCookie removes the cookie base the browser sent: over https both
// names, since the one of plain http is sent there too; over plain http
// the browser keeps the Secure one, which it sends over https alone.
func (s *Server) clearCookie(w http.ResponseWriter, r *http.Request, base string) {
	names := []string{base}
	if s.overTLS(r) {
		names = append(names, securePrefix+base)
	}
	for _, n := range names {
		if _, err := r.Cookie(n); err == nil {
			http.SetCookie(w, &http.Cookie{Name: n, Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: s.overTLS(r)})
		}
	}
}

// sessionCookieFor is the cookie of a session: HttpOnly, SameSite=Strict,
// Secure when the browser came over HTTPS (Server.overTLS), and then named
// with securePrefix.
func (s *Server) sessionCookieFor(r *http.Request, id string) *http.Cookie {
	return &http.Cookie{Name: s.cookieName(r, sessionCookie), Value: id, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: s.overTLS(r), MaxAge: int(access.SessionTTL / time.Second)}
}

// maxMemorySessions bounds the sessions a read-only server keeps, so that
// logins cannot fill its memory.
const maxMemorySessions = 1000

// memorySessions are the sessions of a read-only server, which records
// nothing, so not its logins either: they live in its memory, valid on it
// alone and until it stops.
type memorySessions struct {
	mu  sync.Mutex
	now func() time.Time
	m   map[string]time.Time // token → expiry
}

func newMemorySessions(now func() time.Time) *memorySessions {
	return &memorySessions{now: now, m: map[string]time.Time{}}
}

// open starts a session and returns its token; when full, the sessions
// that ended go, then the one that ends first.
func (ms *memorySessions) open() string {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	now := ms.now()
	for id, until := range ms.m {
		if len(ms.m) < maxMemorySessions {
			break
		}
		if !now.Before(until) {
			delete(ms.m, id)
		}
	}
	if len(ms.m) >= maxMemorySessions {
		first := ""
		for id, until := range ms.m {
			if first == "" || until.Before(ms.m[first]) {
				first = id
			}
		}
		delete(ms.m, first)
	}
	token := rand.Text()
	ms.m[token] = now.Add(access.SessionTTL)
	return token
}

// live says whether token is a session not yet ended.
func (ms *memorySessions) live(token string) bool {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	until, ok := ms.m[token]
	return ok && ms.now().Before(until)
}

// close ends a session.
func (ms *memorySessions) close(token string) {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	delete(ms.m, token)
}
