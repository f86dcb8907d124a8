package web

import (
	"context"
	"net/http"

	"loto/internal/card"
	"loto/internal/loto"
)

// The host's commands on the game in play: start, draw, control, award.
// Each takes an empty body (or {}), except a typed draw.

// emptyBody is the JSON of a command that takes no field.
type emptyBody struct{}

func apiGameStart(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, _ emptyBody) (any, error) {
		return s.day.StartGame(ctx, a)
	})
}

// drawBody is the JSON of POST /api/v1/game/draws: {} when the software
// draws (rng), {"number": N} for the ball the machine gave (manual).
type drawBody struct {
	Number *int `json:"number"`
}

// number reads the typed ball, 0 for none; out of 1..90 is refused before
// any conversion (NumberOf), so 256 never becomes "no number".
func (b drawBody) number() (card.Number, error) {
	if b.Number == nil {
		return 0, nil
	}
	return loto.NumberOf(*b.Number)
}

func apiDraw(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body drawBody) (any, error) {
		n, err := body.number()
		if err != nil {
			return nil, err
		}
		return s.day.Draw(ctx, a, n)
	})
}

func apiControl(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, _ emptyBody) (any, error) {
		return s.day.StartControl(ctx, a)
	})
}

func apiAward(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, _ emptyBody) (any, error) {
		return s.day.Award(ctx, a)
	})
}
