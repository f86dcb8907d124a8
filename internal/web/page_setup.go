package web

import (
	"net/http"

	"loto/examples"
	"loto/internal/loto"
)

// The organiser's set-up pages (/organisateur/...), in the organiser's
// layout: the event file, the series and their printing, the
// reservations. Each writes through the
// API with the session's cookie; the event, once recorded, is shown
// read-only: the domain records one event a day and amends none.

// setupPage is what a set-up page is rendered from.
type setupPage struct {
	orgLayout
	Event  *loto.EventSpec // nil before it is recorded
	Series []seriesView
	// Example is the rulebook's example event file, offered as a start
	// while no event is recorded.
	Example string
}

func (s *Server) setupPage(title, path string) setupPage {
	p := setupPage{orgLayout: s.layout(title, path), Event: s.day.Event()}
	for _, sr := range s.day.Series() {
		p.Series = append(p.Series, viewOf(sr))
	}
	return p
}

func pageOrgEvent(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	p := s.setupPage("Événement", "/organisateur/evenement")
	if p.Event == nil {
		p.Example = string(examples.MegaLoto)
	}
	return s.render(w, http.StatusOK, "org_event.html", p)
}

func pageOrgSeries(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	return s.render(w, http.StatusOK, "org_series.html", s.setupPage("Séries et impression", "/organisateur/series"))
}

func pageOrgReservations(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	return s.render(w, http.StatusOK, "org_reservations.html", s.setupPage("Réservations", "/organisateur/reservations"))
}
