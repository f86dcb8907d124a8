package web

import (
	"net/http"

	"loto/internal/loto"
)

// playerPage is what a player's phone (/joueur) shows at its first paint:
// the game, its prize and the last number, from the day's snapshot.
// player.js then follows the stream, keeps the player's cards in the
// phone's localStorage and looks each one up (GET /api/v1/cards/{serial});
// the server keeps nothing of the player.
type playerPage struct {
	P        *loto.Public
	Running  bool
	Line     string // the game and its prize, or what comes next, as player.js words it
	ReadOnly string
	// Stages names each stage in French, as JSON, for player.js; Calls
	// gives each stage's call out loud (R15, R23): « Double quine ! ».
	Stages, Calls string
	// RestoredAt is "HH:MM" the journal was restored over another, if it was.
	RestoredAt string
	Zone       string // the event's time zone, in which the page writes times (R1)
}

func pagePlayer(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	p := s.day.Public()
	page := playerPage{
		P: p, Running: p.Game > 0 && p.Phase != loto.PhaseOver, Line: gameLine(p), ReadOnly: s.readOnly, Stages: stagesFrench, Calls: stageCalls,
		Zone: s.zone(),
	}
	if p.Restored != nil {
		page.RestoredAt = p.Restored.Time.Format("15:04")
	}
	return s.render(w, http.StatusOK, "player.html", page)
}

// gameLine says the game in play and the prize of its stage (R13), or
// what comes next: the first paint of what player.js keeps up to date.
func gameLine(p *loto.Public) string {
	switch {
	case p.DayOver || p.Postponed:
		return "La journée est terminée. Merci à tous !"
	case p.Game > 0 && p.Phase != loto.PhaseOver:
		return loto.GameName(p.Game, p.Title) + " — " + p.Announce
	case p.Break != nil:
		return p.Break.Label + " : reprise à " + p.Break.Resumes.Format("15:04")
	case p.NextGame > 0 && p.NextGame <= len(p.Programme):
		return "Prochaine partie : " + loto.GameName(p.NextGame, p.Programme[p.NextGame-1].Title)
	}
	return "Aucune partie en cours"
}
