package loto_test

import (
	"context"
	"testing"

	"loto/internal/journal"
	"loto/internal/loto"
	"loto/internal/sim"
)

// BenchmarkSimulateDay plays the example day with 1,000 players on the in-memory journal.
func BenchmarkSimulateDay(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		d, _ := megaDay(b)
		b.StartTimer()
		play(b, d)
	}
}

// BenchmarkReplayDay rebuilds the state of a played day from its journal (a restart).
func BenchmarkReplayDay(b *testing.B) {
	ctx := context.Background()
	d, store := playedDay(b)
	for b.Loop() {
		if _, err := loto.Open(ctx, store); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(d.Head()), "events")
}

// BenchmarkJudgeDay replays a played day as the journal's verification
// does, judging every control, draw of tokens and award again.
func BenchmarkJudgeDay(b *testing.B) {
	ctx := context.Background()
	d, store := playedDay(b)
	for b.Loop() {
		if err := loto.JudgeJournal(ctx, store); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(d.Head()), "events")
}

// organiser is the actor of the benchmarks: the organiser may run every command.
var organiser = loto.Actor{Name: "org", Role: loto.RoleOrganiser}

// megaDay creates the example day on the in-memory journal, nothing played.
func megaDay(b *testing.B) (*loto.Day, journal.Store) {
	t := &testing.T{}
	d, store := loto.NewTestDay(t)
	if _, err := d.CreateEvent(context.Background(), organiser, loto.MegaLoto(t)); err != nil {
		b.Fatal(err)
	}
	return d, store
}

// play plays day d with 1,000 simulated players.
func play(b *testing.B, d *loto.Day) {
	if _, err := sim.Play(context.Background(), d, sim.Options{Players: 1000, Seed: 1}); err != nil {
		b.Fatal(err)
	}
}

// playedDay is the example day played by 1,000 players, and its journal.
func playedDay(b *testing.B) (*loto.Day, journal.Store) {
	d, store := megaDay(b)
	play(b, d)
	return d, store
}
