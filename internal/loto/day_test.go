package loto

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"loto/internal/journal"
)

func TestIdempotencyKeyReturnsTheFirstAnswer(t *testing.T) {
	d, store := gameDay(t, "rng", quineGame("regular", voucher30))
	ctx := WithKey(context.Background(), "draw-1")
	start(t, d)
	first, err := d.Draw(ctx, org("host"), 0)
	ok(t, err)
	n := len(store.all())
	again, err := d.Draw(ctx, org("host"), 0)
	ok(t, err)
	if again != first || len(store.all()) != n {
		t.Fatalf("retry gave %+v (first %+v) and wrote %d events", again, first, len(store.all())-n)
	}
	// Another process retrying with the key gets the same answer.
	other := reopen(t, store)
	again, err = other.Draw(ctx, org("host"), 0)
	ok(t, err)
	if again != first {
		t.Fatalf("other process: %+v, want %+v", again, first)
	}
	_, err = d.Stamp(ctx, org("caisse-1"), serialsIn(t, []string{serialOf(t, d, "A", 1)}))
	wantCode(t, err, EConflict) // the key served another command
}

func TestConflictCatchesUpAndRetries(t *testing.T) {
	d1, store := gameDay(t, "rng", quineGame("regular", voucher30))
	_, err := d1.StartGame(context.Background(), org("host"))
	ok(t, err)
	d2 := reopen(t, store)
	ctx := context.Background()
	a, err := d1.Draw(ctx, org("host"), 0)
	ok(t, err)
	b, err := d2.Draw(ctx, org("host"), 0) // d2 is one event behind: conflict, catch up, retry
	ok(t, err)
	if a.Number == b.Number {
		t.Fatalf("both drew %d", a.Number)
	}
	ok(t, d1.Refresh(ctx))
	s1, _ := d1.Status()
	s2, _ := d2.Status()
	if !reflect.DeepEqual(s1.Drawn, s2.Drawn) || len(s1.Drawn) != 2 {
		t.Fatalf("drawn %v vs %v", s1.Drawn, s2.Drawn)
	}
}

func TestConcurrentCommandsOnOneDay(t *testing.T) {
	d, store := gameDay(t, "rng", quineGame("regular", voucher30))
	ctx := context.Background()
	done := make(chan error)
	start(t, d)
	for range 20 {
		go func() {
			_, err := d.Draw(ctx, org("host"), 0)
			done <- err
		}()
	}
	for range 20 {
		ok(t, <-done)
	}
	st, _ := d.Status()
	if len(st.Drawn) != 20 {
		t.Fatalf("drawn %d", len(st.Drawn))
	}
	compareStates(t, d, reopen(t, store))
}

// compareStates fails unless two days hold the same state.
func compareStates(t *testing.T, a, b *Day) {
	t.Helper()
	va, vb := stateView(t, a), stateView(t, b)
	for k := range va {
		if !reflect.DeepEqual(va[k], vb[k]) {
			t.Errorf("%s differs after replay:\nlive   %#v\nreplay %#v", k, va[k], vb[k])
		}
	}
}

// stateView is everything the state knows, caches aside.
func stateView(t *testing.T, d *Day) map[string]any {
	t.Helper()
	v := map[string]any{}
	d.View(func(st *State) {
		v["head"] = st.head
		v["event"] = st.event
		v["ended"] = st.ended
		v["series"] = st.SeriesList()
		v["secrets"] = st.secrets
		v["stamped"] = st.stamped
		v["voided"] = st.voided
		v["claims"] = st.claims
		v["ties"] = st.ties
		v["results"] = st.Results()
		v["entrance"] = *st.ent // desks, sales, tickets, refunds, postponement, breaks
		v["privacy"] = *st.priv // what became of each personal record
		var games []map[string]any
		for _, g := range st.games {
			games = append(games, map[string]any{
				"number": g.Number, "title": g.Title, "spec": g.Spec, "stage": g.Stage, "phase": g.Phase,
				"stages": g.Stages, "drawn": g.Drawn(), "call": g.call, "control": g.control,
				"controlDraws": g.controlDraws, "tokens": g.tokens, "declined": g.declined,
				"started": g.started, "seedSHA256": g.SeedSHA256, "seed": g.Seed, "cutShort": g.CutShort,
			})
		}
		v["games"] = games
		n, err := st.Callable()
		if err != nil {
			t.Fatal(err)
		}
		v["callable"] = n
	})
	return v
}

