package sim

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"loto/internal/journal"
	"loto/internal/loto"
)

// liveDay is the example day created on a fresh SQLite file.
func liveDay(t *testing.T) (*loto.Day, journal.Store) {
	t.Helper()
	d, store := newDay(t)
	_, err := d.CreateEvent(context.Background(), org("org"), eventSpec(t, megaLoto(t)))
	ok(t, err)
	return d, store
}

// stopMidGame runs a demo until game number has drawn a few numbers, then
// cancels it.
func stopMidGame(t *testing.T, d *loto.Day, number int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- Live(ctx, d, LiveOptions{Players: 40, Seed: 1, Interval: time.Millisecond}) }()
	for {
		select {
		case err := <-done:
			t.Fatalf("the demo ended before game %d: %v", number, err)
		case <-time.After(time.Millisecond):
		}
		mid := false
		d.View(func(st *loto.State) {
			g := st.Current()
			mid = g != nil && g.Number == number && g.Phase == loto.PhaseDrawing && len(g.Drawn()) >= 3
		})
		if mid {
			cancel()
			break
		}
	}
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled demo returned %v, want the context's error", err)
	}
}

// TestLive_RestartMidGameContinuesWithoutRepeating: a demo stopped in the
// middle of a game and started again on the same SQLite file continues that
// game: no sale, reservation nor game start made twice, every stage of the
// programme awarded once, the chain verifies and the draws audit passes.
func TestLive_RestartMidGameContinuesWithoutRepeating(t *testing.T) {
	d, store := liveDay(t)
	stopMidGame(t, d, 3)
	stopped := head(t, store)
	var drawnBefore int
	d.View(func(st *loto.State) { drawnBefore = len(st.Current().Drawn()) })

	d = reopen(t, store)
	ok(t, Live(context.Background(), d, LiveOptions{Players: 40, Seed: 2, Interval: time.Millisecond}))

	ev := d.Event()
	count := map[string]int{}
	var firstDrawAfter *journal.Event
	for _, e := range events(t, store) {
		count[e.Type]++
		if e.Seq <= stopped {
			continue
		}
		switch e.Type {
		case loto.TypeSaleRecorded, loto.TypeReservationCreated, loto.TypeTicketCrossed, loto.TypeDeskOpened:
			t.Fatalf("event %d: the restarted demo made a %s again", e.Seq, e.Type)
		case loto.TypeNumberDrawn:
			if firstDrawAfter == nil {
				firstDrawAfter = &e
			}
		}
	}
	if count[loto.TypeGameStarted] != len(ev.Programme) {
		t.Fatalf("%d games started for a programme of %d", count[loto.TypeGameStarted], len(ev.Programme))
	}
	stages := 0
	for _, g := range ev.Programme {
		stages += len(g.Stages)
	}
	if count[loto.TypePrizeAwarded] != stages {
		t.Fatalf("%d awards for %d stages", count[loto.TypePrizeAwarded], stages)
	}
	if count[loto.TypeBreakStarted] != len(ev.Schedule.Breaks) || count[loto.TypeBreakEnded] != len(ev.Schedule.Breaks) {
		t.Fatalf("breaks started %d, ended %d, for %d in the schedule", count[loto.TypeBreakStarted], count[loto.TypeBreakEnded], len(ev.Schedule.Breaks))
	}
	for _, typ := range []string{loto.TypeClaimRegistered, loto.TypeControlStarted, loto.TypeTieTokens} {
		if count[typ] == 0 {
			t.Errorf("the demo made no %s", typ)
		}
	}
	// The first number after the restart belongs to the interrupted game.
	var p struct{ Game int }
	ok(t, json.Unmarshal(firstDrawAfter.Payload, &p))
	if p.Game != 3 {
		t.Fatalf("the restarted demo drew first in game %d, want the interrupted game 3", p.Game)
	}
	var game3 int
	for _, r := range d.Results() {
		if r.Number == 3 {
			for _, s := range r.Stages {
				game3 = max(game3, len(s.Draws))
			}
		}
	}
	if game3 <= drawnBefore {
		t.Fatalf("game 3 ended with %d numbers, no more than the %d before the stop", game3, drawnBefore)
	}
	if _, err := journal.Verify(context.Background(), store); err != nil {
		t.Fatalf("the demo's chain does not verify: %v", err)
	}
	rep, err := loto.AuditDraws(events(t, store))
	ok(t, err)
	if !rep.OK() {
		t.Fatalf("the draws audit fails: %+v", rep.Failures)
	}
}

// TestLive_ActsInTheRoleOfEachAct: the demo signs every act "démo" in the
// role of the act; the numbers are the software's own (the system role).
func TestLive_ActsInTheRoleOfEachAct(t *testing.T) {
	d, store := liveDay(t)
	stopMidGame(t, d, 2)
	want := map[string]loto.Role{
		loto.TypeDeskOpened: loto.RoleCashier, loto.TypeSaleRecorded: loto.RoleCashier, loto.TypeTicketCrossed: loto.RoleDoor,
		loto.TypeReservationCreated: loto.RoleOrganiser, loto.TypeGameStarted: loto.RoleHost, loto.TypeNumberDrawn: loto.RoleSystem,
		loto.TypeControlStarted: loto.RoleHost, loto.TypePrizeAwarded: loto.RoleHost, loto.TypeClaimRegistered: loto.RoleController,
	}
	seen := wantRoles(t, store, demoName, want)
	for typ := range want {
		if !seen[typ] {
			t.Errorf("the demo made no %s before game 2", typ)
		}
	}
}

// TestLive_StopsPromptlyWhenCancelled: a demo waiting for its next number
// returns at once when its context ends.
func TestLive_StopsPromptlyWhenCancelled(t *testing.T) {
	d, _ := liveDay(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Live(ctx, d, LiveOptions{Players: 10, Seed: 1, Interval: time.Hour}) }()
	for started := false; !started; time.Sleep(time.Millisecond) {
		d.View(func(st *loto.State) { started = len(st.Games()) > 0 })
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("a cancelled demo returned %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the demo did not stop within 5 s of its cancel")
	}
}
