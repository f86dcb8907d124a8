package loto

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestR12_BreakKnowsWhenPlayResumes(t *testing.T) {
	d, store := entranceDay(t)
	ctx := context.Background()
	if d.Break() != nil {
		t.Fatal("a break before any")
	}
	// The next break of the schedule: the lunch break of 75 minutes.
	b, err := d.StartBreak(ctx, org("host"), "", 0)
	ok(t, err)
	if b.Label != "pause repas" || b.Scheduled != 1 || !b.Resumes.Equal(b.Started.Add(75*time.Minute)) {
		t.Fatalf("break %+v", b)
	}
	if now := d.Break(); now == nil || !now.Resumes.Equal(b.Resumes) {
		t.Fatalf("the state does not know when play resumes: %+v", now)
	}
	before := store.count()
	_, err = d.StartBreak(ctx, org("host"), "", 0)
	wantCode(t, err, EConflict) // one break at a time
	nothingWritten(t, store, before)
	end, err := d.EndBreak(ctx, org("host"))
	ok(t, err)
	if end.Ended == nil || d.Break() != nil {
		t.Fatalf("ended break %+v", end)
	}
	_, err = d.EndBreak(ctx, org("host"))
	wantCode(t, err, EConflict)
	// A game in play refuses a break.
	_, err = d.StartGame(ctx, org("host"))
	ok(t, err)
	_, err = d.StartBreak(ctx, org("host"), "", 0)
	wantCode(t, err, EConflict)
	nothingWritten(t, store, before+2) // the end of the break and the game
}

func TestR12_ScheduledAndUnplannedBreaks(t *testing.T) {
	d, store := entranceDay(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name    string
		label   string
		minutes int
		want    string
		mins    int
		sched   int
	}{
		{"a scheduled break by its label", "Entracte", 0, "entracte", 30, 2},
		{"the next scheduled one", "", 0, "pause repas", 75, 1},
		{"an unplanned break", "incident technique", 10, "incident technique", 10, 0},
		{"minutes without a label", "", 5, "pause", 5, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := d.StartBreak(ctx, org("host"), tc.label, tc.minutes)
			ok(t, err)
			if b.Label != tc.want || b.Minutes != tc.mins || b.Scheduled != tc.sched {
				t.Fatalf("break %+v", b)
			}
			_, err = d.EndBreak(ctx, org("host"))
			ok(t, err)
		})
	}
	before := store.count()
	for _, tc := range []struct {
		name    string
		label   string
		minutes int
	}{
		{"no break left in the schedule", "", 0},
		{"unplanned without minutes", "repos", 0},
		{"absurd minutes", "repos", 500},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.StartBreak(ctx, org("host"), tc.label, tc.minutes)
			wantCode(t, err, EInvalid)
			nothingWritten(t, store, before)
		})
	}
	if got := reopen(t, store).Breaks(); len(got) != 4 || got[3].Ended == nil {
		t.Fatalf("breaks after replay: %+v", got)
	}
}

func TestR12_NoGameStartsDuringABreak(t *testing.T) {
	d, store := entranceDay(t)
	ctx := context.Background()
	_, err := d.StartBreak(ctx, org("host"), "", 0)
	ok(t, err)
	before := store.count()
	_, err = d.StartGame(ctx, org("host"))
	wantCode(t, err, EConflict)
	nothingWritten(t, store, before)
	_, err = d.EndBreak(ctx, org("host"))
	ok(t, err)
	_, err = d.StartGame(ctx, org("host"))
	ok(t, err) // play resumes once the break is over
}

func TestR29_NoGameStartsOnAPostponedDay(t *testing.T) {
	wantRefusedWhenPostponed(t, func(ctx context.Context, d *Day) error { return errOf(d.StartGame(ctx, org("host"))) })
}

// wantRefusedWhenPostponed fails unless act, on a day postponed before
// its first game, is refused as a conflict and records nothing (R29).
func wantRefusedWhenPostponed(t *testing.T, act func(context.Context, *Day) error) {
	t.Helper()
	d, store := entranceDay(t)
	ctx := context.Background()
	_, err := d.Postpone(ctx, org("organiser"), "trop peu de joueurs")
	ok(t, err)
	before := store.count()
	wantCode(t, act(ctx, d), EConflict)
	nothingWritten(t, store, before)
}

func TestR12_BoardShowsWhenPlayResumes(t *testing.T) {
	d, _ := entranceDay(t)
	ctx := context.Background()
	b, err := d.StartBreak(ctx, org("host"), "", 0)
	ok(t, err)
	s, err := d.Status()
	ok(t, err)
	if s.Break == nil || !s.Break.Resumes.Equal(b.Resumes) || s.NextGame != 1 {
		t.Fatalf("board during the break: %+v", s)
	}
	_, err = d.EndBreak(ctx, org("host"))
	ok(t, err)
	if s, _ := d.Status(); s.Break != nil {
		t.Fatalf("board after the break: %+v", s.Break)
	}
}

func TestR12_BreakMinutesGivenMustBePositive(t *testing.T) {
	// 0 stands for "the schedule's length" only when no length was given:
	// a length typed as 0 or less is refused, never read as the schedule's.
	for _, tc := range []struct {
		minutes int
		say     string
	}{
		{0, "durée de pause de 0 minute invalide"},
		{-5, "durée de pause de -5 minutes invalide"},
		{241, "entre 1 et 240"},
	} {
		err := CheckBreakMinutes(tc.minutes)
		wantCode(t, err, EInvalid)
		if !strings.Contains(ErrorMessage(err), tc.say) {
			t.Fatalf("CheckBreakMinutes(%d): %q, want %q", tc.minutes, ErrorMessage(err), tc.say)
		}
	}
	ok(t, CheckBreakMinutes(1))
	ok(t, CheckBreakMinutes(240))
	d, store := entranceDay(t)
	before := store.count()
	_, err := d.StartBreak(context.Background(), org("host"), "", -5)
	wantCode(t, err, EInvalid)
	nothingWritten(t, store, before)
}
