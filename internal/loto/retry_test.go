package loto

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"loto/internal/journal"
)

// rushStore is an instance's journal while the other instances' writers
// rush at once: for the rush's length from its first append, every append
// loses to one of theirs, then appends go through.
type rushStore struct {
	journal.Store
	rush    time.Duration
	started time.Time
	tries   atomic.Int64
}

func (s *rushStore) Append(ctx context.Context, expected int64, drafts ...journal.Draft) ([]journal.Event, error) {
	if s.tries.Add(1) == 1 {
		s.started = time.Now()
	}
	if time.Since(s.started) < s.rush {
		return nil, journal.ErrConflict
	}
	return s.Store.Append(ctx, expected, drafts...)
}

// TestConcurrency_WriteOutlastsOtherWritersRushingAtOnce: right after the
// database came back, the queued writers of the other instances win every
// append for 60 ms. A sale caught in that rush, on a real SQLite file, is
// recorded once the rush ends: pauses spread its tries over more than
// the rush, where its fifty immediate tries passed within a few
// milliseconds and it was refused.
func TestConcurrency_WriteOutlastsOtherWritersRushingAtOnce(t *testing.T) {
	open := backends()[0].open(t)
	days, _ := sharedDay(t, open)
	card := serialOf(t, days[0], "A", 1)
	rush := &rushStore{Store: open(), rush: 60 * time.Millisecond}
	d, err := Open(context.Background(), rush)
	ok(t, err)
	began := time.Now()
	_, err = d.Sell(WithKey(context.Background(), "vente-1"), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{card}), Payments: cash(500)})
	if err != nil {
		t.Fatalf("the sale caught in a %s rush: %v (code %s) after %d tries in %s", rush.rush, err, ErrorCode(err), rush.tries.Load(), time.Since(began))
	}
	t.Logf("recorded at try %d, %s after the rush began", rush.tries.Load(), time.Since(began).Round(time.Millisecond))
	if n := len(events(t, open(), TypeSaleRecorded)); n != 1 {
		t.Fatalf("%d sales in the journal, want 1", n)
	}
}

// cancellingStore loses every append to another writer and ends the
// command's context at its fourth.
type cancellingStore struct {
	journal.Store
	cancel context.CancelFunc
	tries  int
}

func (s *cancellingStore) Append(context.Context, int64, ...journal.Draft) ([]journal.Event, error) {
	if s.tries++; s.tries == 4 {
		s.cancel()
	}
	return nil, journal.ErrConflict
}

// TestWriteThatLosesStopsWaitingWhenItsContextEnds: the pauses between the
// tries of a losing write stop with its context (a client gone, a server
// stopping): no further try, an unavailable answer, nothing recorded.
func TestWriteThatLosesStopsWaitingWhenItsContextEnds(t *testing.T) {
	d, store := newDay(t)
	_, err := d.CreateEvent(context.Background(), org("org"), eventSpec(t, eventYAML("rng", quineGame("regular", voucher30))))
	ok(t, err)
	before := store.count()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	losing := &cancellingStore{Store: store, cancel: cancel}
	busy, err := Open(context.Background(), losing)
	ok(t, err)
	_, err = busy.StartGame(WithKey(ctx, "start-1"), org("host"))
	if ErrorCode(err) != EUnavailable || !errors.Is(err, context.Canceled) || losing.tries != 4 {
		t.Fatalf("after its context ended at the 4th try the write made %d tries and answered %v (code %q), want 4 and unavailable", losing.tries, err, ErrorCode(err))
	}
	if store.count() != before {
		t.Fatalf("the journal went from %d to %d events", before, store.count())
	}
}
