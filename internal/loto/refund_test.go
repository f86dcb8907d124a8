package loto

import (
	"context"
	"strings"
	"testing"
)

func TestR28_ExclusionRefundVoidsCardsAndPaysOut(t *testing.T) {
	d, store := entranceDay(t, "caisse-1", "caisse-2")
	ctx := context.Background()
	s := sell(t, d, "caisse-1", 1200, serials(t, d, "A", 1, 2, 3)...)
	kept := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 4))
	r, err := d.RefundSale(ctx, org("organisateur"), RefundRequest{Sale: s.ID, Reason: RefundExclusion, Desk: "caisse-2", Note: "perturbe le jeu"})
	ok(t, err)
	if r.ID != 1 || r.Cents != 1200 || len(r.Cards) != 3 || r.Desk != "caisse-2" || r.By != "organisateur" {
		t.Fatalf("refund %+v", r)
	}
	d.View(func(st *State) {
		for _, c := range s.Cards {
			ref, _ := refOf(c)
			if !st.Voided(ref) {
				t.Fatalf("refunded card %s not voided", c)
			}
		}
		if ref, _ := refOf(kept.Cards[0]); st.Voided(ref) {
			t.Fatal("another sale's card was voided")
		}
	})
	// The cash paid out comes off the refund desk's expected cash.
	for _, z := range d.Sessions() {
		want := map[string]Cents{"caisse-1": 15000 + 1700, "caisse-2": 15000 - 1200}[z.Desk]
		if z.Methods[0].Expected != want {
			t.Fatalf("%s expects %s cash, want %s", z.Desk, z.Methods[0].Expected, want)
		}
	}
	// A claim on a refunded card is refused as voided.
	_, err = d.StartGame(ctx, org("host"))
	ok(t, err)
	_, err = d.Draw(ctx, org("host"), 0)
	ok(t, err)
	if v := claimAll(t, d, s.Cards[0]).Verdicts[0].Verdict; v != VerdictVoided {
		t.Fatalf("claim on a refunded card: %s", v)
	}
	before := store.count()
	_, err = d.RefundSale(ctx, org("organisateur"), RefundRequest{Sale: s.ID, Reason: RefundExclusion})
	wantCode(t, err, EConflict)
	if !strings.Contains(ErrorMessage(err), "déjà remboursée (remboursement n° 1") {
		t.Fatalf("second refund: %q", ErrorMessage(err))
	}
	_, err = d.RefundSale(ctx, org("organisateur"), RefundRequest{Sale: 99, Reason: RefundExclusion})
	wantCode(t, err, ENotFound)
	_, err = d.RefundSale(ctx, org("organisateur"), RefundRequest{Sale: kept.ID, Reason: RefundExclusion, Desk: "pmr"})
	wantCode(t, err, EInvalid) // no open session to pay from
	nothingWritten(t, store, before)
	compareStates(t, d, reopen(t, store))
}

func TestR9_R26_NoOtherRefundOrExchange(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	ctx := context.Background()
	s := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1))
	before := store.count()
	for _, tc := range []struct {
		name   string
		reason RefundReason
	}{
		{"no reason", ""},
		{"an exchange", "exchange"},
		{"the player changed their mind", "regret"},
		{"postponement while the loto is not postponed", RefundPostponement},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.RefundSale(ctx, org("organisateur"), RefundRequest{Sale: s.ID, Reason: tc.reason})
			wantCode(t, err, EInvalid)
			if !strings.Contains(ErrorMessage(err), "R26") {
				t.Fatalf("refusal %q does not cite R26", ErrorMessage(err))
			}
			nothingWritten(t, store, before)
		})
	}
	for _, text := range []string{"", "echange", "remboursement"} {
		if _, err := ParseRefundReason(text); err == nil {
			t.Fatalf("reason %q accepted", text)
		}
	}
	if r, err := ParseRefundReason(" Report "); err != nil || r != RefundPostponement {
		t.Fatalf("report: %v %v", r, err)
	}
}

