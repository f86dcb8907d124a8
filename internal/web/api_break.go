package web

import (
	"context"
	"net/http"

	"loto/internal/loto"
)

// breakBody is the JSON of POST /api/v1/breaks: {} for the next break of
// the schedule, a label of the schedule, or an unplanned break with its
// minutes (R12).
type breakBody struct {
	Label   string `json:"label"`
	Minutes int    `json:"minutes"`
}

func apiBreakStart(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body breakBody) (any, error) {
		return s.day.StartBreak(ctx, a, body.Label, body.Minutes)
	})
}

func apiBreakEnd(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, _ emptyBody) (any, error) {
		return s.day.EndBreak(ctx, a)
	})
}
