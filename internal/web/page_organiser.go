package web

import (
	"net"
	"net/http"
	"strings"

	"loto/internal/loto"
	"loto/internal/report"
)

// The organiser's desk: pages under /organisateur for the organiser's
// session only, sharing one layout and navigation
// (templates/organiser_layout.html). The dashboard shows the day's figures
// live; the other pages pair and revoke devices, download the reports and
// verify the journal, and record the organiser's decisions.

// orgRead is the command whose roles may read the organiser's pages and
// figures: who may close the day may see its takings, the organiser alone.
const orgRead = loto.CmdEndDay

// orgLayout is what the organiser's layout needs of every page: its title,
// its path (the navigation marks it current) and the read-only reason.
type orgLayout struct {
	Title    string
	Path     string
	ReadOnly string
	Zone     string // the event's time zone, in which the pages write times (R1)
}

// layout is the layout of the organiser's page at path.
func (s *Server) layout(title, path string) orgLayout {
	return orgLayout{Title: title, Path: path, ReadOnly: s.readOnly, Zone: s.zone()}
}

// dashboardPage is the dashboard as first rendered; the page then follows
// the dashboard's stream and swaps in /organisateur/direct.
type dashboardPage struct {
	orgLayout
	View dashboardView
}

func pageOrganiser(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	v, err := s.dashboardView(r)
	if err != nil {
		return err
	}
	return s.render(w, http.StatusOK, "organiser.html", dashboardPage{s.layout("Organisateur", "/organisateur"), v})
}

// pageDashboardFragment is the dashboard's figures alone, the HTML the
// page swaps in at each change of the journal.
func pageDashboardFragment(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	v, err := s.dashboardView(r)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return s.render(w, http.StatusOK, "dashboard", v)
}

// devicesPage is the devices' page: the form to pair one; the list is
// the page's script's, from GET /api/v1/devices.
type devicesPage struct {
	orgLayout
	Roles []loto.Role
	Desks []string
	// Loopback: the page was opened by this machine's own address, which
	// a pairing link given to another device cannot reach.
	Loopback bool
	Host     string
	Cert     *certView // nil unless served over TLS
}

func pageDevices(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	p := devicesPage{orgLayout: s.layout("Appareils", "/organisateur/appareils"),
		Roles: []loto.Role{loto.RoleCashier, loto.RoleDoor, loto.RoleHost, loto.RoleController, loto.RoleBoard},
		Host:  r.Host, Loopback: isLoopback(r.Host), Cert: s.certOf()}
	if ev := s.day.Event(); ev != nil {
		for _, d := range ev.Desks {
			p.Desks = append(p.Desks, d.Name)
		}
	}
	return s.render(w, http.StatusOK, "organiser_devices.html", p)
}

// reportsPage is the reports' page: the day's, each desk session's, the
// refund list of a postponement, and the journal's head.
type reportsPage struct {
	orgLayout
	Report report.DayReport
}

func pageReports(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	rep, err := report.OfDay(r.Context(), s.day)
	if err != nil {
		return err
	}
	return s.render(w, http.StatusOK, "organiser_reports.html", reportsPage{orgLayout: s.layout("Rapports et journal", "/organisateur/rapports"), Report: rep})
}

// actsPage is the page of the organiser's decisions, each with its reason.
type actsPage struct {
	orgLayout
	Desks     []string
	Postponed bool
	DayOver   bool
	Decisions []loto.Decision // the journal's, the latest first
}

// shownDecisions bounds the decisions the page lists.
const shownDecisions = 100

func pageActs(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	p := actsPage{orgLayout: s.layout("Décisions", "/organisateur/decisions")}
	if ev := s.day.Event(); ev != nil {
		for _, d := range ev.Desks {
			p.Desks = append(p.Desks, d.Name)
		}
	}
	if pub := s.day.Public(); pub != nil {
		p.Postponed, p.DayOver = pub.Postponed, pub.DayOver
	}
	var err error
	if p.Decisions, err = s.day.Decisions(r.Context(), shownDecisions); err != nil {
		return err
	}
	return s.render(w, http.StatusOK, "organiser_acts.html", p)
}

// isLoopback says whether a Host header names this machine only.
func isLoopback(host string) bool {
	h, _, err := net.SplitHostPort(host)
	if err != nil {
		h = host
	}
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(strings.Trim(h, "[]"))
	return ip != nil && ip.IsLoopback()
}
