package loto

import (
	"context"
	"testing"
)

func TestR18_SoleWinnerGetsTheAmountAlone(t *testing.T) {
	full := Cents(3000)
	w := Winner{Serial: "A-000001-XX", Prize: "Bon de 30 €", ShareCents: &full}
	if got := ShareFrench(w, []Winner{w}, false); got != "30,00 €" {
		t.Fatalf("sole winner: %q", got)
	}
	odd := Cents(1250)
	w.ShareCents = &odd
	if got := ShareFrench(w, []Winner{w, w}, false); got != "12,50 € (part de 2 sur le bon de 25 €)" {
		t.Fatalf("two shares of 25 €: %q", got)
	}
}

func TestR18_StatusSaysTheWinnersDeclined(t *testing.T) {
	d, _, _ := tieDay(t, voucher30, 2)
	st, err := d.Status()
	ok(t, err)
	if st.Tie != TieShare || st.Declined {
		t.Fatalf("status tie %q declined %v, want share", st.Tie, st.Declined)
	}
	ok(t, d.DeclineShare(context.Background(), org("host")))
	st, err = d.Status()
	ok(t, err)
	if st.Tie != TieDeclined || !st.Declined {
		t.Fatalf("status tie %q declined %v, want declined", st.Tie, st.Declined)
	}
}

func TestR17_R19_TieAdvice(t *testing.T) {
	v30 := Prize{Kind: Voucher, Cents: 3000, UnitCents: 100}
	v20 := Prize{Kind: Voucher, Cents: 2000, UnitCents: 100}
	obj := Prize{Kind: Object}
	for _, tc := range []struct {
		name     string
		p        Prize
		k        int
		declined bool
		want     TieAdvice
	}{
		{"one winner", v30, 1, false, ""},
		{"object", obj, 2, false, TieTokens},
		{"voucher shared", v30, 3, false, TieShare},
		{"voucher that does not divide", v20, 3, false, TieTokensShare},
		{"declined", v30, 2, true, TieDeclined},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := AdviseTie(tc.p, tc.k, tc.declined); got != tc.want {
				t.Fatalf("AdviseTie = %q, want %q", got, tc.want)
			}
		})
	}
}
