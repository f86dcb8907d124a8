package loto

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"loto/internal/journal"
	"loto/internal/journal/postgres"
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
	_, store := gameDay(t, "rng", quineGame("regular", voucher30))
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

// loserStore is an instance's journal on which the appends of the command
// with key loser lose to another writer until another command's append,
// made through the same store, went through.
type loserStore struct {
	journal.Store
	loser   string
	lost    chan struct{} // closed at the loser's first lost append
	started chan struct{} // the loser's first append waits for it
	mu      sync.Mutex
	losses  int
	other   bool // another command's append went through
}

func (s *loserStore) Append(ctx context.Context, expected int64, drafts ...journal.Draft) ([]journal.Event, error) {
	if slices.ContainsFunc(drafts, func(d journal.Draft) bool { return d.Key == s.loser }) {
		s.mu.Lock()
		lose := !s.other
		if lose {
			s.losses++
		}
		first := s.losses == 1 && lose
		s.mu.Unlock()
		if first {
			close(s.lost)
			<-s.started
		}
		if lose {
			return nil, journal.ErrConflict
		}
		return s.Store.Append(ctx, expected, drafts...)
	}
	evs, err := s.Store.Append(ctx, expected, drafts...)
	if err == nil {
		s.mu.Lock()
		s.other = true
		s.mu.Unlock()
	}
	return evs, err
}

// TestConcurrency_OtherCommandsRunWhileAWriteWaitsToRetry: a sale keeps
// losing its append to other instances' writers; a sale at another desk
// of the same instance, asked meanwhile, does not wait behind the loser's
// pauses: it is recorded first, and the loser, which catches up with it,
// right after. The Day's lock held during the pauses kept the second sale
// waiting until the first had lost all its tries and been refused.
func TestConcurrency_OtherCommandsRunWhileAWriteWaitsToRetry(t *testing.T) {
	open := backends()[0].open(t)
	days, _ := sharedDay(t, open)
	cards := []string{serialOf(t, days[0], "A", 1), serialOf(t, days[0], "A", 2)}
	s := &loserStore{Store: open(), loser: "vente-perdante", lost: make(chan struct{}), started: make(chan struct{})}
	d, err := Open(context.Background(), s)
	ok(t, err)
	sell := func(key, desk, card string) error {
		_, err := d.Sell(WithKey(context.Background(), Key(key)), org("caissier"), SaleRequest{Desk: desk, Cards: cardCodes(t, []string{card}), Payments: cash(500)})
		return err
	}
	loser := make(chan error, 1)
	go func() { loser <- sell("vente-perdante", "caisse-1", cards[0]) }()
	<-s.lost
	other := make(chan error, 1)
	go func() {
		close(s.started)
		other <- sell("vente-autre", "caisse-2", cards[1])
	}()
	if err := <-loser; err != nil {
		t.Fatalf("the losing sale, after %d lost appends: %v (code %s)", s.losses, err, ErrorCode(err))
	}
	ok(t, <-other)
	sales := events(t, open(), TypeSaleRecorded)
	if len(sales) != 2 || sales[0].Key != "vente-autre" || sales[1].Key != "vente-perdante" {
		t.Fatalf("sales in the journal: %v, want the other desk's then the loser's", sales)
	}
	if s.losses < immediateRetries+1 {
		t.Fatalf("the loser lost %d appends, want at least %d (its immediate retries, then a pause)", s.losses, immediateRetries+1)
	}
}

