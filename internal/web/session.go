package web

import (
	"crypto/rand"
	"net/http"
	"sync"
	"time"

	"loto/internal/loto"
)

// sessionCookie is the name of the session cookie.
const sessionCookie = "loto_session"

// sessionTTL is how long a session lasts without use: a loto day.
const sessionTTL = 12 * time.Hour

// maxSessions bounds the sessions kept, so that logins cannot fill memory.
const maxSessions = 10000

// sessions are the open sessions, in memory: a restart of the server logs
// everyone out (the organiser logs in again; devices keep their tokens).
type sessions struct {
	mu  sync.Mutex
	now func() time.Time
	m   map[string]session
}

// session is who a session cookie stands for, and until when.
type session struct {
	actor   loto.Actor
	expires time.Time
}

func newSessions(now func() time.Time) *sessions {
	return &sessions{now: now, m: map[string]session{}}
}

// open starts a session for a and returns its id, the cookie's value:
// 128 bits and more from crypto/rand.
func (ss *sessions) open(a loto.Actor) string {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	now := ss.now()
	if len(ss.m) >= maxSessions {
		for id, s := range ss.m {
			if now.After(s.expires) {
				delete(ss.m, id)
			}
		}
	}
	if len(ss.m) >= maxSessions { // all alive: the oldest goes
		var oldest string
		for id, s := range ss.m {
			if oldest == "" || s.expires.Before(ss.m[oldest].expires) {
				oldest = id
			}
		}
		delete(ss.m, oldest)
	}
	id := rand.Text()
	ss.m[id] = session{actor: a, expires: now.Add(sessionTTL)}
	return id
}

// get returns the actor of a live session and extends it.
func (ss *sessions) get(id string) (loto.Actor, bool) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	s, ok := ss.m[id]
	now := ss.now()
	if !ok || now.After(s.expires) {
		delete(ss.m, id)
		return loto.Actor{}, false
	}
	s.expires = now.Add(sessionTTL)
	ss.m[id] = s
	return s.actor, true
}

// close ends a session.
func (ss *sessions) close(id string) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	delete(ss.m, id)
}

// sessionCookieFor is the cookie of a session: HttpOnly, SameSite=Strict,
// Secure when the request came over TLS. An empty id clears the cookie.
func sessionCookieFor(r *http.Request, id string) *http.Cookie {
	c := &http.Cookie{Name: sessionCookie, Value: id, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil}
	if id == "" {
		c.MaxAge = -1
	} else {
		c.MaxAge = int(sessionTTL / time.Second)
	}
	return c
}
