package loto

import (
	"context"
	"testing"
)

func TestR18_R19_ShareSaysOfHowManyAndWhichVoucher(t *testing.T) {
	for _, tc := range []struct {
		name    string
		prize   string
		k       int
		tokens  []int
		decline bool
		want    []string // what each winner receives, in claim order
	}{
		{"shared equally", voucher30, 2, nil, false, []string{"15,00 € (part de 2 sur le bon de 30 €)", "15,00 € (part de 2 sur le bon de 30 €)"}},
		{"shared by the highest tokens", voucher20, 3, []int{40, 9, 71}, false, []string{"10,00 € (part de 2 sur le bon de 20 €)", "", "10,00 € (part de 2 sur le bon de 20 €)"}},
		{"declined", voucher30, 2, []int{3, 80}, true, []string{"", "30,00 € (bon entier : partage refusé, R18)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, _, _ := tieDay(t, tc.prize, tc.k)
			ctx := context.Background()
			if tc.decline {
				ok(t, d.DeclineShare(ctx, org("host")))
			}
			if tc.tokens != nil {
				_, err := d.DrawTokens(ctx, org("controleur"), tc.tokens)
				ok(t, err)
			}
			a, err := d.Award(ctx, org("host"))
			ok(t, err)
			if a.Declined != tc.decline {
				t.Fatalf("award declined = %v, want %v", a.Declined, tc.decline)
			}
			for i, w := range a.Winners {
				if got := ShareFrench(w, a.Winners, a.Declined); got != tc.want[i] {
					t.Fatalf("winner %d %+v: %q, want %q", i, w, got, tc.want[i])
				}
			}
			rep, err := d.Report(ctx)
			ok(t, err)
			for i, p := range rep.Prizes {
				if p.Share != tc.want[i] || p.Declined != tc.decline {
					t.Fatalf("report line %d %+v: share %q declined %v", i, p, tc.want[i], tc.decline)
				}
			}
			if s := d.Results()[0].Stages[0]; s.Declined != tc.decline {
				t.Fatalf("results stage declined = %v, want %v", s.Declined, tc.decline)
			}
		})
	}
}

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
