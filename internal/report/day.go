// Package report lays the day out as read models over the State's API:
// the day's report (per desk, session, method and series, with the
// journal's head) and the organiser's dashboard. Rendering them as CSV or
// PDF is the caller's business (internal/print).
package report

import (
	"context"
	"time"

	"loto/internal/card"
	"loto/internal/journal"
	"loto/internal/loto"
)

// DayReport is the day's report as data: per desk, session,
// payment method and series; free cards; attendance; prizes; refunds; and
// the journal's head, whose hash the final report prints. Rendering it as
// CSV or PDF is the caller's business.
type DayReport struct {
	Event      string               `json:"event"`
	Date       string               `json:"date"`
	Venue      string               `json:"venue"`
	Final      bool                 `json:"final"` // the day is over: its last game awarded, or ended early
	HeadSeq    int64                `json:"head_seq"`
	HeadHash   string               `json:"head_hash"`
	Anchor     journal.Anchor       `json:"anchor"` // the head's, printed on the report (R27)
	Totals     Totals               `json:"totals"`
	Desks      []DeskTotal          `json:"desks"`
	Sessions   []loto.SessionReport `json:"sessions"`
	Methods    []MethodTotal        `json:"methods"`
	Series     []SeriesTotal        `json:"series"`
	Free       []FreeCard           `json:"free_cards"`
	Attendance Attendance           `json:"attendance"`
	Prizes     []PrizeLine          `json:"prizes"`
	Refunds    []loto.Refund        `json:"refunds"`
	Exclusions []loto.Exclusion     `json:"exclusions"`          // with every card each voided (R28)
	Postponed  *loto.Postponement   `json:"postponed,omitempty"` // with the sales still to refund (R29)
	Breaks     []loto.BreakState    `json:"breaks"`
}

// Totals are the day's sums.
type Totals struct {
	Sales         int        `json:"sales"`
	Cards         int        `json:"cards"` // sold
	FreeCards     int        `json:"free_cards"`
	SalesCents    loto.Cents `json:"sales_cents"`
	RefundedCents loto.Cents `json:"refunded_cents"`
	NetCents      loto.Cents `json:"net_cents"`
}

// DeskTotal sums one desk over its sessions.
type DeskTotal struct {
	Desk          string     `json:"desk"`
	PMR           bool       `json:"pmr"`
	Special       bool       `json:"special"`
	Sessions      int        `json:"sessions"`
	Open          bool       `json:"open"`
	Sales         int        `json:"sales"`
	Cards         int        `json:"cards"`
	SalesCents    loto.Cents `json:"sales_cents"`
	RefundedCents loto.Cents `json:"refunded_cents"`
}

// MethodTotal sums one payment method over the day; for cash, Net is what
// was tendered less the change.
type MethodTotal struct {
	Method   loto.Method `json:"method"`
	Payments int         `json:"payments"`
	Received loto.Cents  `json:"received_cents"`
	Change   loto.Cents  `json:"change_cents"`
	Net      loto.Cents  `json:"net_cents"`
}

// SeriesTotal is one series of the day: cards sold, issued free and voided,
// and its share of the sales (a sale of two series splits by card count).
type SeriesTotal struct {
	Series     string     `json:"series"`
	Kind       loto.Kind  `json:"kind"`
	Cards      int        `json:"cards"` // in the series
	Sold       int        `json:"sold"`
	Free       int        `json:"free"`
	Voided     int        `json:"voided"`
	SalesCents loto.Cents `json:"sales_cents"`
}

// FreeCard is a free card issued at the door with a crossed-out ticket (R4).
// It names no person (P1): the report is an export, and the reservation's
// number finds its holder on the organiser's list while the data is kept.
type FreeCard struct {
	Ticket      int       `json:"ticket"` // its number, never its code
	Card        string    `json:"card"`
	Reservation int       `json:"reservation"`
	Door        string    `json:"door"`
	By          string    `json:"by"`
	Time        time.Time `json:"time"`
}

