// Package journaltest is the contract every journal.Store must pass: one
// suite, run against SQLite and PostgreSQL.
package journaltest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"loto/internal/journal"
)

// Backend is what the suite needs of a store under test.
type Backend struct {
	// Open returns a new, empty store; the backend closes it at test end.
	Open func(t *testing.T) journal.Store
	// Exec runs SQL directly on the store's database, behind its back, to
	// simulate tampering. The statements used are valid in both dialects.
	Exec func(t *testing.T, s journal.Store, query string)
}

// Run runs the whole contract.
func Run(t *testing.T, b Backend) {
	t.Run("Empty", func(t *testing.T) { testEmpty(t, b) })
	t.Run("AppendRead", func(t *testing.T) { testAppendRead(t, b) })
	t.Run("StaleExpectedIsConflict", func(t *testing.T) { testConflict(t, b) })
	t.Run("BatchAllOrNothing", func(t *testing.T) { testBatchAtomic(t, b) })
	t.Run("IdempotencyKey", func(t *testing.T) { testKey(t, b) })
	t.Run("Secrets", func(t *testing.T) { testSecrets(t, b) })
	t.Run("Personal", func(t *testing.T) { testPersonal(t, b) })
	t.Run("Erase", func(t *testing.T) { testErase(t, b) })
	t.Run("ConcurrentAppends", func(t *testing.T) { testConcurrent(t, b) })
	t.Run("ExclusiveTurn", func(t *testing.T) { testExclusive(t, b) })
	t.Run("Follow", func(t *testing.T) { testFollow(t, b) })
	t.Run("VerifyDetectsTampering", func(t *testing.T) { testTamper(t, b) })
	t.Run("AnchorsDetectCutAndRewrite", func(t *testing.T) { testAnchors(t, b) })
	t.Run("VerifyWhileAppending", func(t *testing.T) { testVerifyWhileAppending(t, b) })
	t.Run("Counter", func(t *testing.T) { RunCounter(t, func(t *testing.T) journal.Counter { return counter(t, b) }) })
	t.Run("SetupLinks", func(t *testing.T) {
		RunSetupLinks(t, func(t *testing.T) journal.SetupLinks {
			l, ok := b.Open(t).(journal.SetupLinks)
			if !ok {
				t.Fatal("the store is no journal.SetupLinks")
			}
			return l
		})
	})
}

// Draft builds a simple draft for tests.
func Draft(typ string, v any) journal.Draft {
	p, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return journal.Draft{Actor: "test", Type: typ, Payload: p}
}

func mustAppend(t *testing.T, s journal.Store, expected int64, d ...journal.Draft) []journal.Event {
	t.Helper()
	evs, err := s.Append(context.Background(), expected, d...)
	if err != nil {
		t.Fatalf("append after %d: %v", expected, err)
	}
	return evs
}

// All reads every event.
func All(t *testing.T, s journal.Store) []journal.Event {
	t.Helper()
	var out []journal.Event
	if err := s.Read(context.Background(), 1, func(e journal.Event) error {
		out = append(out, e)
		return nil
	}); err != nil {
		t.Fatalf("read: %v", err)
	}
	return out
}

