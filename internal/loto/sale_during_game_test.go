package loto

import (
	"context"
	"testing"
)

// drawnDay is the entrance day with its game started and one number out.
func drawnDay(t *testing.T) *Day {
	t.Helper()
	d, _ := entranceDay(t, "caisse-1")
	ctx := context.Background()
	sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1))
	_, err := d.StartGame(ctx, "host")
	ok(t, err)
	_, err = d.Draw(ctx, "host", 0)
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
	_, err := d2.StartGame(context.Background(), "host")
	ok(t, err)
	if s := sell(t, d2, "caisse-1", 500, serialOf(t, d2, "A", 2)); len(s.Warnings) != 0 {
		t.Fatalf("sale before the first number warns %q", s.Warnings)
	}
}

func TestR9_ClaimOnACardSoldDuringTheGameSaysWhy(t *testing.T) {
	d := drawnDay(t)
	late := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 2))
	ctx := context.Background()
	ok(t, d.Call(ctx, "host"))
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