// Attendance counts who came in: tickets crossed out at the door, and the
// buyers who came without a ticket (R3): sales that named no ticket.
type Attendance struct {
	Reservations int `json:"reservations"`
	Tickets      int `json:"tickets"`
	Crossed      int `json:"crossed"`
	NotCrossed   int `json:"not_crossed"`
	WalkInSales  int `json:"walk_in_sales"`
	Sales        int `json:"sales"`
}

// PrizeLine is one winning card of an awarded stage, with its tie token and share (R17-R19, R25).
type PrizeLine struct {
	Game        int            `json:"game"`
	Title       string         `json:"title"`
	Stage       loto.StageName `json:"stage"`
	Prize       string         `json:"prize"`
	Serial      string         `json:"serial"`
	Token       *int           `json:"token"`
	ShareCents  *loto.Cents    `json:"share_cents"`
	Share       string         `json:"share,omitempty"` // the share said in French: "15,00 € (part de 2 sur le bon de 30 €)" (R18, R19)
	Consolation bool           `json:"consolation"`
	Declined    bool           `json:"declined,omitempty"` // the tied winners declined to share the voucher (R18)
}

// OfDay catches up with the journal and returns the day's report.
func OfDay(ctx context.Context, d *loto.Day) (DayReport, error) {
	var r DayReport
	var missing bool
	err := d.Read(ctx, func(st *loto.State) {
		if st.Event() == nil {
			missing = true
			return
		}
		r = build(st)
	})
	if err != nil {
		return DayReport{}, err
	}
	if missing {
		return DayReport{}, loto.Errorf(loto.ENotFound, "l'événement du jour n'est pas créé : pas de rapport")
	}
	return r, nil
}

// build computes the report of a state whose event is created.
func build(st *loto.State) DayReport {
	ev, head := st.Event(), st.Anchor()
	r := DayReport{Event: ev.Name, Date: ev.Date, Venue: ev.Venue, Final: st.DayOver(),
		HeadSeq: head.Seq, HeadHash: head.Hash, Anchor: head, Free: []FreeCard{}, Prizes: []PrizeLine{}, Refunds: []loto.Refund{}, Exclusions: []loto.Exclusion{},
		Breaks: append([]loto.BreakState{}, st.Breaks()...)}
	reportMoney(st, &r)
	reportCards(st, &r)
	for _, g := range st.Results() {
		for _, s := range g.Stages {
			for _, w := range s.Winners {
				r.Prizes = append(r.Prizes, PrizeLine{Game: g.Number, Title: g.Title, Stage: s.Stage, Prize: w.Prize,
					Serial: w.Serial, Token: w.Token, ShareCents: w.ShareCents, Share: loto.ShareFrench(w, s.Winners, s.Declined),
					Consolation: w.Consolation, Declined: s.Declined})
			}
		}
	}
	if pp := st.Postponement(); pp != nil {
		for i := range pp.ToRefund {
			// A sale is refunded on its number and its cards: the cheque
			// payer's identity stays on the organiser's pages (P1).
			s := &pp.ToRefund[i]
			s.Identity, s.Cheque, s.Personal = nil, "", ""
		}
		r.Postponed = pp
	}
	return r
}

// indexBy maps each line of a report's list by its key to the line itself, to sum into it.
func indexBy[T any, K comparable](list []T, key func(T) K) map[K]*T {
	m := make(map[K]*T, len(list))
	for i := range list {
		m[key(list[i])] = &list[i]
	}
	return m
}

