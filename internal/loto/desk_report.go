package loto

import (
	"time"

	"loto/internal/journal"
)

// SessionReport is the Z report of a desk session: what the desk sold and,
// for each payment method, what the till should hold against what was
// counted at the closing, with the difference.
type SessionReport struct {
	Session       int            `json:"session"`
	Desk          string         `json:"desk"`
	OpenedAt      time.Time      `json:"opened_at"`
	OpenedBy      string         `json:"opened_by"`
	ClosedAt      *time.Time     `json:"closed_at,omitempty"`
	ClosedBy      string         `json:"closed_by,omitempty"`
	Float         Cents          `json:"float_cents"`
	Sales         int            `json:"sales"`
	Cards         int            `json:"cards"`
	Refunds       int            `json:"refunds"`
	RefundedCents Cents          `json:"refunded_cents"`
	SalesCents    Cents          `json:"sales_cents"` // what the sales cost, change deducted
	Methods       []MethodReport `json:"methods"`
	Count         []Denomination `json:"count,omitempty"` // the cash counted at the closing
	// Anchor is the closing's event, printed on the Z report (R27); nil while open.
	Anchor *journal.Anchor `json:"anchor,omitempty"`
}

// MethodReport is one payment method in a Z report. Counted and Difference
// are nil while the session is open or when that method was not counted.
type MethodReport struct {
	Method     Method `json:"method"`
	Payments   int    `json:"payments"`
	Received   Cents  `json:"received_cents"` // handed over; cash as tendered
	Expected   Cents  `json:"expected_cents"` // what the till should hold
	Counted    *Cents `json:"counted_cents"`
	Difference *Cents `json:"difference_cents"` // counted - expected
}

// Closed reports whether the session is closed.
func (r SessionReport) Closed() bool { return r.ClosedAt != nil }

// report computes the session's Z report. The cash expected is the float,
// plus the cash tendered, minus the change given and the refunds paid out.
func (s *Session) report() SessionReport {
	r := SessionReport{Session: s.ID, Desk: s.Desk, OpenedAt: s.OpenedAt, OpenedBy: s.OpenedBy, ClosedAt: s.ClosedAt,
		ClosedBy: s.ClosedBy, Float: s.Float, Sales: s.Sales, Cards: s.Cards, Refunds: s.Refunds, RefundedCents: s.RefundedCents,
		Anchor: s.closeAnchor}
	for _, m := range Methods {
		mr := MethodReport{Method: m, Payments: s.payments[m], Received: s.received[m], Expected: s.received[m]}
		r.SalesCents += s.received[m]
		var counted *Cents
		if m == Cash {
			mr.Expected += s.Float - s.change - s.RefundedCents
			if s.closed != nil {
				counted = &s.closed.Cash
			}
		} else if s.closed != nil {
			counted = s.closed.Card
			if m == Cheque {
				counted = s.closed.Cheque
			}
		}
		if counted != nil {
			c, diff := *counted, *counted-mr.Expected
			mr.Counted, mr.Difference = &c, &diff
		}
		r.Methods = append(r.Methods, mr)
	}
	r.SalesCents -= s.change
	if s.closed != nil {
		r.Count = s.closed.Count
	}
	return r
}
