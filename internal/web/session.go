package web

import (
	"net/http"
	"time"

	"loto/internal/loto"
)

// The organiser's sessions are recorded in the journal by the day
// (loto.Day.OpenOrganiserSession): every instance sharing the journal
// knows them, and a restart logs nobody out. The cookie holds the
// session's token.

// sessionCookie is the name of the session cookie.
const sessionCookie = "loto_session"

// sessionCookieFor is the cookie of a session: HttpOnly, SameSite=Strict,
// Secure when the request came over TLS. An empty id clears the cookie.
func sessionCookieFor(r *http.Request, id string) *http.Cookie {
	c := &http.Cookie{Name: sessionCookie, Value: id, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil}
	if id == "" {
		c.MaxAge = -1
	} else {
		c.MaxAge = int(loto.SessionTTL / time.Second)
	}
	return c
}