func TestR29_PostponeStopsSalesAndListsRefunds(t *testing.T) {
	d, store := entranceDay(t, "caisse-1", "voiture")
	ctx := context.Background()
	a := sell(t, d, "caisse-1", 2000, serials(t, d, "A", 1, 2, 3, 4, 5, 6)...)
	v := sell(t, d, "voiture", 600, serialOf(t, d, "V", 1))
	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Tickets: 1})
	ok(t, err)
	pp, err := d.Postpone(ctx, org("organisateur"), "")
	ok(t, err)
	if pp.Reason != "manque de joueurs" || len(pp.ToRefund) != 2 || pp.ToRefund[0].ID != a.ID || pp.ToRefund[1].ID != v.ID {
		t.Fatalf("postponement %+v", pp)
	}
	before := store.count()
	_, err = d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: serials(t, d, "A", 7), Payments: cash(500)})
	wantCode(t, err, EConflict)
	if !strings.Contains(ErrorMessage(err), "R29") {
		t.Fatalf("sale after postponement: %q", ErrorMessage(err))
	}
	_, err = d.Admit(ctx, org("jean"), "porte-1", r.Tickets[0].Code, serialOf(t, d, "A", 8))
	wantCode(t, err, EConflict)
	_, err = d.Postpone(ctx, org("organisateur"), "encore")
	wantCode(t, err, EConflict)
	nothingWritten(t, store, before)
	_, err = d.RefundSale(ctx, org("organisateur"), RefundRequest{Sale: a.ID, Reason: RefundPostponement})
	ok(t, err)
	rep, err := d.Report(ctx)
	ok(t, err)
	if rep.Postponed == nil || len(rep.Postponed.ToRefund) != 1 || rep.Postponed.ToRefund[0].ID != v.ID || rep.Totals.NetCents != 600 {
		t.Fatalf("report after one refund: %+v, net %s", rep.Postponed, rep.Totals.NetCents)
	}
	// Once a game has started the loto cannot be postponed.
	d2, _ := entranceDay(t)
	_, err = d2.StartGame(ctx, org("host"))
	ok(t, err)
	_, err = d2.Postpone(ctx, org("organisateur"), "")
	wantCode(t, err, EConflict)
}

func TestR28_ExclusionVoidsTheFreeCardOfTheSalesTicket(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	ctx := context.Background()
	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Tickets: 2})
	ok(t, err)
	free := serialOf(t, d, "A", 10)
	_, err = d.Admit(ctx, org("jean"), "porte-1", r.Tickets[0].Code, free)
	ok(t, err)
	otherFree := serialOf(t, d, "A", 11)
	_, err = d.Admit(ctx, org("jean"), "porte-1", r.Tickets[1].Code, otherFree)
	ok(t, err)
	s, err := d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: serials(t, d, "A", 1, 2, 3), Payments: cash(1200), Ticket: r.Tickets[0].Code})
	ok(t, err)
	walkIn := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 4))

	ref, err := d.RefundSale(ctx, org("org"), RefundRequest{Sale: s.ID, Reason: RefundExclusion})
	ok(t, err)
	if len(ref.FreeCards) != 1 || ref.FreeCards[0] != free || ref.Cents != 1200 {
		t.Fatalf("refund %+v: the free card of the sale's ticket is voided, unpaid", ref)
	}
	d.View(func(st *State) {
		for c, want := range map[string]bool{free: true, otherFree: false, s.Cards[0]: true} {
			if r, _ := refOf(c); st.Voided(r) != want {
				t.Fatalf("card %s voided = %v, want %v", c, !want, want)
			}
		}
	})
	// A sale without a ticket voids no free card.
	ref, err = d.RefundSale(ctx, org("org"), RefundRequest{Sale: walkIn.ID, Reason: RefundExclusion})
	ok(t, err)
	if len(ref.FreeCards) != 0 {
		t.Fatalf("walk-in refund voided %v", ref.FreeCards)
	}
	compareStates(t, d, reopen(t, store))
}