func testEmpty(t *testing.T, b Backend) {
	s := b.Open(t)
	h, err := s.Head(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if h.Seq != 0 || h.Hash != journal.Genesis {
		t.Fatalf("head of an empty journal = %+v", h)
	}
	if n := len(All(t, s)); n != 0 {
		t.Fatalf("empty journal reads %d events", n)
	}
	if _, err := journal.Verify(context.Background(), s); err != nil {
		t.Fatalf("verify empty: %v", err)
	}
}

func testAppendRead(t *testing.T, b Backend) {
	s := b.Open(t)
	// Payload bytes are kept exactly, spacing and key order included.
	odd := journal.Draft{Actor: "caisse-1", Type: "odd", Payload: json.RawMessage(`{"b": 1,  "a":"é"}`)}
	first := mustAppend(t, s, 0, Draft("one", map[string]int{"n": 1}))
	more := mustAppend(t, s, 1, Draft("two", 2), odd)
	if first[0].Seq != 1 || more[0].Seq != 2 || more[1].Seq != 3 {
		t.Fatalf("sequences %d, %d, %d; want 1, 2, 3", first[0].Seq, more[0].Seq, more[1].Seq)
	}
	got := All(t, s)
	if len(got) != 3 {
		t.Fatalf("read %d events, want 3", len(got))
	}
	if string(got[2].Payload) != `{"b": 1,  "a":"é"}` || got[2].Actor != "caisse-1" || got[2].Type != "odd" {
		t.Fatalf("event 3 read back as %+v", got[2])
	}
	for i, e := range got {
		want := append(first, more...)[i]
		if !e.Time.Equal(want.Time) || e.Hash != want.Hash {
			t.Fatalf("event %d read back %v %s, appended %v %s", e.Seq, e.Time, e.Hash, want.Time, want.Hash)
		}
	}
	h, err := journal.Verify(context.Background(), s)
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	if h.Seq != 3 || h.Hash != got[2].Hash {
		t.Fatalf("verified head %+v, want 3 %s", h, got[2].Hash)
	}
	var from2 []int64
	s.Read(context.Background(), 2, func(e journal.Event) error { from2 = append(from2, e.Seq); return nil })
	if fmt.Sprint(from2) != "[2 3]" {
		t.Fatalf("read from 2 = %v", from2)
	}
}

func testConflict(t *testing.T, b Backend) {
	s := b.Open(t)
	mustAppend(t, s, 0, Draft("a", 1))
	for _, stale := range []int64{0, 2, 7} {
		_, err := s.Append(context.Background(), stale, Draft("b", 2))
		if !errors.Is(err, journal.ErrConflict) {
			t.Fatalf("append after %d with head 1: err = %v, want ErrConflict", stale, err)
		}
	}
	if n := len(All(t, s)); n != 1 {
		t.Fatalf("conflicts wrote events: %d in journal", n)
	}
}

func testBatchAtomic(t *testing.T, b Backend) {
	s := b.Open(t)
	k := Draft("keyed", 1)
	k.Key = "k1"
	mustAppend(t, s, 0, k)
	dup := Draft("dup", 3)
	dup.Key = "k1"
	_, err := s.Append(context.Background(), 1, Draft("ok", 2), dup)
	if !errors.Is(err, journal.ErrDuplicateKey) {
		t.Fatalf("batch with a used key: err = %v, want ErrDuplicateKey", err)
	}
	sec := Draft("secret", 4)
	sec.Secrets = map[string][]byte{"s1": []byte("x")}
	mustAppend(t, s, 1, sec)
	again := Draft("secret-again", 5)
	again.Secrets = map[string][]byte{"s1": []byte("y")}
	_, err = s.Append(context.Background(), 2, Draft("ok", 6), again)
	if !errors.Is(err, journal.ErrSecretExists) {
		t.Fatalf("batch with a used secret: err = %v, want ErrSecretExists", err)
	}
	if n := len(All(t, s)); n != 2 {
		t.Fatalf("a failed batch left events: %d in journal, want 2", n)
	}
	if h, _ := s.Head(context.Background()); h.Seq != 2 {
		t.Fatalf("a failed batch moved the head to %d", h.Seq)
	}
	if v, _ := s.Secret(context.Background(), "s1"); string(v) != "x" {
		t.Fatalf("a failed batch changed a secret: %q", v)
	}
	if _, err := journal.Verify(context.Background(), s); err != nil {
		t.Fatal(err)
	}
}

func testKey(t *testing.T, b Backend) {
	s := b.Open(t)
	d := Draft("sale", map[string]int{"total": 2000})
	d.Key = "sale-42"
	first := mustAppend(t, s, 0, Draft("x", 0), d)
	got, err := s.ByKey(context.Background(), "sale-42")
	if err != nil {
		t.Fatal(err)
	}
	if got.Seq != first[1].Seq || got.Hash != first[1].Hash || got.Key != "sale-42" {
		t.Fatalf("ByKey = %+v, want event %d", got, first[1].Seq)
	}
	if _, err := s.ByKey(context.Background(), "nope"); !errors.Is(err, journal.ErrNotFound) {
		t.Fatalf("unknown key: err = %v, want ErrNotFound", err)
	}
}

func testSecrets(t *testing.T, b Backend) {
	s := b.Open(t)
	d := Draft("series.created", map[string]string{"series": "A"})
	d.Secrets = map[string][]byte{"series/A/seed": []byte("very secret seed")}
	mustAppend(t, s, 0, d)
	v, err := s.Secret(context.Background(), "series/A/seed")
	if err != nil || string(v) != "very secret seed" {
		t.Fatalf("secret = %q, %v", v, err)
	}
	for _, e := range All(t, s) {
		if string(e.Payload) != `{"series":"A"}` {
			t.Fatalf("secret leaked into the payload: %s", e.Payload)
		}
	}
	if _, err := s.Secret(context.Background(), "series/B/seed"); !errors.Is(err, journal.ErrNotFound) {
		t.Fatalf("unknown secret: err = %v", err)
	}
}

// testConcurrent appends from many goroutines, each retrying on conflict;
// every batch carries its writer and position so atomicity can be checked.
func testConcurrent(t *testing.T, b Backend) {
	s := b.Open(t)
	const writers, batches = 8, 15
	type mark struct{ W, B, I, N int }
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for bi := range batches {
				n := 1 + (w+bi)%3
				for {
					h, err := s.Head(context.Background())
					if err != nil {
						errs <- err
						return
					}
					ds := make([]journal.Draft, n)
					for i := range ds {
						ds[i] = Draft("m", mark{w, bi, i, n})
					}
					_, err = s.Append(context.Background(), h.Seq, ds...)
					if err == nil {
						break
					}
					if !errors.Is(err, journal.ErrConflict) {
						errs <- err
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	evs := All(t, s)
	seen := map[[3]int]bool{}
	for i := 0; i < len(evs); {
		if evs[i].Seq != int64(i+1) {
			t.Fatalf("gap: position %d holds sequence %d", i, evs[i].Seq)
		}
		var m mark
		json.Unmarshal(evs[i].Payload, &m)
		for j := range m.N { // the batch must follow contiguously
			var mj mark
			json.Unmarshal(evs[i+j].Payload, &mj)
			if mj.W != m.W || mj.B != m.B || mj.I != j {
				t.Fatalf("batch %d/%d split at sequence %d", m.W, m.B, evs[i+j].Seq)
			}
		}
		if seen[[3]int{m.W, m.B}] {
			t.Fatalf("batch %d/%d appended twice", m.W, m.B)
		}
		seen[[3]int{m.W, m.B}] = true
		i += m.N
	}
	if len(seen) != writers*batches {
		t.Fatalf("%d batches in journal, want %d", len(seen), writers*batches)
	}
	if _, err := journal.Verify(context.Background(), s); err != nil {
		t.Fatal(err)
	}
}

func testTamper(t *testing.T, b Backend) {
	cases := []struct {
		name  string
		query string
		bad   int64
	}{
		{"edited actor", `UPDATE events SET actor = 'mallory' WHERE seq = 3`, 3},
		{"edited type", `UPDATE events SET type = 'refund' WHERE seq = 4`, 4},
		{"deleted event", `DELETE FROM events WHERE seq = 2`, 2},
		{"truncated tail", `DELETE FROM events WHERE seq = 5`, 5},
		{"inserted event", `UPDATE events SET seq = seq + 10 WHERE seq >= 4`, 4},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := b.Open(t)
			for i := range int64(5) {
				mustAppend(t, s, i, Draft("e", i))
			}
			if _, err := journal.Verify(context.Background(), s); err != nil {
				t.Fatalf("verify before tampering: %v", err)
			}
			b.Exec(t, s, tc.query)
			_, err := journal.Verify(context.Background(), s)
			var broken *journal.BrokenError
			if !errors.As(err, &broken) {
				t.Fatalf("verify after %s: err = %v, want BrokenError", tc.name, err)
			}
			if broken.Seq != tc.bad {
				t.Fatalf("verify names sequence %d, want %d (%v)", broken.Seq, tc.bad, err)
			}
		})
	}
}