// TestConcurrency_EveryWriteWinsAgainstWritersThatNeverStop: on one
// PostgreSQL, eight instances sell, each its own cards on its own store
// and connections, while sixteen other writers (four more instances'
// connections) append without a pause
// until the sales end (organiser sessions, straight to the journal: they
// have nothing to catch up with, so they win most races). Every sale is
// recorded, once, and the chain verifies. With optimistic tries only, a
// sale now and then lost fifty in a row and was refused (one run in three
// on the loaded development machine;
// TestConcurrency_WriteThatLosesEveryRaceWinsInItsTurn is the sure case):
// a write that loses a few times now takes the journal's exclusive turn,
// and its next try cannot lose.
func TestConcurrency_EveryWriteWinsAgainstWritersThatNeverStop(t *testing.T) {
	open := backends()[1].open(t)
	first, err := Open(context.Background(), open())
	ok(t, err)
	ctx := context.Background()
	_, err = first.CreateEvent(ctx, org("org"), eventSpec(t, []byte(entranceYAML)))
	ok(t, err)
	for _, dk := range []string{"caisse-1", "caisse-2"} {
		_, err = first.OpenDesk(ctx, org("caissier"), dk, 0)
		ok(t, err)
	}
	const sellers, sales, hammers = 8, 10, 16
	days := make([]*Day, sellers)
	for i := range days {
		days[i], err = Open(ctx, open())
		ok(t, err)
	}
	cards := make([][]CardCode, sellers*sales)
	for n := range cards {
		cards[n] = cardCodes(t, []string{serialOf(t, first, "A", 1+n)})
	}
	errs := make(chan error, sellers*sales+hammers)
	done := make(chan struct{})
	var hammering sync.WaitGroup
	var stores []journal.Store
	for h := range hammers {
		if h%4 == 0 {
			stores = append(stores, open())
		}
		store := stores[h/4]
		hammering.Add(1)
		go func() {
			defer hammering.Done()
			for n := 0; ; n++ {
				select {
				case <-done:
					return
				default:
				}
				head, err := store.Head(ctx)
				if err == nil {
					dr, derr := draft(org("organisateur"), TypeSessionOpened, SessionOpened{TokenSHA256: sha256Hex(fmt.Appendf(nil, "%d-%d", h, n)), Expires: testClock()})
					ok(t, derr)
					_, err = store.Append(ctx, head.Seq, dr)
				}
				if err != nil && !errors.Is(err, journal.ErrConflict) {
					errs <- fmt.Errorf("writer %d: %w", h, err)
					return
				}
			}
		}()
	}
	var selling sync.WaitGroup
	for i, d := range days {
		selling.Add(1)
		go func() {
			defer selling.Done()
			for j := range sales {
				key := fmt.Sprintf("vente-%d-%d", i, j)
				_, err := d.Sell(WithKey(ctx, Key(key)), org("caissier"), SaleRequest{Desk: []string{"caisse-1", "caisse-2"}[i%2], Cards: cards[i*sales+j], Payments: cash(500)})
				if err != nil {
					errs <- fmt.Errorf("sale %s: %w (code %s)", key, err, ErrorCode(err))
				}
			}
		}()
	}
	selling.Wait()
	close(done)
	hammering.Wait()
	close(errs)
	failed := 0
	for err := range errs {
		failed++
		t.Error(err)
	}
	if failed > 0 {
		t.Fatalf("%d failures for %d sales", failed, sellers*sales)
	}
	store := open()
	keys := map[string]bool{}
	for _, e := range events(t, store, TypeSaleRecorded) {
		if keys[e.Key] {
			t.Fatalf("sale %s recorded twice", e.Key)
		}
		keys[e.Key] = true
	}
	if len(keys) != sellers*sales {
		t.Fatalf("%d sales in the journal, want %d", len(keys), sellers*sales)
	}
	h, err := journal.Verify(ctx, store)
	ok(t, err)
	t.Logf("%d events in the journal, %d of them sales", h.Seq, len(keys))
}

// rivalStore is an instance's PostgreSQL journal beside another instance's
// writer that appends right before each of the instance's appends, so
// that every one of them loses; it also tries to append at the start of
// each exclusive turn, which must keep it out.
type rivalStore struct {
	*postgres.Store
	rival  *postgres.Store
	losses int
	inTurn chan error // the rival's appends tried during a turn
}

// rivalAppends appends an organiser session after the head the rival reads.
func (s *rivalStore) rivalAppends(ctx context.Context, head int64) error {
	dr, err := draft(org("organisateur"), TypeSessionOpened, SessionOpened{TokenSHA256: sha256Hex(fmt.Appendf(nil, "%d", head)), Expires: testClock()})
	if err == nil {
		_, err = s.rival.Append(ctx, head, dr)
	}
	return err
}

func (s *rivalStore) Append(ctx context.Context, expected int64, drafts ...journal.Draft) ([]journal.Event, error) {
	head, err := s.rival.Head(ctx)
	if err == nil {
		err = s.rivalAppends(ctx, head.Seq)
	}
	if err != nil {
		return nil, fmt.Errorf("the rival: %w", err)
	}
	s.losses++
	return s.Store.Append(ctx, expected, drafts...)
}

func (s *rivalStore) Exclude(ctx context.Context) (journal.Turn, error) {
	turn, err := s.Store.Exclude(ctx)
	if err != nil {
		return nil, err
	}
	head, err := s.rival.Head(ctx)
	if err != nil {
		turn.Release()
		return nil, err
	}
	go func() { s.inTurn <- s.rivalAppends(ctx, head.Seq) }()
	return turn, nil
}

// TestConcurrency_WriteThatLosesEveryRaceWinsInItsTurn: on PostgreSQL,
// another instance's writer appends right before each of a sale's
// appends, which all lose. After a few, the sale takes the journal's
// exclusive turn: the rival's append tried then waits for the turn and
// finds the head moved, and the sale is recorded, once. With optimistic
// tries only, the sale lost fifty and was refused.
func TestConcurrency_WriteThatLosesEveryRaceWinsInItsTurn(t *testing.T) {
	open := backends()[1].open(t)
	days, _ := sharedDay(t, open)
	card := serialOf(t, days[0], "A", 1)
	s := &rivalStore{Store: open().(*postgres.Store), rival: open().(*postgres.Store), inTurn: make(chan error, maxRetries)}
	d, err := Open(context.Background(), s)
	ok(t, err)
	_, err = d.Sell(WithKey(context.Background(), "vente-1"), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{card}), Payments: cash(500)})
	if err != nil {
		t.Fatalf("the sale, after %d lost appends: %v (code %s)", s.losses, err, ErrorCode(err))
	}
	if s.losses != turnAfterLosses {
		t.Fatalf("the sale lost %d appends, want %d before its turn", s.losses, turnAfterLosses)
	}
	if err := <-s.inTurn; !errors.Is(err, journal.ErrConflict) {
		t.Fatalf("the rival's append tried during the turn: %v, want a conflict", err)
	}
	sales := events(t, open(), TypeSaleRecorded)
	if len(sales) != 1 || sales[0].Key != "vente-1" {
		t.Fatalf("sales in the journal: %v, want vente-1 once", sales)
	}
	if _, err := journal.Verify(context.Background(), open()); err != nil {
		t.Fatal(err)
	}
}
