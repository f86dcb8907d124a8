package sim

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"loto/internal/journal"
	"loto/internal/loto"
	"loto/internal/report"
)

// The day report of a simulated day adds up: totals by desk, method and
// series, refunds, attendance and free cards, prizes; the same after replay.
func TestReport_SimulatedDayAddsUp(t *testing.T) {
	store := &holdLastAward{Store: newStore(t)}
	d := openDay(t, store)
	ctx := context.Background()
	_, err := d.CreateEvent(ctx, org("org"), eventSpec(t, megaLoto(t)))
	ok(t, err)
	res, err := d.AddReservation(ctx, org("org"), loto.ReservationSpec{Name: "Marie", Tickets: 2})
	ok(t, err)
	// Marie comes in during the last game, before its award (nothing is
	// sold once the day is over, R9): the journal refuses the simulation's
	// last award, Marie is admitted and cannot buy, then the host awards.
	store.stages = stages(d.Event())
	_, err = Play(ctx, d, Options{Players: 60, Seed: 3})
	if !errors.Is(err, errHeld) {
		t.Fatalf("simulation ended with %v, want the last award held", err)
	}
	// The simulation has its own reservations and door: count Marie's on top.
	before, err := report.OfDay(ctx, d)
	ok(t, err)
	// A reservation holder comes in with a free card and would buy one.
	free, _, err := d.CardAt("A", 6000)
	ok(t, err)
	buy, _, err := d.CardAt("A", 5999)
	ok(t, err)
	ticket, err := loto.ParseTicketCode(res.Tickets[0].Code)
	ok(t, err)
	freeSerial, err := loto.ParseSerial(free)
	ok(t, err)
	_, err = d.Admit(ctx, org("jean"), "porte-1", ticket, freeSerial)
	ok(t, err)
	buyCodes, err := loto.ParseCardCodes([]string{buy})
	ok(t, err)
	// The card she would buy could play no game left: the desk refuses it (R14).
	_, err = d.Sell(loto.WithKey(ctx, "vente-marie"), org("caissier"), loto.SaleRequest{Desk: "caisse-1", Cards: buyCodes,
		Payments: []loto.Payment{{Method: loto.BankCard, Cents: 500}}, Ticket: &ticket})
	if loto.ErrorCode(err) != loto.EConflict {
		t.Fatalf("a sale during the last game: %v, want it refused", err)
	}
	_, err = d.Award(ctx, org("host"))
	ok(t, err)
	rep, err := report.OfDay(ctx, d)
	ok(t, err)

	head, err := store.Head(ctx)
	ok(t, err)
	if !rep.Final || rep.HeadSeq != head.Seq || rep.HeadHash != head.Hash {
		t.Fatalf("report head %d %s final %v; journal head %+v", rep.HeadSeq, rep.HeadHash, rep.Final, head)
	}
	sales := d.Sales()
	var total loto.Cents
	cards := 0
	for _, s := range sales {
		total += s.Total
		cards += len(s.Cards)
	}
	if rep.Totals.Sales != len(sales) || rep.Totals.SalesCents != total || rep.Totals.Cards != cards {
		t.Fatalf("totals %+v; want %d sales, %d cards, %s", rep.Totals, len(sales), cards, total)
	}
	var byDesk, byMethod, bySeries loto.Cents
	for _, dt := range rep.Desks {
		byDesk += dt.SalesCents
	}
	for _, m := range rep.Methods {
		byMethod += m.Net
	}
	sold := 0
	for _, s := range rep.Series {
		bySeries += s.SalesCents
		sold += s.Sold
	}
	if byDesk != total || byMethod != total || bySeries != total || sold != cards {
		t.Fatalf("per desk %s, per method %s, per series %s (%d cards); want %s (%d cards)", byDesk, byMethod, bySeries, sold, total, cards)
	}
	refunds := d.Refunds()
	var refunded loto.Cents
	for _, r := range refunds {
		refunded += r.Cents
		if r.Reason != loto.RefundExclusion {
			t.Fatalf("refund %+v", r)
		}
	}
	if len(rep.Refunds) == 0 || len(rep.Refunds) != len(refunds) || rep.Totals.RefundedCents != refunded || rep.Totals.NetCents != total-refunded {
		t.Fatalf("refunds %d (%s), want the simulated exclusion", len(rep.Refunds), rep.Totals.RefundedCents)
	}
	winners := 0
	for _, g := range d.Results() {
		for _, s := range g.Stages {
			winners += len(s.Winners)
		}
	}
	if len(rep.Prizes) != winners || winners == 0 {
		t.Fatalf("%d prize lines, want %d", len(rep.Prizes), winners)
	}
	a, b := rep.Attendance, before.Attendance
	if a.Reservations != b.Reservations || a.Tickets != b.Tickets || a.Crossed != b.Crossed+1 || a.NotCrossed != b.NotCrossed-1 ||
		a.Sales != len(sales) || a.WalkInSales != b.WalkInSales {
		t.Fatalf("attendance %+v, before Marie %+v", a, b)
	}
	marie := rep.Free[0] // the free cards come in ticket order: Marie's is the day's first
	if len(rep.Free) != len(before.Free)+1 || marie.Card != free || marie.Reservation != res.ID || marie.Ticket != res.Tickets[0].Number || rep.Totals.FreeCards != before.Totals.FreeCards+1 {
		t.Fatalf("free cards %+v", rep.Free)
	}
	for i, s := range rep.Series {
		if s.Series == "A" && s.Free != before.Series[i].Free+1 {
			t.Fatalf("series A: %+v", s)
		}
	}
	again, err := report.OfDay(ctx, reopen(t, store.Store))
	ok(t, err)
	if !reflect.DeepEqual(rep, again) {
		t.Fatalf("the report differs after replay:\n%+v\n%+v", rep, again)
	}
}

// errHeld is the failure of the append that holdLastAward refuses.
var errHeld = errors.New("dernière attribution retenue par le test")

// holdLastAward is a journal that refuses the day's last award once, so
// that a test can act in the last game of a simulated day before the day
// is over. stages is how many stages the programme awards in all.
type holdLastAward struct {
	journal.Store
	stages, awards int
	held           bool
}

func (h *holdLastAward) Append(ctx context.Context, expected int64, drafts ...journal.Draft) ([]journal.Event, error) {
	n := 0
	for _, d := range drafts {
		if d.Type == loto.TypePrizeAwarded {
			n++
		}
	}
	if n > 0 && !h.held && h.awards+n >= h.stages {
		h.held = true
		return nil, errHeld
	}
	evs, err := h.Store.Append(ctx, expected, drafts...)
	if err == nil {
		h.awards += n
	}
	return evs, err
}

// stages counts the stages of a programme.
func stages(ev *loto.EventSpec) int {
	n := 0
	for _, g := range ev.Programme {
		n += len(g.Stages)
	}
	return n
}
