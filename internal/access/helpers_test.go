package access

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"loto/internal/eventfile"
	"loto/internal/journal"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
	"loto/internal/loto/lototest"
)

// testDay is a Day with its book, as access.Open gives them.
type testDay struct {
	*loto.Day
	*Book
}

// CatchUpIfBehind is the book's, which is the Day's.
func (d testDay) CatchUpIfBehind(ctx context.Context) (bool, error) {
	return d.Book.CatchUpIfBehind(ctx)
}

// testRand is a reproducible source of codes, tokens and keys for tests.
func testRand(seed byte) *rand.ChaCha8 {
	var s [32]byte
	s[0] = seed
	return rand.NewChaCha8(s)
}

// testClock is the time of the tests' commands: noon on the day of their
// event file.
func testClock() time.Time { return time.Date(2025, 3, 16, 12, 0, 0, 0, time.UTC) }

// newStore is a fresh journal on a real SQLite file.
func newStore(t *testing.T) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "loto.db"), nil)
	ok(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// openDay opens the day of store with its book, at clock's time.
func openDay(t *testing.T, store journal.Store, seed byte, clock func() time.Time) testDay {
	t.Helper()
	d, b, err := Open(context.Background(), store, loto.Options{Rand: testRand(seed), Clock: clock})
	ok(t, err)
	return testDay{d, b}
}

// newDay is a day on a fresh journal.
func newDay(t *testing.T) (testDay, *sqlite.Store) {
	t.Helper()
	store := newStore(t)
	return openDay(t, store, 1, testClock), store
}

// reopen replays the journal into a new day, as a restart or another
// server does.
func reopen(t *testing.T, store journal.Store) testDay {
	t.Helper()
	return openDay(t, store, 2, testClock)
}

// clockDay is a day on a fresh journal whose clock the test moves.
func clockDay(t *testing.T) (testDay, *sqlite.Store, *time.Time) {
	t.Helper()
	store := newStore(t)
	now := time.Date(2025, 3, 16, 9, 0, 0, 0, time.UTC)
	return openDay(t, store, 3, func() time.Time { return now }), store, &now
}

// eventDay is a day whose event has the desks caisse-1 and voiture.
func eventDay(t *testing.T) (testDay, *sqlite.Store) {
	t.Helper()
	d, store := newDay(t)
	spec, _, err := eventfile.Parse(lototest.EventYAML("rng",
		"  - {title: Partie, kinds: [regular], stages: [{stage: quine, prize: {label: Bon de 30 €, kind: voucher, cents: 3000, consolation: cidre}}]}\n"))
	ok(t, err)
	_, err = d.CreateEvent(context.Background(), org("org"), spec)
	ok(t, err)
	return d, store
}

// count is how many events the journal holds.
func count(t *testing.T, store journal.Store) int64 {
	t.Helper()
	h, err := store.Head(context.Background())
	ok(t, err)
	return h.Seq
}

// nothingWritten fails when the journal grew since it held before events.
func nothingWritten(t *testing.T, store journal.Store, before int64) {
	t.Helper()
	if n := count(t, store); n != before {
		t.Fatalf("%d events written, want none", n-before)
	}
}

// events are every event of the journal.
func events(t *testing.T, store journal.Store) []journal.Event {
	t.Helper()
	var all []journal.Event
	ok(t, store.Read(context.Background(), 1, func(e journal.Event) error { all = append(all, e); return nil }))
	return all
}

func ok(t *testing.T, err error) {
	t.Helper()
	lototest.OK(t, err)
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	lototest.WantCode(t, err, code)
}

func org(name string) loto.Actor { return loto.Actor{Name: name, Role: loto.RoleOrganiser} }

func errOf(_ any, err error) error { return err }
