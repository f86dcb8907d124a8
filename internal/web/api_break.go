package web

import (
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
	var body breakBody
	if err := decodeJSON(r, &body); err != nil {
		return err
	}
	ctx, err := keyed(r)
	if err != nil {
		return err
	}
	res, err := s.day.StartBreak(ctx, a, body.Label, body.Minutes)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

func apiBreakEnd(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	if err := decodeJSON(r, &emptyBody{}); err != nil {
		return err
	}
	ctx, err := keyed(r)
	if err != nil {
		return err
	}
	res, err := s.day.EndBreak(ctx, a)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}
