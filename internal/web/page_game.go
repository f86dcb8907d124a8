package web

import (
	"net/http"

	"loto/internal/loto"
)

// The game's pages for the people who run it: the host's (/meneur), on the
// laptop beside the ball machine, and the controllers' (/controle), on
// their phones. Both are live from the stream and write through the API
// with the session's cookie (same origin, so the CSRF check passes).

// gamePage is what the host's and the controllers' pages are rendered from.
type gamePage struct {
	Actor    loto.Actor
	ReadOnly string
	Event    string
	Mode     loto.DrawMode // rng or manual: draws and tokens typed or not
	Zone     string        // the event's time zone, in which the page writes times (R1)
	Labels   labels
	// Now is the server's clock in milliseconds since the epoch: the host's
	// page tells a break overdue by it, as the board does.
	Now int64
}

// zone is the event's time zone by its name, "" before the event.
func (s *Server) zone() string {
	if ev := s.day.Event(); ev != nil {
		return ev.Location().String()
	}
	return ""
}

// game is the data of a game page: the day's name and draw mode.
func (s *Server) game(a loto.Actor) gamePage {
	p := gamePage{Actor: a, ReadOnly: s.readOnly, Labels: pageLabels, Now: s.now().UnixMilli()}
	if ev := s.day.Event(); ev != nil {
		p.Event, p.Mode, p.Zone = ev.Name, ev.Draw, ev.Location().String()
	}
	return p
}

func pageHost(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return s.render(w, http.StatusOK, "host.html", s.game(a))
}

func pageController(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return s.render(w, http.StatusOK, "controller.html", s.game(a))
}

// labels are the domain's French words the game pages show, keyed by the
// codes the API and the stream carry, so the pages never word a verdict
// or a phase themselves.
type labels struct {
	Verdicts map[loto.Verdict]string   `json:"verdicts"`
	Phases   map[loto.Phase]string     `json:"phases"`
	Ties     map[loto.TieAdvice]string `json:"ties"`
	Stages   map[loto.StageName]string `json:"stages"`
	Roles    map[loto.Role]string      `json:"roles"` // who rules a dispute (R27)
}

// pageLabels is labels with every code the pages may meet.
var pageLabels = func() labels {
	l := labels{Verdicts: map[loto.Verdict]string{}, Phases: map[loto.Phase]string{}, Ties: map[loto.TieAdvice]string{}, Stages: map[loto.StageName]string{},
		Roles: map[loto.Role]string{loto.RoleOrganiser: loto.RoleOrganiser.Label(), loto.RoleHost: loto.RoleHost.Label()}}
	for _, v := range []loto.Verdict{loto.VerdictWin, loto.VerdictNotWinner, loto.VerdictMissedTurn, loto.VerdictLate,
		loto.VerdictNotStamped, loto.VerdictNextGame, loto.VerdictUnknownSeries, loto.VerdictBadCheck, loto.VerdictNotEligible,
		loto.VerdictVoided, loto.VerdictDuplicate} {
		l.Verdicts[v] = v.French()
	}
	for _, p := range []loto.Phase{loto.PhaseDrawing, loto.PhaseCalled, loto.PhaseControl, loto.PhaseOver} {
		l.Phases[p] = p.French()
	}
	for _, s := range []loto.StageName{loto.Quine, loto.DoubleQuine, loto.FullCard} {
		l.Stages[s] = s.French()
	}
	for _, a := range []loto.TieAdvice{loto.TieTokens, loto.TieShare, loto.TieTokensShare, loto.TieDeclined} {
		l.Ties[a] = a.French()
	}
	return l
}()
