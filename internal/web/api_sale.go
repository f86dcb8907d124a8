package web

import (
	"context"
	"net/http"

	"loto/internal/loto"
)

// saleBody is the JSON of POST /api/v1/sales.
type saleBody struct {
	Desk     string        `json:"desk"`  // a cashier's own desk when empty
	Cards    []string      `json:"cards"` // serials or plate codes, as scanned
	Payments []paymentBody `json:"payments"`
	Identity string        `json:"identity"` // with a cheque: "CNI 123456" (R8)
	Cheque   string        `json:"cheque"`   // the cheque's number
	Ticket   string        `json:"ticket"`   // the buyer's reservation ticket, if any (R3)
	// TakenAt is when the desk took the sale by its clock (RFC 3339), for
	// a sale it held while cut off; recorded beside the server's time.
	TakenAt string `json:"taken_at"`
}

// paymentBody is one payment of a sale.
type paymentBody struct {
	Method string     `json:"method"` // cash, card or cheque
	Cents  loto.Cents `json:"cents"`  // for cash, the amount tendered
}

// request reads the body into the domain's typed request.
func (b saleBody) request() (loto.SaleRequest, error) {
	req := loto.SaleRequest{Desk: b.Desk, Cheque: b.Cheque}
	var err error
	if req.Cards, err = loto.ParseCardCodes(b.Cards); err != nil {
		return req, err
	}
	for _, p := range b.Payments {
		m, err := loto.ParseMethod(p.Method)
		if err != nil {
			return req, err
		}
		req.Payments = append(req.Payments, loto.Payment{Method: m, Cents: p.Cents})
	}
	if b.Identity != "" {
		if req.Identity, err = loto.ParseIdentity(b.Identity); err != nil {
			return req, err
		}
	}
	if b.Ticket != "" {
		t, err := loto.ParseTicketCode(b.Ticket)
		if err != nil {
			return req, err
		}
		req.Ticket = &t
	}
	if b.TakenAt != "" {
		if req.TakenAt, err = loto.ParseTakenAt(b.TakenAt); err != nil {
			return req, &detailed{err, []string{"taken_at"}}
		}
	}
	return req, nil
}

func apiSale(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	return act(w, r, func(ctx context.Context, body saleBody) (any, error) {
		req, err := body.request()
		if err != nil {
			return nil, err
		}
		sale, err := s.day.Sell(ctx, a, req)
		if err != nil {
			return nil, err
		}
		return sale.Receipt(), nil
	})
}

// apiQuote prices a basket as the sale would, recording nothing, so the
// desk's page never computes a price itself (R7, R30). A read, hence a
// GET: the cards scanned so far are its card parameters, in order.
func apiQuote(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	q := r.URL.Query()
	cards, err := loto.ParseCardCodes(q["card"])
	if err != nil {
		return err
	}
	quote, err := s.day.Quote(r.Context(), a, q.Get("desk"), cards)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, quote)
	return nil
}
