package loto

import (
	"context"
	"reflect"
	"testing"
)

func TestReport_DayAddsUp(t *testing.T) {
	d, store := newDay(t)
	ctx := context.Background()
	_, err := d.CreateEvent(ctx, org("org"), eventSpec(t, megaLoto(t)))
	ok(t, err)
	res, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Tickets: 2})
	ok(t, err)
	sim, err := Simulate(ctx, d, SimOptions{Players: 60, Seed: 3})
	ok(t, err)
	// The simulation has its own reservations and door: count Marie's on top.
	before, err := d.Report(ctx)
	ok(t, err)
	// Marie comes in during the last game, before its award (nothing is
	// sold once the day is over, R9): replay the simulated journal up to
	// that award, admit her, sell to her, then award.
	d, store = beforeLastAward(t, store)
	// A reservation holder comes in with a free card and also buys one.
	free := serialOf(t, d, "A", 6000)
	_, err = d.Admit(ctx, org("jean"), "porte-1", res.Tickets[0].Code, free)
	ok(t, err)
	bought, err := d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: serials(t, d, "A", 5999),
		Payments: []Payment{{BankCard, 500}}, Ticket: res.Tickets[0].Code})
	ok(t, err)
	_, err = d.Award(ctx, org("host"))
	ok(t, err)
	rep, err := d.Report(ctx)
	ok(t, err)

	head, err := store.Head(ctx)
	ok(t, err)
	if !rep.Final || rep.HeadSeq != head.Seq || rep.HeadHash != head.Hash {
		t.Fatalf("report head %d %s final %v; journal head %+v", rep.HeadSeq, rep.HeadHash, rep.Final, head)
	}
	sales := d.Sales()
	var total Cents
	cards := 0
	for _, s := range sales {
		total += s.Total
		cards += len(s.Cards)
	}
	if rep.Totals.Sales != len(sales) || rep.Totals.SalesCents != total || rep.Totals.Cards != cards {
		t.Fatalf("totals %+v; want %d sales, %d cards, %s", rep.Totals, len(sales), cards, total)
	}
	var byDesk, byMethod, bySeries Cents
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
	var refunded Cents
	for _, r := range refunds {
		refunded += r.Cents
		if r.Reason != RefundExclusion {
			t.Fatalf("refund %+v", r)
		}
	}
	if len(rep.Refunds) == 0 || len(rep.Refunds) != len(refunds) || rep.Totals.RefundedCents != refunded || rep.Totals.NetCents != total-refunded {
		t.Fatalf("refunds %d (%s), want the simulated exclusion", len(rep.Refunds), rep.Totals.RefundedCents)
	}
	winners := 0
	for _, g := range sim.Games {
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
		t.Fatalf("attendance %+v, before Marie %+v (sale %d named the ticket)", a, b, bought.ID)
	}
	marie := rep.Free[0] // the free cards come in ticket order: Marie's is the day's first
	if len(rep.Free) != len(before.Free)+1 || marie.Card != free || marie.Name != "Marie" || rep.Totals.FreeCards != before.Totals.FreeCards+1 {
		t.Fatalf("free cards %+v", rep.Free)
	}
	for i, s := range rep.Series {
		if s.Series == "A" && s.Free != before.Series[i].Free+1 {
			t.Fatalf("series A: %+v", s)
		}
	}
	again, err := reopen(t, store).Report(ctx)
	ok(t, err)
	if !reflect.DeepEqual(rep, again) {
		t.Fatalf("the report differs after replay:\n%+v\n%+v", rep, again)
	}
}

// beforeLastAward opens the journal as it stood before its last award.
func beforeLastAward(t *testing.T, store *memStore) (*Day, *memStore) {
	t.Helper()
	evs := store.all()
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Type == TypePrizeAwarded {
			p := store.prefix(i)
			return reopen(t, p), p
		}
	}
	t.Fatal("no award in the journal")
	return nil, nil
}

func TestReport_SplitsASaleOfTwoSeriesByCards(t *testing.T) {
	st := &State{}
	series := map[string]*SeriesTotal{"A": {Series: "A", Kind: Regular}, "C": {Series: "C", Kind: Regular}}
	s := &Sale{SaleData: SaleData{Cards: []string{"A-000001-22", "C-000001-22", "C-000002-22"},
		Bundles: []Bundle{{Kind: Regular, Cards: 3, Cents: 1201, Times: 1}}}}
	st.splitSale(s, series)
	if series["A"].SalesCents != 401 || series["C"].SalesCents != 800 || series["C"].Sold != 2 {
		t.Fatalf("split A %+v C %+v", series["A"], series["C"])
	}
}
