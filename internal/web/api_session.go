package web

import (
	"net/http"

	"loto/internal/loto"
)

// whoAnswer says who the caller is, for the pages: the organiser's
// session, a paired device, or nobody.
type whoAnswer struct {
	Known bool      `json:"known"`
	Name  string    `json:"name,omitempty"`
	Role  loto.Role `json:"role,omitempty"`
	Desk  string    `json:"desk,omitempty"`
}

func apiWho(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	writeJSON(w, http.StatusOK, whoAnswer{Known: a.Role != "", Name: a.Name, Role: a.Role, Desk: a.Desk})
	return nil
}