// reportMoney fills the sessions, desks, methods, refunds and totals.
func reportMoney(st *loto.State, r *DayReport) {
	for _, dk := range st.Event().Desks {
		r.Desks = append(r.Desks, DeskTotal{Desk: dk.Name, PMR: dk.PMR, Special: dk.Special})
	}
	desks := indexBy(r.Desks, func(t DeskTotal) string { return t.Desk })
	for _, m := range loto.Methods {
		r.Methods = append(r.Methods, MethodTotal{Method: m})
	}
	methods := indexBy(r.Methods, func(t MethodTotal) loto.Method { return t.Method })
	r.Sessions = st.SessionReports()
	for _, z := range r.Sessions {
		if dt := desks[z.Desk]; dt != nil {
			dt.Sessions++
			dt.Open = dt.Open || !z.Closed()
			dt.Sales += z.Sales
			dt.Cards += z.Cards
			dt.SalesCents += z.SalesCents
			dt.RefundedCents += z.RefundedCents
		}
		received := loto.Cents(0)
		for _, m := range z.Methods {
			mt := methods[m.Method]
			mt.Payments += m.Payments
			mt.Received += m.Received
			received += m.Received
		}
		// The change given: what the session's sales cost is what was
		// handed over, less it.
		methods[loto.Cash].Change += received - z.SalesCents
	}
	for _, mt := range r.Methods {
		methods[mt.Method].Net = mt.Received - mt.Change
	}
	for _, s := range st.Sales() {
		r.Totals.Sales++
		r.Totals.Cards += len(s.Cards)
		r.Totals.SalesCents += s.Total
	}
	for _, f := range st.Refunds() {
		r.Refunds = append(r.Refunds, *f)
		r.Totals.RefundedCents += f.Cents
	}
	for _, x := range st.Exclusions() {
		r.Exclusions = append(r.Exclusions, *x)
	}
	r.Totals.NetCents = r.Totals.SalesCents - r.Totals.RefundedCents
}

// reportCards fills the series, the free cards and the attendance.
func reportCards(st *loto.State, r *DayReport) {
	for _, s := range st.Event().Series {
		r.Series = append(r.Series, SeriesTotal{Series: s.Code, Kind: s.Kind, Cards: s.Cards})
	}
	series := indexBy(r.Series, func(t SeriesTotal) string { return t.Series })
	for _, s := range st.Sales() {
		splitSale(s, series)
	}
	for _, ref := range st.VoidedCards() {
		if t := series[ref.Series]; t != nil {
			t.Voided++
		}
	}
	a := &r.Attendance
	a.Reservations, a.Tickets = st.ReservationCount(), len(st.Tickets())
	for _, t := range st.Tickets() {
		c := t.Crossed
		if c == nil {
			continue
		}
		a.Crossed++
		r.Free = append(r.Free, FreeCard{Ticket: t.Number, Card: c.Card, Reservation: t.Reservation, Door: c.Door, By: c.By, Time: c.Time})
		if ref, err := refOf(c.Card); err == nil && series[ref.Series] != nil {
			series[ref.Series].Free++
		}
	}
	a.NotCrossed = a.Tickets - a.Crossed
	r.Totals.FreeCards = a.Crossed
	for _, s := range st.Sales() {
		a.Sales++
		if s.Ticket == 0 {
			a.WalkInSales++
		}
	}
}

// splitSale counts a sale's cards per series and shares its price among
// them: each kind's price by card count, the remainder cents to the first.
func splitSale(s *loto.Sale, series map[string]*SeriesTotal) {
	byKind := map[loto.Kind]loto.Cents{}
	for _, b := range s.Bundles {
		byKind[b.Kind] += b.Cents * loto.Cents(b.Times)
	}
	count := map[loto.Kind]map[string]int{}
	var order []string
	for _, serial := range s.Cards {
		ref, err := refOf(serial)
		t := series[ref.Series]
		if err != nil || t == nil {
			continue
		}
		t.Sold++
		if count[t.Kind] == nil {
			count[t.Kind] = map[string]int{}
		}
		if count[t.Kind][t.Series] == 0 {
			order = append(order, t.Series)
		}
		count[t.Kind][t.Series]++
	}
	for kind, per := range count {
		n := 0
		for _, c := range per {
			n += c
		}
		left := byKind[kind]
		var first *SeriesTotal
		for _, code := range order {
			c, ok := per[code]
			if !ok {
				continue
			}
			share := byKind[kind] * loto.Cents(c) / loto.Cents(n)
			series[code].SalesCents += share
			left -= share
			if first == nil {
				first = series[code]
			}
		}
		first.SalesCents += left
	}
}

// refOf reads a canonical serial of the journal into a card reference.
func refOf(serial string) (loto.CardRef, error) {
	s, err := card.ParseSerial(serial)
	if err != nil {
		return loto.CardRef{}, err
	}
	return loto.CardRef{Series: s.Series, Number: s.Number}, nil
}