func TestReplayGivesTheSameStateAtEveryStep(t *testing.T) {
	d, store := gameDay(t, "manual", quineGame("regular", robot)+quineGame("regular, special", voucher20))
	ctx := context.Background()
	cards, typed := tie(t, d, "A", 3)
	serials := stamp(t, d, "A", cards...)
	check := func(step string) {
		t.Helper()
		t.Run(step, func(t *testing.T) { compareStates(t, d, reopen(t, store)) })
	}
	check("stamped")
	start(t, d)
	typeNumbers(t, d, typed[:3]...)
	check("drawing")
	typeNumbers(t, d, typed[3:]...)
	_, err := d.Claim(ctx, org("c"), serialIn(t, serials[0]))
	ok(t, err)
	check("called")
	_, err = d.Claim(ctx, org("c"), serialIn(t, serials[1]))
	ok(t, err)
	_, err = d.Claim(ctx, org("c"), serialIn(t, serials[2]))
	ok(t, err)
	_, err = d.StartControl(ctx, org("c"))
	ok(t, err)
	check("control")
	_, err = d.Exclude(ctx, org("org"), ExclusionRequest{Why: "perturbe le jeu", Cards: serialsIn(t, serials[:1])})
	ok(t, err)
	check("voided")
	_, err = d.DrawTokens(ctx, org("c"), nil)
	ok(t, err)
	check("tokens")
	_, err = d.Award(ctx, org("host"))
	ok(t, err)
	check("awarded")
	_, err = d.StartGame(ctx, org("host"))
	ok(t, err)
	typeNumbers(t, d, 1, 2, 3)
	_, err = d.Undo(ctx, org("host"), "")
	ok(t, err)
	check("undone")
}

// An event of a type the state does not know is a broken journal, live
// and on replay, never skipped: the error names the event and its type.
func TestUnknownEventTypeStopsTheDay(t *testing.T) {
	d, store := gameDay(t, "rng", quineGame("regular", voucher30))
	ctx := context.Background()
	_, err := store.Append(ctx, d.Head(), journal.Draft{Actor: "web", Type: "device.registered", Payload: []byte(`{}`)})
	ok(t, err)
	seq := d.Head() + 1
	named := func(err error) {
		t.Helper()
		wantCode(t, err, EInternal)
		if msg := err.Error(); !strings.Contains(msg, fmt.Sprintf("événement %d", seq)) || !strings.Contains(msg, "device.registered") {
			t.Fatalf("error %q does not name event %d and its type", msg, seq)
		}
	}
	_, err = d.Draw(ctx, org("host"), 0) // live: the Day catches up first
	named(err)
	_, err = d.Draw(ctx, org("host"), 0)
	named(err)
	_, err = Open(ctx, store)
	named(err)
}

func TestCorruptJournalStopsTheDay(t *testing.T) {
	d, store := gameDay(t, "rng", quineGame("regular", voucher30))
	ctx := context.Background()
	start(t, d)
	// A draw of another process for a game that does not run.
	_, err := store.Append(ctx, d.Head(), journal.Draft{Actor: "x", Type: TypeNumberDrawn, Payload: []byte(`{"game":7,"number":5}`)})
	ok(t, err)
	_, err = d.Draw(ctx, org("host"), 0)
	wantCode(t, err, EInternal)
	_, err = d.Draw(ctx, org("host"), 0)
	wantCode(t, err, EInternal)
	_, err = Open(ctx, store)
	wantCode(t, err, EInternal)
}

