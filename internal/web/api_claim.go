package web

import (
	"context"
	"net/http"

	"loto/internal/loto"
)

// claimBody is the JSON of POST /api/v1/claims: the serial of the card a
// player called out with (R15).
type claimBody struct {
	Serial string `json:"serial"`
}

func apiClaim(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body claimBody) (any, error) {
		serial, err := loto.ParseSerial(body.Serial)
		if err != nil {
			return nil, err
		}
		return s.day.Claim(ctx, a, serial)
	})
}
