package web

import (
	"net/http"

	"loto/internal/loto"
)

// doorPage is what the door's page (/entree) is rendered from: the day,
// and the entrance's name, the device's, which the admissions record.
type doorPage struct {
	Actor    loto.Actor
	ReadOnly string
	Event    string
	Zone     string // the event's time zone, in which the page writes times
}

// pageDoor serves the door's page, on the phone or tablet at the
// entrance: a ticket scanned or a holder found by name, then the free
// card, and the answer full screen (R4, R5).
func pageDoor(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	p := doorPage{Actor: a, ReadOnly: s.readOnly}
	if ev := s.day.Event(); ev != nil {
		p.Event, p.Zone = ev.Name, ev.Location().String()
	}
	return s.render(w, http.StatusOK, "door.html", p)
}
