package sim

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"loto/internal/eventfile"
	"loto/internal/journal"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
	"loto/internal/loto/lototest"
)

// newStore opens a fresh SQLite journal in the test's directory, with a
// clock that starts on the example day and ticks a second an event, so a
// day is the same from run to run.
func newStore(t *testing.T) *sqlite.Store {
	t.Helper()
	now := time.Date(2025, 3, 16, 8, 0, 0, 0, time.UTC)
	clock := func() time.Time { now = now.Add(time.Second); return now }
	s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "loto.db"), clock)
	ok(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// newDay opens a Day on a fresh SQLite journal with reproducible secrets.
func newDay(t *testing.T) (*loto.Day, *sqlite.Store) {
	t.Helper()
	store := newStore(t)
	return openDay(t, store), store
}

// openDay opens a Day on store with reproducible secrets.
func openDay(t *testing.T, store journal.Store) *loto.Day {
	t.Helper()
	var seed [32]byte
	seed[0] = 1
	d, err := loto.OpenWith(context.Background(), store, loto.Options{Rand: rand.NewChaCha8(seed)})
	ok(t, err)
	return d
}

// org is an organiser named name: the organiser may run every command.
func org(name string) loto.Actor { return loto.Actor{Name: name, Role: loto.RoleOrganiser} }

// reopen replays the journal into a new Day.
func reopen(t *testing.T, store journal.Store) *loto.Day {
	t.Helper()
	d, err := loto.Open(context.Background(), store)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	return d
}

// events reads the whole journal.
func events(t *testing.T, store journal.Store) []journal.Event {
	t.Helper()
	var out []journal.Event
	ok(t, store.Read(context.Background(), 1, func(e journal.Event) error { out = append(out, e); return nil }))
	return out
}

// wantRoles fails unless every event of store whose type want lists is
// signed by name in that type's role (see wantSigned); it returns the
// types it found.
func wantRoles(t *testing.T, store journal.Store, name string, want map[string]loto.Role) (seen map[string]bool) {
	t.Helper()
	seen = map[string]bool{}
	for _, e := range events(t, store) {
		if role, listed := want[e.Type]; listed {
			seen[e.Type] = true
			wantSigned(t, e, name, role)
		}
	}
	return seen
}

// wantSigned fails unless event e is signed by name in role (a cashier at
// the desk of the event's payload), in the journal's form of an actor.
func wantSigned(t *testing.T, e journal.Event, name string, role loto.Role) {
	t.Helper()
	a := loto.Actor{Name: name, Role: role}
	if role == loto.RoleCashier {
		var p struct{ Desk string }
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			t.Fatalf("event %d (%s): %v", e.Seq, e.Type, err)
		}
		a.Desk = p.Desk
	}
	if err := a.Check(); err != nil || e.Actor != a.String() {
		t.Fatalf("event %d (%s) signed %q, want %q (%v)", e.Seq, e.Type, e.Actor, a.String(), err)
	}
}

// head is the journal's last sequence number.
func head(t *testing.T, store journal.Store) int64 {
	t.Helper()
	h, err := store.Head(context.Background())
	ok(t, err)
	return h.Seq
}

// megaLoto is the example day of the rulebook.
func megaLoto(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../../examples/mega-loto.yaml")
	ok(t, err)
	return b
}

// eventSpec reads an event file that a test knows to be valid.
func eventSpec(t *testing.T, file []byte) *loto.EventSpec {
	t.Helper()
	spec, _, err := eventfile.Parse(file)
	ok(t, err)
	return spec
}

// The checks of loto's errors, shared with the other packages built on loto.
var (
	ok       = lototest.OK
	wantCode = lototest.WantCode
)
