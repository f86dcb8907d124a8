package web

import (
	"net/http"
	"strings"

	"loto/internal/loto"
)

// maxBody bounds a request's body: a sale of the most cards a sale takes
// is a few tens of kilobytes; more is a mistake or an attack.
const maxBody = 256 << 10

// contentSecurityPolicy allows the server's own scripts, styles and images
// only: no inline script, no framing, no form posting elsewhere.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// secure wraps the routes with what every answer needs: the security
// headers, a bounded body, the refusal of cross-origin writes (CSRF,
// http.CrossOriginProtection: a browser says where a request comes from;
// API clients with a bearer token send no such header and pass), and a
// recovered panic answered as an internal error.
func (s *Server) secure(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, r, s.log, errCrossOrigin)
	}))
	protected := cop.Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		// same-origin, not no-referrer: under no-referrer a browser sends
		// "Origin: null" with a form, and over plain HTTP on the hall's
		// address (no Sec-Fetch-Site there, an insecure origin) the CSRF
		// check then refuses the pairing and the login. Other sites still
		// get no referrer: a page's address never leaves the hall.
		h.Set("Referrer-Policy", "same-origin")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if strings.HasPrefix(r.URL.Path, "/api/") || strings.HasPrefix(r.URL.Path, "/connexion") {
			h.Set("Cache-Control", "no-store")
		}
		if r.Body != nil {
			r.Body = http.MaxBytesReader(w, r.Body, bodyLimit(r))
		}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("panique", "method", r.Method, "path", r.URL.Path, "panic", v)
				writeError(w, r, s.log, loto.Errorf(loto.EInternal, "panique"))
			}
		}()
		protected.ServeHTTP(w, r)
	})
}

// errCrossOrigin refuses a write sent by a page of another site.
var errCrossOrigin = loto.Errorf(loto.EForbidden, "requête refusée : elle vient d'un autre site que ce serveur (protection CSRF)")
