package web

import (
	"context"
	"net/http"

	"loto/internal/loto"
)

// rulingBody is the JSON of POST /api/v1/game/rulings: a decision in a
// dispute (R27), what is decided and why; with claim and verdict it
// changes the verdict of a claim of the last control. game and stage name
// a past game's stage for a note (the game in play when game is absent);
// by lets the organiser record the host's decision.
type rulingBody struct {
	What    string       `json:"what"`
	Why     string       `json:"why"`
	Claim   int          `json:"claim"`
	Verdict loto.Verdict `json:"verdict"`
	Game    int          `json:"game"`
	Stage   int          `json:"stage"`
	By      loto.Role    `json:"by"`
}

func apiRule(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body rulingBody) (any, error) {
		return s.day.Rule(ctx, a, loto.Ruling{Game: body.Game, Stage: body.Stage, By: body.By,
			Claim: body.Claim, Verdict: body.Verdict, What: body.What, Why: body.Why})
	})
}
