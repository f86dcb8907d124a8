package web

import (
	"net/http"

	"loto/internal/card"
	"loto/internal/loto"
)

// The host's commands on the game in play: start, draw, control, award.
// Each takes an empty body (or {}), except a typed draw.

// emptyBody is the JSON of a command that takes no field.
type emptyBody struct{}

func apiGameStart(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	if err := decodeJSON(r, &emptyBody{}); err != nil {
		return err
	}
	ctx, err := keyed(r)
	if err != nil {
		return err
	}
	res, err := s.day.StartGame(ctx, a)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
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
	var body drawBody
	if err := decodeJSON(r, &body); err != nil {
		return err
	}
	n, err := body.number()
	if err != nil {
		return err
	}
	ctx, err := keyed(r)
	if err != nil {
		return err
	}
	res, err := s.day.Draw(ctx, a, n)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

func apiControl(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	if err := decodeJSON(r, &emptyBody{}); err != nil {
		return err
	}
	ctx, err := keyed(r)
	if err != nil {
		return err
	}
	res, err := s.day.StartControl(ctx, a)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

func apiAward(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	if err := decodeJSON(r, &emptyBody{}); err != nil {
		return err
	}
	ctx, err := keyed(r)
	if err != nil {
		return err
	}
	res, err := s.day.Award(ctx, a)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}