func TestReplayInSmallChunks(t *testing.T) {
	d, store := playDay(t)
	defer func(n int) { catchUpChunk = n }(catchUpChunk)
	catchUpChunk = 7
	compareStates(t, d, reopen(t, store))
}

func TestIdempotencyKey_RetryThatLosesToItsFirstAttemptReturnsIt(t *testing.T) {
	d, store := gameDay(t, "rng", quineGame("regular", voucher30))
	ctx := WithKey(context.Background(), "start-1")
	// The retry checks its key before the first attempt lands in another
	// process; the retry's check then fails because of the first attempt
	// (the game has started), so it must return the first answer.
	hs := &hookStore{Store: store}
	retry, err := Open(context.Background(), hs)
	ok(t, err)
	var first StartResult
	hs.afterByKey = func() {
		first, err = d.StartGame(ctx, org("host"))
		ok(t, err)
	}
	again, err := retry.StartGame(ctx, org("host"))
	ok(t, err)
	if !reflect.DeepEqual(again, first) || len(events(t, store, TypeGameStarted)) != 1 {
		t.Fatalf("retry gave %+v, first %+v", again, first)
	}
}

func TestReplayGivesTheSameEntranceState(t *testing.T) {
	d, store := entranceDay(t, "caisse-1", "voiture")
	ctx := context.Background()
	check := func(step string) {
		t.Helper()
		t.Run(step, func(t *testing.T) { compareStates(t, d, reopen(t, store)) })
	}
	s := sell(t, d, "caisse-1", 1200, serials(t, d, "A", 1, 2, 3)...)
	sell(t, d, "voiture", 600, serialOf(t, d, "V", 1))
	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Tickets: 2})
	ok(t, err)
	_, err = d.Admit(ctx, org("jean"), "porte-1", ticketOf(t, r.Tickets[0].Code), serialIn(t, serialOf(t, d, "A", 10)))
	ok(t, err)
	check("sold and admitted")
	_, err = d.Exclude(ctx, org("org"), ExclusionRequest{Why: "perturbe le jeu", Sales: []int{s.ID}, Tickets: ticketCodes(t, []string{r.Tickets[0].Code})})
	ok(t, err)
	_, err = d.StartBreak(ctx, org("host"), "", 0)
	ok(t, err)
	check("refunded, on a break")
	_, err = d.EndBreak(ctx, org("host"))
	ok(t, err)
	_, err = d.CloseDesk(ctx, org("caissier"), CloseRequest{Desk: "voiture", Count: []Denomination{{Cents: 500, Count: 1}}})
	ok(t, err)
	_, err = d.Postpone(ctx, org("org"), "")
	ok(t, err)
	check("closed and postponed")
}

// losingStore is a journal whose appends always lose to another writer, as
// when many instances write at once right after the database came back.
type losingStore struct{ journal.Store }

func (losingStore) Append(context.Context, int64, ...journal.Draft) ([]journal.Event, error) {
	return nil, journal.ErrConflict
}

func TestWriteThatKeepsLosingToOtherWritersIsUnavailableNotAConflict(t *testing.T) {
	_, store := gameDay(t, "rng", quineGame("regular", voucher30))
	before := store.count()
	busy, err := Open(context.Background(), losingStore{store})
	ok(t, err)
	_, err = busy.StartGame(WithKey(context.Background(), "start-1"), org("host"))
	// A desk settles a conflict with its buyer but sends an unavailable
	// sale again by itself: losing the race is the second kind.
	if ErrorCode(err) != EUnavailable {
		t.Fatalf("a write that lost every retry answered %v (code %q), want %q", err, ErrorCode(err), EUnavailable)
	}
	if store.count() != before {
		t.Fatalf("the journal went from %d to %d events", before, store.count())
	}
}
