package web

import (
	"net/http"
	"strings"

	"loto/internal/loto"
)

// The program's messages cite the rules they apply ("(R14)"), for the host
// and the organiser, who run the day by docs/rules.md. The players' and
// the volunteers' pages (the board, /joueur, the desk, the door, the
// controllers') say the rule in words only: their answers, pages and
// errors go through plainWriter, one place for every message the domain
// words.

// citesRules says whether an actor's answers keep the rule ids: the
// host's and the organiser's do. The rules page keeps them for everyone:
// its ids are published with each paragraph (R34), as is the guide.
func citesRules(a loto.Actor, pattern string) bool {
	switch pattern {
	case "GET /reglement", "GET /guide":
		return true
	}
	return a.Role == loto.RoleHost || a.Role == loto.RoleOrganiser || a.Role == loto.RoleSystem
}

// plainWriter takes the rule ids out of the JSON and HTML it writes
// (loto.WithoutRuleIDs). Both are written whole by one Write (writeJSON,
// render); any other body (a PDF, the stream, a static file) passes as it
// is.
type plainWriter struct{ http.ResponseWriter }

func (p plainWriter) Write(b []byte) (int, error) {
	ct := p.Header().Get("Content-Type")
	if !strings.HasPrefix(ct, "application/json") && !strings.HasPrefix(ct, "text/html") {
		return p.ResponseWriter.Write(b)
	}
	if _, err := p.ResponseWriter.Write(loto.WithoutRuleIDs(b)); err != nil {
		return 0, err
	}
	return len(b), nil
}

// Unwrap lets http.ResponseController reach the connection (the streams).
func (p plainWriter) Unwrap() http.ResponseWriter { return p.ResponseWriter }
