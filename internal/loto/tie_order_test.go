package loto

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// tieDayWith makes a k-way tie on a one-quine game, like tieDay, with the
// claims registered in the order given (indexes into the tied serials),
// then the claims of extra: serials that are not tied. It returns the day,
// its journal, the tied serials in the order of their cards and the control.
func tieDayWith(t *testing.T, prize string, k int, order []int, extra func(d *Day) []string) (*Day, *memStore, []string, ControlResult) {
	t.Helper()
	d, store := gameDay(t, "manual", quineGame("regular", prize))
	cards, typed := tie(t, d, "A", k)
	serials := stamp(t, d, "A", cards...)
	var more []string
	if extra != nil {
		more = extra(d)
	}
	start(t, d)
	typeNumbers(t, d, typed...)
	var claims []string
	for _, i := range order {
		claims = append(claims, serials[i])
	}
	r := claimAll(t, d, append(claims, more...)...)
	if r.Winners != k {
		t.Fatalf("control = %+v, want a %d-way tie", r, k)
	}
	return d, store, serials, r
}

// permutations returns every order of 0..n-1.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := slices.Insert(slices.Clone(p), i, n-1)
			out = append(out, q)
		}
	}
	return out
}

// outcome is what each tied card took: its token and whether the prize.
type outcome map[string]string

func outcomeOf(a AwardResult) outcome {
	o := outcome{}
	for _, w := range a.Winners {
		tok := 0
		if w.Token != nil {
			tok = *w.Token
		}
		o[w.Serial] = fmt.Sprintf("%s, pion %d", w.Prize, tok)
	}
	return o
}

func TestR17_TieTokensDoNotDependOnTheOrderOfTheClaims(t *testing.T) {
	const k = 3
	var first outcome
	for _, order := range permutations(k) {
		// The same day each time (the tests' randomness is fixed): the
		// same seed, the same tied cards, claimed in another order. The
		// order of the claims is the one lever a controller who read the
		// seed had on a tie; it must move nothing.
		d, store, _, _ := tieDayWith(t, robot, k, order, nil)
		ctx := context.Background()
		_, err := d.DrawTokens(ctx, org("controleur"), nil)
		ok(t, err)
		a, err := d.Award(ctx, org("host"))
		ok(t, err)
		// The game is over, its seed revealed: the audit recomputes the
		// tokens from it and the tied serials alone.
		if r, err := AuditDraws(store.all()); err != nil || !r.OK() || r.Tokens != k {
			t.Fatalf("claims in order %v: audit %+v, %v", order, r, err)
		}
		o := outcomeOf(a)
		if first == nil {
			first = o
			continue
		}
		for s, got := range o {
			if first[s] != got {
				t.Fatalf("claims in order %v: card %s took %s, %s in the first order: the order of the claims chose the winner", order, s, got, first[s])
			}
		}
	}
}
