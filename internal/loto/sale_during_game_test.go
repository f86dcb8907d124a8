package loto

import (
	"context"
	"strings"
	"testing"
)

// startedDay is the entrance day with card A-1 sold and game 1 started,
// no number out yet: the game's seed is drawn, its numbers fixed.
func startedDay(t *testing.T) *Day {
	t.Helper()
	d, _ := entranceDay(t, "caisse-1")
	sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1))
	start(t, d)
	return d
}

func TestR14_SaleAfterTheStartWarnsTheCashier(t *testing.T) {
	d := startedDay(t)
	s := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 2))
	want := "la partie n° 1 a commencé : ces cartes jouent à partir de la partie suivante (R14)"
	if len(s.Warnings) != 1 || s.Warnings[0] != want {
		t.Fatalf("warnings %q, want %q", s.Warnings, want)
	}
	// Before the start, a sale plays the game: no warning.
	d2, _ := entranceDay(t, "caisse-1")
	if s := sell(t, d2, "caisse-1", 500, serialOf(t, d2, "A", 2)); len(s.Warnings) != 0 {
		t.Fatalf("sale before the start warns %q", s.Warnings)
	}
}

// A card sold between the start and the first number plays from the next
// game (R14, R9), and a claim on it in this game says why.
func TestR14_R9_CardSoldBetweenStartAndFirstNumberPlaysFromTheNextGame(t *testing.T) {
	d := startedDay(t)
	late := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 2))
	ctx := context.Background()
	d.View(func(st *State) {
		g := st.running()
		for _, ref := range st.inPlayRefs(g) {
			if ref == (CardRef{Series: "A", Number: 2}) {
				t.Fatal("the card sold after the start is in play")
			}
		}
	})
	_, err := d.Draw(ctx, org("host"), 0)
	ok(t, err)
	ok(t, d.Call(ctx, org("host")))
	r := claimAll(t, d, late.Cards[0], serialOf(t, d, "A", 3), serialOf(t, d, "A", 1))
	want := "carte vendue après le début de la partie n° 1 (vente n° 2) : elle joue à partir de la partie suivante (R14)"
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

func TestR14_FreeCardAfterTheStartWarnsTheDoor(t *testing.T) {
	want := "la partie n° 1 a commencé : cette carte joue à partir de la partie suivante (R14)"
	tests := []struct {
		name    string
		started bool // game 1 has started when the ticket is scanned
		drawn   bool // and a number of it is out
		want    []string
	}{
		{"numbers out: the free card plays from the next game", true, true, []string{want}},
		{"game started, no number out: it plays from the next game too", true, false, []string{want}},
		{"before the start: it plays the game", false, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, _ := entranceDay(t, "caisse-1")
			ctx := WithKey(context.Background(), "door-"+tt.name)
			r, err := d.AddReservation(context.Background(), org("org"), ReservationSpec{Name: "Marie", Tickets: 1})
			ok(t, err)
			if tt.started {
				start(t, d)
			}
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
