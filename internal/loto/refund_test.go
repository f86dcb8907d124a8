package loto

import (
	"context"
	"strings"
	"testing"
)

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
	for _, text := range []string{"", "echange", "remboursement", "exclusion"} {
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
	_, err = d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 7)), Payments: cash(500)})
	wantCode(t, err, EConflict)
	if !strings.Contains(ErrorMessage(err), "R29") {
		t.Fatalf("sale after postponement: %q", ErrorMessage(err))
	}
	_, err = d.Admit(ctx, org("jean"), "porte-1", ticketOf(t, r.Tickets[0].Code), serialIn(t, serialOf(t, d, "A", 8)))
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
