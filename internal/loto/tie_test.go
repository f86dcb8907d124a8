package loto

import (
	"context"
	"testing"
)

// tieDay starts a one-quine game with that prize and makes a k-way tie on it.
func tieDay(t *testing.T, prize string, k int) (*Day, *memStore, []string) {
	t.Helper()
	d, store := gameDay(t, "manual", quineGame("regular", prize))
	cards, typed := tie(t, d, "A", k)
	serials := stamp(t, d, "A", cards...)
	start(t, d)
	typeNumbers(t, d, typed...)
	r := claimAll(t, d, serials...)
	if r.Winners != k || !r.Tie {
		t.Fatalf("control = %+v, want a %d-way tie", r, k)
	}
	return d, store, serials
}

func TestR17_TieHighestTokenWins(t *testing.T) {
	d, store, serials := tieDay(t, robot, 2)
	ctx := context.Background()
	before := store.count()
	_, err := d.Award(ctx, org("host"))
	wantCode(t, err, EConflict) // tokens first
	nothingWritten(t, store, before)
	for _, tc := range []struct {
		name   string
		tokens []int
	}{
		{"too few", []int{5}},
		{"twice the same token", []int{5, 5}},
		{"out of the bag", []int{0, 91}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.DrawTokens(ctx, org("controleur"), tc.tokens)
			wantCode(t, err, EInvalid)
			nothingWritten(t, store, before)
		})
	}
	_, err = d.DrawTokens(ctx, org("controleur"), []int{12, 57})
	ok(t, err)
	_, err = d.DrawTokens(ctx, org("controleur"), []int{3, 4})
	wantCode(t, err, EConflict) // drawn once
	a, err := d.Award(ctx, org("host"))
	ok(t, err)
	w := a.Winners
	if w[1].Serial != serials[1] || w[1].Consolation || w[1].Prize != "Robot tondeuse" || *w[1].Token != 57 || w[1].ShareCents != nil {
		t.Fatalf("token 57 should take the robot: %+v", w[1])
	}
	if !w[0].Consolation || w[0].Prize != "panier" || *w[0].Token != 12 {
		t.Fatalf("token 12 should get the consolation: %+v", w[0])
	}
}

func TestR17_TokensFromTheDaySeedAreDistinct(t *testing.T) {
	d, _, _ := tieDay(t, robot, 3)
	toks, err := d.DrawTokens(context.Background(), org("controleur"), nil)
	ok(t, err)
	seen := map[int]bool{}
	for _, tk := range toks {
		if tk.Token < 1 || tk.Token > 90 || seen[tk.Token] {
			t.Fatalf("tokens %+v: want distinct 1..90", toks)
		}
		seen[tk.Token] = true
	}
}

func TestR18_VoucherTieSharedEqually(t *testing.T) {
	d, _, _ := tieDay(t, voucher30, 2)
	a, err := d.Award(context.Background(), org("host")) // no token needed
	ok(t, err)
	for _, w := range a.Winners {
		if w.ShareCents == nil || *w.ShareCents != 1500 || w.Consolation || w.Token != nil {
			t.Fatalf("winner %+v, want 15 € each without token", w)
		}
	}
}

func TestR18_DeclinedShareHighestTokenTakesAll(t *testing.T) {
	d, _, _ := tieDay(t, voucher30, 2)
	ctx := context.Background()
	ok(t, d.DeclineShare(ctx, org("host")))
	_, err := d.Award(ctx, org("host"))
	wantCode(t, err, EConflict) // now tokens decide
	_, err = d.DrawTokens(ctx, org("controleur"), []int{3, 80})
	ok(t, err)
	a, err := d.Award(ctx, org("host"))
	ok(t, err)
	if w := a.Winners[1]; w.ShareCents == nil || *w.ShareCents != 3000 || w.Consolation {
		t.Fatalf("highest token: %+v, want the whole 30 €", w)
	}
	if w := a.Winners[0]; !w.Consolation || w.ShareCents != nil || w.Prize != "cidre" {
		t.Fatalf("lowest token: %+v, want the consolation", w)
	}
}

func TestR18_DeclineOnlyForAVoucher(t *testing.T) {
	d, store, _ := tieDay(t, robot, 2)
	before := store.count()
	wantCode(t, d.DeclineShare(context.Background(), org("host")), EConflict)
	nothingWritten(t, store, before)
}

func TestR19_IndivisibleVoucherSharedByHighestTokens(t *testing.T) {
	d, _, _ := tieDay(t, voucher20, 3) // 20 € for 3: the rulebook's example
	ctx := context.Background()
	_, err := d.Award(ctx, org("host"))
	wantCode(t, err, EConflict)
	_, err = d.DrawTokens(ctx, org("controleur"), []int{40, 9, 71})
	ok(t, err)
	a, err := d.Award(ctx, org("host"))
	ok(t, err)
	want := []struct {
		share       int64
		consolation bool
	}{{1000, false}, {0, true}, {1000, false}}
	for i, w := range a.Winners {
		got := int64(0)
		if w.ShareCents != nil {
			got = int64(*w.ShareCents)
		}
		if got != want[i].share || w.Consolation != want[i].consolation || w.Token == nil {
			t.Fatalf("winner %d: %+v, want share %d consolation %v", i, w, want[i].share, want[i].consolation)
		}
	}
}

func TestR25_EveryTieLoserGetsAConsolation(t *testing.T) {
	d, _, _ := tieDay(t, robot, 3)
	ctx := context.Background()
	_, err := d.DrawTokens(ctx, org("controleur"), []int{4, 5, 6})
	ok(t, err)
	a, err := d.Award(ctx, org("host"))
	ok(t, err)
	cons := 0
	for _, w := range a.Winners {
		if w.Consolation {
			cons++
			if w.Prize != "panier" {
				t.Fatalf("consolation prize %q", w.Prize)
			}
		}
	}
	if cons != 2 || a.Winners[2].Consolation {
		t.Fatalf("winners %+v: want token 6 to win and 2 consolations", a.Winners)
	}
}
