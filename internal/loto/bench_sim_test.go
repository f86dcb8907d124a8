package loto_test

import (
	"context"
	"testing"

	"loto/internal/loto"
	"loto/internal/sim"
)

// BenchmarkSimulateDay plays the example day with 1,000 players on the in-memory journal.
func BenchmarkSimulateDay(b *testing.B) {
	t := &testing.T{}
	for b.Loop() {
		b.StopTimer()
		d, _ := loto.NewTestDay(t)
		ctx := context.Background()
		if _, err := d.CreateEvent(ctx, organiser, loto.MegaLoto(t)); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := sim.Play(ctx, d, sim.Options{Players: 1000, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplayDay rebuilds the state of a played day from its journal (a restart).
func BenchmarkReplayDay(b *testing.B) {
	t := &testing.T{}
	d, store := loto.NewTestDay(t)
	ctx := context.Background()
	if _, err := d.CreateEvent(ctx, organiser, loto.MegaLoto(t)); err != nil {
		b.Fatal(err)
	}
	if _, err := sim.Play(ctx, d, sim.Options{Players: 1000, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := loto.Open(ctx, store); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(d.Head()), "events")
}

// organiser is the actor of the benchmarks: the organiser may run every command.
var organiser = loto.Actor{Name: "org", Role: loto.RoleOrganiser}

// BenchmarkJudgeDay replays a played day as the journal's verification
// does, judging every control, draw of tokens and award again.
func BenchmarkJudgeDay(b *testing.B) {
	t := &testing.T{}
	d, store := loto.NewTestDay(t)
	ctx := context.Background()
	if _, err := d.CreateEvent(ctx, organiser, loto.MegaLoto(t)); err != nil {
		b.Fatal(err)
	}
	if _, err := sim.Play(ctx, d, sim.Options{Players: 1000, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := loto.JudgeJournal(ctx, store); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(d.Head()), "events")
}
