package web

import (
	"net/http"
	"strings"

	"loto/internal/loto"
)

// verifierPage is what /verifier shows at its first paint; verifier.js
// then reads the games and checks each one in the phone.
type verifierPage struct {
	Event string
	// Day names the day as witness.js keys what the phone kept: the
	// event's name and date.
	Day      string
	ReadOnly string
	Zone     string // the event's time zone, in which the page writes times (R1)
}

func pageVerifier(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	p := s.day.Public()
	return s.render(w, http.StatusOK, "verifier.html", verifierPage{
		Event: p.Event, Day: strings.TrimSpace(p.Event + " " + p.Date), ReadOnly: s.readOnly, Zone: s.zone(),
	})
}
