package web

import (
	"net/http"
	"strconv"

	"loto/internal/loto"
	"loto/internal/report"
)

// dashboardView is what the dashboard's template shows: the figures and
// its two charts, drawn by the server as SVG.
type dashboardView struct {
	D       report.Dashboard
	Sales   chart
	Entries chart
	Net     loto.Cents // takings less refunds
	// NoEvent: the day's event is not created yet, so there is nothing
	// to count; the page says where to create it.
	NoEvent bool
}

// dashboardView reads the figures and draws the charts.
func (s *Server) dashboardView(r *http.Request) (dashboardView, error) {
	if s.day.Event() == nil {
		return dashboardView{NoEvent: true, D: report.Dashboard{Anchor: s.day.HeadAnchor()}}, nil
	}
	d, err := report.DashboardOf(r.Context(), s.day)
	if err != nil {
		return dashboardView{}, err
	}
	sales := make([]chartPoint, len(d.Quarters))
	entries := make([]chartPoint, len(d.Quarters))
	for i, q := range d.Quarters {
		at := q.Start.Format("15:04")
		sales[i] = chartPoint{At: at, Hour: q.Start.Minute() == 0, Value: q.Cards,
			Text: plural(q.Cards, "carte", "cartes") + ", " + plural(q.Sales, "vente", "ventes") + ", " + q.Cents.String()}
		entries[i] = chartPoint{At: at, Hour: q.Start.Minute() == 0, Value: q.Crossed, Text: plural(q.Crossed, "billet barré", "billets barrés")}
	}
	return dashboardView{D: d, Net: d.Totals.NetCents,
		Sales:   drawChart("ventes", "Cartes vendues par quart d'heure", "carte", "cartes", sales),
		Entries: drawChart("entrees", "Entrées par quart d'heure (billets barrés)", "billet", "billets", entries)}, nil
}

// plural writes a count with its noun, singular for 0 and 1 as French does.
func plural(n int, one, many string) string {
	if n >= 2 {
		return strconv.Itoa(n) + " " + many
	}
	return strconv.Itoa(n) + " " + one
}
