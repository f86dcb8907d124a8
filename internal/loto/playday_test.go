package loto

import (
	"context"
	"testing"
)

// playDay plays every game of the example day in rng mode with 1,200
// regular and 200 special cards stamped, every card that can call out
// claiming at once (ties drawn by tokens), and returns the day and its journal.
func playDay(t *testing.T) (*Day, *memStore) {
	t.Helper()
	d, store := newDay(t)
	ctx := context.Background()
	_, err := d.CreateEvent(ctx, org("org"), eventSpec(t, megaLoto(t)))
	ok(t, err)
	for code, n := range map[string]int{"A": 1200, "V": 200} {
		numbers := make([]int, n)
		for i := range numbers {
			numbers[i] = i + 1
		}
		_, err := d.Stamp(ctx, org("caisse-1"), serialsIn(t, serials(t, d, code, numbers...)))
		ok(t, err)
	}
	for _, g := range d.Event().Programme {
		_, err := d.StartGame(ctx, org("host"))
		ok(t, err)
		for range g.Stages {
			var winners []string
			for len(winners) == 0 {
				_, err := d.Draw(ctx, org("host"), 0)
				ok(t, err)
				d.View(func(st *State) { winners, err = st.CallableCards() })
				ok(t, err)
			}
			if claimAll(t, d, winners...).Tie {
				_, err := d.DrawTokens(ctx, org("host"), nil)
				ok(t, err)
			}
			_, err := d.Award(ctx, org("host"))
			ok(t, err)
		}
	}
	return d, store
}
