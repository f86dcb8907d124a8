package loto

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"
	"time"
)

// testRand is a reproducible source of seeds and keys for tests.
func testRand(seed byte) *rand.ChaCha8 {
	var s [32]byte
	s[0] = seed
	return rand.NewChaCha8(s)
}

// newDay opens a Day on a fresh in-memory journal with reproducible secrets.
func newDay(t *testing.T) (*Day, *memStore) {
	t.Helper()
	store := newMemStore()
	d, err := OpenWith(context.Background(), store, Options{Rand: testRand(1), Clock: testClock})
	if err != nil {
		t.Fatal(err)
	}
	return d, store
}

// testClock is the time of the tests' commands: noon on the day of their
// event files, after the doors (08:00) and the start of the games (11:00).
func testClock() time.Time {
	return time.Date(2025, 3, 16, 12, 0, 0, 0, (&EventSpec{}).Location())
}

// reopen replays the journal into a new Day.
func reopen(t *testing.T, store *memStore) *Day {
	t.Helper()
	d, err := OpenWith(context.Background(), store, Options{Clock: testClock})
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	return d
}

// megaLoto is the example day of the rulebook.
func megaLoto(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../../examples/mega-loto.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// ok fails the test on an error. It, wantCode, wantSays and eventYAML are
// lototest's for the other packages' tests: loto's own cannot import a
// package that imports loto.
func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// wantCode fails unless err is an *Error of code.
func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %s", code)
	}
	if got := ErrorCode(err); got != code {
		t.Fatalf("error %q has code %s, want %s", err, got, code)
	}
}

// nothingWritten fails if the journal took an append since before.
func nothingWritten(t *testing.T, store *memStore, before int) {
	t.Helper()
	if n := store.count(); n != before {
		t.Fatalf("bad input appended %d batches", n-before)
	}
}

// org is an organiser named name: the organiser may run every command.
func org(name string) Actor { return Actor{Name: name, Role: RoleOrganiser} }

// errOf keeps the error of a command's answer.
func errOf(_ any, err error) error { return err }
