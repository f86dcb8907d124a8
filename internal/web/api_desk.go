package web

import (
	"context"
	"net/http"

	"loto/internal/loto"
)

// openBody is the JSON of POST /api/v1/desks/{desk}/open: the till's float.
type openBody struct {
	FloatCents loto.Cents `json:"float_cents"`
}

func apiDeskOpen(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body openBody) (any, error) {
		return s.day.OpenDesk(ctx, a, r.PathValue("desk"), body.FloatCents)
	})
}

// closeBody is the JSON of POST /api/v1/desks/{desk}/close: the till's
// count, note by note and coin by coin, and the totals of the card
// terminal and of the cheques when counted.
type closeBody struct {
	Count       []loto.Denomination `json:"count"`
	CardCents   *loto.Cents         `json:"card_cents"`
	ChequeCents *loto.Cents         `json:"cheque_cents"`
}

func apiDeskClose(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body closeBody) (any, error) {
		return s.day.CloseDesk(ctx, a, loto.CloseRequest{Desk: r.PathValue("desk"), Count: body.Count, Card: body.CardCents, Cheque: body.ChequeCents})
	})
}
