package web

import (
	"net/http"

	"loto/internal/loto"
)

// apiGames serves GET /api/v1/games, public: every game started so far
// with its commitment, the anchor of its start, the numbers drawn and,
// once it is over, its seed, for a phone in the hall to recompute the
// draw (/verifier). All of it is shown on the board anyway.
func apiGames(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	writeJSON(w, http.StatusOK, s.day.GameDraws())
	return nil
}
