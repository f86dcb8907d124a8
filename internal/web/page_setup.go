package web

import (
	"net/http"

	"loto/internal/loto"
)

// The organiser's set-up pages (/organisateur/...): the event file, the
// series and their printing, the reservations. Each writes through the
// API with the session's cookie; the event, once recorded, is shown
// read-only: the domain records one event a day and amends none.

// setupLink is a link of the set-up pages' navigation.
type setupLink struct {
	Path, Title string
	Current     bool
}

// setupLinks are the set-up pages, the current one marked.
func setupLinks(current string) []setupLink {
	links := []setupLink{
		{Path: "/organisateur/evenement", Title: "Événement"},
		{Path: "/organisateur/series", Title: "Séries et impression"},
		{Path: "/organisateur/reservations", Title: "Réservations"},
	}
	for i := range links {
		links[i].Current = links[i].Path == current
	}
	return links
}

// setupPage is what a set-up page is rendered from.
type setupPage struct {
	ReadOnly string
	Nav      []setupLink
	Event    *loto.EventSpec // nil before it is recorded
	Series   []seriesView
}

func (s *Server) setupPage(current string) setupPage {
	p := setupPage{ReadOnly: s.readOnly, Nav: setupLinks(current), Event: s.day.Event()}
	for _, sr := range s.day.Series() {
		p.Series = append(p.Series, viewOf(sr))
	}
	return p
}

func pageOrgEvent(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	return s.render(w, http.StatusOK, "org_event.html", s.setupPage("/organisateur/evenement"))
}

func pageOrgSeries(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	return s.render(w, http.StatusOK, "org_series.html", s.setupPage("/organisateur/series"))
}

func pageOrgReservations(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	return s.render(w, http.StatusOK, "org_reservations.html", s.setupPage("/organisateur/reservations"))
}
