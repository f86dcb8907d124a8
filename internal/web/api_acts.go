package web

import (
	"context"
	"net/http"
	"time"

	"loto/internal/loto"
)

// The acts only the organiser may do, each with its reason recorded in the
// journal: an exclusion (R28), a postponement (R29), a refund of a
// postponed loto's sale, the stamp of cards, the end of the day, the
// erasure of one person's data or the purge of the day's (P1). The domain
// refuses a missing reason, in French, recording nothing.

// exclusionBody is the JSON of POST /api/v1/exclusions.
type exclusionBody struct {
	Why     string   `json:"why"`
	Tickets []string `json:"tickets"`
	Sales   []int    `json:"sales"`
	Cards   []string `json:"cards"`
	Desk    string   `json:"desk"`
}

func apiExclude(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body exclusionBody) (any, error) {
		req := loto.ExclusionRequest{Why: body.Why, Sales: body.Sales, Desk: body.Desk}
		var err error
		if req.Tickets, err = loto.ParseTickets(body.Tickets); err != nil {
			return nil, err
		}
		if req.Cards, err = loto.ParseSerials(body.Cards); err != nil {
			return nil, err
		}
		return s.day.Exclude(ctx, a, req)
	})
}

// reasonBody is the JSON of an act that takes only its reason.
type reasonBody struct {
	Reason string `json:"reason"`
}

// postponeAnswer is a postponement as the organiser is told it: the sales
// left to refund, counted; the list itself is the refund list's report.
type postponeAnswer struct {
	Time          time.Time  `json:"time"`
	By            string     `json:"by"`
	Reason        string     `json:"reason"`
	ToRefund      int        `json:"to_refund"`
	ToRefundCents loto.Cents `json:"to_refund_cents"`
}

func apiPostpone(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body reasonBody) (any, error) {
		pp, err := s.day.Postpone(ctx, a, body.Reason)
		if err != nil {
			return nil, err
		}
		ans := postponeAnswer{Time: pp.Time, By: pp.By, Reason: pp.Reason, ToRefund: len(pp.ToRefund)}
		for _, sale := range pp.ToRefund {
			ans.ToRefundCents += sale.Total
		}
		return ans, nil
	})
}

func apiEndDay(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body reasonBody) (any, error) {
		return s.day.EndDay(ctx, a, body.Reason)
	})
}

// refundBody is the JSON of POST /api/v1/refunds.
type refundBody struct {
	Sale   int    `json:"sale"`
	Reason string `json:"reason"`
	Desk   string `json:"desk"`
	Note   string `json:"note"`
}

func apiRefund(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body refundBody) (any, error) {
		reason, err := loto.ParseRefundReason(body.Reason)
		if err != nil {
			return nil, err
		}
		return s.day.RefundSale(ctx, a, loto.RefundRequest{Sale: body.Sale, Reason: reason, Desk: body.Desk, Note: body.Note})
	})
}

// stampBody is the JSON of POST /api/v1/stamps.
type stampBody struct {
	Cards []string `json:"cards"`
}

func apiStamp(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body stampBody) (any, error) {
		cards, err := loto.ParseSerials(body.Cards)
		if err != nil {
			return nil, err
		}
		return s.day.Stamp(ctx, a, cards)
	})
}

// eraseBody is the JSON of POST /api/v1/privacy/erase: one reservation or
// one cheque sale, and why (a request described without its data).
type eraseBody struct {
	Reservation int    `json:"reservation"`
	Sale        int    `json:"sale"`
	Why         string `json:"why"`
}

func apiErase(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body eraseBody) (any, error) {
		return s.day.Erase(ctx, a, loto.EraseRequest{Reservation: body.Reservation, Sale: body.Sale, Why: body.Why})
	})
}

// purgeBody is the JSON of POST /api/v1/privacy/purge.
type purgeBody struct {
	Why string `json:"why"`
}

func apiPurge(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body purgeBody) (any, error) {
		return s.day.Purge(ctx, a, body.Why)
	})
}
