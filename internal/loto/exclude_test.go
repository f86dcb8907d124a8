package loto

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestR28_ExclusionVoidsTheFreeCardOfATicketNoSaleNames: a ticket holder
// came in with a free card and bought cards at a desk without naming the
// ticket. Refunding the sale used to leave the free card playing, and it
// won; the exclusion names the person's ticket and sale and voids both.
func TestR28_ExclusionVoidsTheFreeCardOfATicketNoSaleNames(t *testing.T) {
	d, store := gameDay(t, "manual", quineGame("regular", voucher30))
	ctx := context.Background()
	_, err := d.OpenDesk(ctx, org("caissier"), "caisse-1", 5000)
	ok(t, err)
	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Tickets: 1})
	ok(t, err)
	free := serialOf(t, d, "A", 1)
	_, err = d.Admit(ctx, org("jean"), "porte-1", ticketOf(t, r.Tickets[0].Code), serialIn(t, free))
	ok(t, err)
	bought := sell(t, d, "caisse-1", 1000, serials(t, d, "A", 2, 3)...) // no ticket named
	x, err := d.Exclude(ctx, org("org"), ExclusionRequest{Why: "perturbe le jeu", Tickets: ticketCodes(t, []string{r.Tickets[0].Code}), Sales: []int{bought.ID}})
	ok(t, err)
	if x.Cents != 1000 || len(x.Refunds) != 1 || !sameSet(x.Cards, append([]string{free}, bought.Cards...)) || !slices.Equal(x.Tickets, []int{1}) {
		t.Fatalf("exclusion %+v", x)
	}
	// The free card completes its first row: the claim is refused, voided.
	start(t, d)
	typeNumbers(t, d, rowOf(gridOf(t, d, "A", 1), 0)...)
	if v := claimAll(t, d, free).Verdicts[0].Verdict; v != VerdictVoided {
		t.Fatalf("claim on the excluded holder's free card: %s, want %s", v, VerdictVoided)
	}
	compareStates(t, d, reopen(t, store))
}

func TestR28_ExclusionRefusals(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	ctx := context.Background()
	s := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1))
	other := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 2))
	_, err := d.Exclude(ctx, org("org"), ExclusionRequest{Why: "perturbe le jeu", Sales: []int{s.ID}})
	ok(t, err)
	before := store.count()
	for _, tc := range []struct {
		name string
		req  ExclusionRequest
		code string
		say  string
	}{
		{"no reason", ExclusionRequest{Sales: []int{other.ID}}, EInvalid, "raison"},
		{"nobody named", ExclusionRequest{Why: "bruit"}, EInvalid, "nommer"},
		{"excluded already", ExclusionRequest{Why: "bruit", Cards: serialsIn(t, s.Cards)}, EConflict, "déjà annulées"},
		{"unknown sale", ExclusionRequest{Why: "bruit", Sales: []int{99}}, ENotFound, "vente n° 99"},
		{"card neither sold nor issued", ExclusionRequest{Why: "bruit", Cards: serialsIn(t, serials(t, d, "A", 3))}, EInvalid, "ni vendue ni remise"},
		{"forged ticket", ExclusionRequest{Why: "bruit", Tickets: ticketCodes(t, []string{"R-000001-AAA"})}, EInvalid, "billet"},
		{"no open desk to pay", ExclusionRequest{Why: "bruit", Sales: []int{other.ID}, Desk: "pmr"}, EInvalid, "fermée"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.Exclude(ctx, org("org"), tc.req)
			wantCode(t, err, tc.code)
			if !strings.Contains(ErrorMessage(err), tc.say) {
				t.Fatalf("refusal %q does not say %q", ErrorMessage(err), tc.say)
			}
		})
	}
	// The old way, a refund for an exclusion, is refused: it left the free cards playing.
	_, err = d.RefundSale(ctx, org("org"), RefundRequest{Sale: other.ID, Reason: RefundExclusion})
	wantCode(t, err, EInvalid)
	if !strings.Contains(ErrorMessage(err), "loto exclude") {
		t.Fatalf("refund for an exclusion: %q", ErrorMessage(err))
	}
	nothingWritten(t, store, before)
}

func TestR28_ExclusionAfterAPostponementPaysNothingTwice(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	ctx := context.Background()
	a := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1))
	b := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 2))
	_, err := d.Postpone(ctx, org("org"), "")
	ok(t, err)
	_, err = d.RefundSale(ctx, org("org"), RefundRequest{Sale: a.ID, Reason: RefundPostponement})
	ok(t, err)
	x, err := d.Exclude(ctx, org("org"), ExclusionRequest{Why: "perturbe", Sales: []int{a.ID, b.ID}})
	ok(t, err)
	if x.Cents != 500 || len(x.Refunds) != 1 || !slices.Equal(x.Sales, []int{a.ID, b.ID}) || !slices.Equal(x.Cards, b.Cards) {
		t.Fatalf("exclusion %+v", x)
	}
	compareStates(t, d, reopen(t, store))
}
