package journaltest

import (
	"context"
	"errors"
	"testing"
	"time"

	"loto/internal/journal"
)

// testExclusive: while a turn lasts, another writer's append waits, even
// one that read the head before the turn began; the turn's holder reads
// the head and the events meanwhile, and its append wins; the other's
// then finds the head moved and writes nothing. A turn released without
// appending leaves the journal to the others.
func testExclusive(t *testing.T, b Backend) {
	ctx := context.Background()
	s := b.Open(t)
	ex, ok := s.(journal.Exclusive)
	if !ok {
		t.Fatalf("%T has no exclusive turn (journal.Exclusive)", s)
	}
	mustAppend(t, s, 0, Draft("first", 1))
	turn, err := ex.Exclude(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer turn.Release()
	other := make(chan error, 1)
	go func() {
		_, err := s.Append(ctx, 1, Draft("other", 2))
		other <- err
	}()
	// However long the holder takes to catch up, the other append must
	// not end before the turn does: the wait only gives it time to try.
	select {
	case err := <-other:
		t.Fatalf("another writer's append ended during the turn (err = %v)", err)
	case <-time.After(200 * time.Millisecond):
	}
	if h, err := s.Head(ctx); err != nil || h.Seq != 1 {
		t.Fatalf("head read during the turn: %+v, %v; want 1", h, err)
	}
	if n := len(All(t, s)); n != 1 {
		t.Fatalf("%d events read during the turn, want 1", n)
	}
	evs, err := turn.Append(ctx, 1, Draft("turn", 3))
	if err != nil || len(evs) != 1 || evs[0].Seq != 2 {
		t.Fatalf("the turn's append: %v, %v; want event 2", evs, err)
	}
	if err := <-other; !errors.Is(err, journal.ErrConflict) {
		t.Fatalf("the append that waited for the turn: err = %v, want ErrConflict", err)
	}
	if _, err := turn.Append(ctx, 2, Draft("again", 4)); err == nil {
		t.Fatal("a turn appended twice")
	}
	released, err := ex.Exclude(ctx)
	if err != nil {
		t.Fatal(err)
	}
	released.Release()
	mustAppend(t, s, 2, Draft("after", 5))
	if got := All(t, s); len(got) != 3 || got[1].Type != "turn" || got[2].Type != "after" {
		t.Fatalf("journal after the turns: %v", got)
	}
	if _, err := journal.Verify(ctx, s); err != nil {
		t.Fatal(err)
	}
}
