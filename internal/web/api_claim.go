package web

import (
	"net/http"

	"loto/internal/loto"
)

// claimBody is the JSON of POST /api/v1/claims: the serial of the card a
// player called out with (R15).
type claimBody struct {
	Serial string `json:"serial"`
}

func apiClaim(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	var body claimBody
	if err := decodeJSON(r, &body); err != nil {
		return err
	}
	serial, err := loto.ParseSerial(body.Serial)
	if err != nil {
		return err
	}
	ctx, err := keyed(r)
	if err != nil {
		return err
	}
	res, err := s.day.Claim(ctx, a, serial)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}
