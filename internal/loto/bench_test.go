package loto

import (
	"context"
	"testing"
)

// BenchmarkJudgeClaim gives one claim its verdict with the 6,000 cards of
// series A in play: serial, check code, stamp, refund, kind, index check.
func BenchmarkJudgeClaim(b *testing.B) {
	t := &testing.T{}
	d, _ := newDay(t)
	ctx := context.Background()
	if _, err := d.CreateEvent(ctx, org("org"), eventSpec(t, megaLoto(t))); err != nil {
		b.Fatal(err)
	}
	var serials []string
	for n := 1; n <= 6000; n++ {
		s, _, err := d.CardAt("A", n)
		if err != nil {
			b.Fatal(err)
		}
		serials = append(serials, s)
	}
	if _, err := d.Stamp(ctx, org("caisse-1"), serialsIn(t, serials)); err != nil {
		b.Fatal(err)
	}
	if _, err := d.StartGame(ctx, org("host")); err != nil {
		b.Fatal(err)
	}
	var winners []string
	for len(winners) == 0 {
		if _, err := d.Draw(ctx, org("host"), 0); err != nil {
			b.Fatal(err)
		}
		d.View(func(st *State) { winners, _ = st.CallableCards() })
	}
	d.View(func(st *State) {
		g := st.running()
		c := ClaimResult{Claim: 1, Serial: winners[0]}
		for b.Loop() {
			r, err := st.judge(g, c, map[CardRef]bool{})
			if err != nil || r.Verdict != VerdictWin {
				b.Fatal(r, err)
			}
		}
	})
}
