package loto

import (
	"context"
	"strings"
	"testing"
)

func TestR9_R10_R28_CardStatusSaysWhatTheCardIsToday(t *testing.T) {
	d, _ := entranceDay(t, "caisse-1")
	ctx := context.Background()
	sold := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1))
	refunded := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 2))
	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Dupont", Tickets: 1})
	ok(t, err)
	in, err := d.Admit(ctx, org("portier"), "porte-1", ticketOf(t, r.Tickets[0].Code), serialIn(t, serialOf(t, d, "A", 3)))
	ok(t, err)
	x, err := d.Exclude(ctx, org("org"), ExclusionRequest{Why: "perturbe le jeu", Sales: []int{refunded.ID}})
	ok(t, err)
	refund := d.Refunds()[x.Refunds[0]-1]
	for _, tc := range []struct {
		name  string
		card  string
		state CardState
		says  []string
	}{
		{"sold", sold.Cards[0], CardSold, []string{"vendue", "vente n° 1", "caisse « caisse-1 »", hhmm(sold.Time)}},
		{"free card", in.Card, CardFree, []string{"gratuite", "billet n° 1,", "entrée « porte-1 »", hhmm(in.Time)}},
		{"not sold", serialOf(t, d, "A", 4), CardUnsold, []string{"pas vendue", "R9"}},
		{"voided", refunded.Cards[0], CardVoided, []string{"annulée", "exclusion", "remboursement n° 1", "R28"}},
		{"series not on sale today", serialOf(t, d, "B", 1), CardNotOnSale, []string{"série B", "pas en vente aujourd'hui", "R10"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := d.CardStatus(serialIn(t, tc.card))
			ok(t, err)
			if s.State != tc.state || s.Serial != tc.card {
				t.Fatalf("status %+v, want %s", s, tc.state)
			}
			if strings.Contains(s.Text, r.Tickets[0].Code) {
				t.Fatalf("status %q tells the ticket's code, a bearer right to a free card", s.Text)
			}
			for _, say := range tc.says {
				if !strings.Contains(s.Text, say) {
					t.Fatalf("status %q does not say %q", s.Text, say)
				}
			}
		})
	}
	if s, _ := d.CardStatus(serialIn(t, refunded.Cards[0])); s.Refund != refund.ID || s.Sale != refunded.ID {
		t.Fatalf("voided card status %+v", s)
	}
	for _, tc := range []struct{ name, text, code string }{
		{"malformed", "hello", EInvalid},
		{"unknown series", "Q-000001-22", ENotFound},
		{"bad check code", forgeCheck(sold.Cards[0]), EInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := viaEdge(tc.text, d.CardStatus)
			wantCode(t, err, tc.code)
		})
	}
}

func TestR14_CardStatusOfACardSoldAfterTheStart(t *testing.T) {
	d := startedDay(t)
	late := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 2))
	s, err := d.CardStatus(serialIn(t, late.Cards[0]))
	ok(t, err)
	if s.State != CardSold || !strings.Contains(s.Text, "vente n° 2") || !strings.Contains(s.Text, "partie suivante") {
		t.Fatalf("status %+v", s)
	}
}
