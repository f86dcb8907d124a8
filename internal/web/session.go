package web

import (
	"crypto/rand"
	"net/http"
	"sync"
	"time"

	"loto/internal/loto"
)

// The organiser's sessions are recorded in the journal by the day
// (loto.Day.OpenOrganiserSession): every instance sharing the journal
// knows them, and a restart logs nobody out. The cookie holds the
// session's token. A read-only server keeps its own in memory.

// sessionCookie is the name of the session cookie.
const sessionCookie = "loto_session"

// sessionCookieFor is the cookie of a session: HttpOnly, SameSite=Strict,
// Secure when the browser came over HTTPS (Server.overTLS). An empty id
// clears the cookie.
func (s *Server) sessionCookieFor(r *http.Request, id string) *http.Cookie {
	c := &http.Cookie{Name: sessionCookie, Value: id, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: s.overTLS(r)}
	if id == "" {
		c.MaxAge = -1
	} else {
		c.MaxAge = int(loto.SessionTTL / time.Second)
	}
	return c
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
	ms.m[token] = now.Add(loto.SessionTTL)
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
