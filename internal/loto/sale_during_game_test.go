package loto

import (
	"context"
	"strings"
	"testing"
)

// drawnDay is the entrance day with its game started and one number out.
func drawnDay(t *testing.T) *Day {
	t.Helper()
	d, _ := entranceDay(t, "caisse-1")
	ctx := context.Background()
	sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1))
	_, err := d.StartGame(ctx, org("host"))
	ok(t, err)
	_, err = d.Draw(ctx, org("host"), 0)
	ok(t, err)
	return d
}

func TestR9_SaleDuringAGameWarnsTheCashier(t *testing.T) {
	d := drawnDay(t)
	s := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 2))
	want := "partie n° 1 en cours : ces cartes jouent à partir de la partie suivante"
	if len(s.Warnings) != 1 || s.Warnings[0] != want {
		t.Fatalf("warnings %q, want %q", s.Warnings, want)
	}
	// Before the first number, a sale plays the game: no warning.
	d2, _ := entranceDay(t, "caisse-1")
	_, err := d2.StartGame(context.Background(), org("host"))
	ok(t, err)
	if s := sell(t, d2, "caisse-1", 500, serialOf(t, d2, "A", 2)); len(s.Warnings) != 0 {
		t.Fatalf("sale before the first number warns %q", s.Warnings)
	}
}

func TestR9_ClaimOnACardSoldDuringTheGameSaysWhy(t *testing.T) {
	d := drawnDay(t)
	late := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 2))
	ctx := context.Background()
	ok(t, d.Call(ctx, org("host")))
	r := claimAll(t, d, late.Cards[0], serialOf(t, d, "A", 3), serialOf(t, d, "A", 1))
	want := "carte vendue pendant la partie n° 1 (vente n° 2) : elle joue à partir de la partie suivante (R9)"
	if v := r.Verdicts[0]; v.Verdict != VerdictNotStamped || v.Reason != want {
		t.Fatalf("verdict %+v, want not_stamped because %q", v, want)
	}
	// An unsold card is not stamped, with no reason to add; a card that plays has none either.
	if v := r.Verdicts[1]; v.Verdict != VerdictNotStamped || v.Reason != "" {
		t.Fatalf("unsold card: %+v", v)
	}
	if v := r.Verdicts[2]; v.Reason != "" {
		t.Fatalf("card in play: %+v", v)
	}
}

func TestR9_FreeCardDuringAGameWarnsTheDoor(t *testing.T) {
	want := "partie n° 1 en cours : cette carte joue à partir de la partie suivante"
	tests := []struct {
		name  string
		drawn bool // a number of game 1 is out when the ticket is scanned
		want  []string
	}{
		{"numbers out: the free card plays from the next game", true, []string{want}},
		{"game started, no number out: it plays this game", false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, _ := entranceDay(t, "caisse-1")
			ctx := WithKey(context.Background(), "door-"+tt.name)
			r, err := d.AddReservation(context.Background(), org("org"), ReservationSpec{Name: "Marie", Tickets: 1})
			ok(t, err)
			_, err = d.StartGame(context.Background(), org("host"))
			ok(t, err)
			if tt.drawn {
				_, err = d.Draw(context.Background(), org("host"), 0)
				ok(t, err)
			}
			free := serialOf(t, d, "A", 2)
			a, err := d.Admit(ctx, org("jean"), "porte-1", ticketOf(t, r.Tickets[0].Code), serialIn(t, free))
			ok(t, err)
			if strings.Join(a.Warnings, "|") != strings.Join(tt.want, "|") {
				t.Fatalf("warnings %q, want %q", a.Warnings, tt.want)
			}
			// A retried scan answers as the first one did.
			again, err := d.Admit(ctx, org("jean"), "porte-1", ticketOf(t, r.Tickets[0].Code), serialIn(t, free))
			ok(t, err)
			if again.Seq != a.Seq || strings.Join(again.Warnings, "|") != strings.Join(tt.want, "|") {
				t.Fatalf("retried scan %+v, want %+v", again, a)
			}
		})
	}
}
