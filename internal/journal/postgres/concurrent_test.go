package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// batchMark is the payload of every event of TestConcurrentAppendsAcrossStores:
// which batch it belongs to and its place in it.
type batchMark struct{ Store, Writer, Batch, Index, Len int }

// TestConcurrentAppendsAcrossStores appends from several stores on one
// database (as several processes would), several goroutines each, retrying
// on conflict. Some batches are poisoned by a used idempotency key or secret
// name in their last draft and must leave nothing. The journal must end
// gapless, with each good batch once and contiguous, and verify.
func TestConcurrentAppendsAcrossStores(t *testing.T) {
	t.Parallel()
	dbURL := testURL(t)
	const stores, writers, batches = 3, 4, 10
	var wg sync.WaitGroup
	errs := make(chan error, stores*writers)
	for si := range stores {
		s := open(t, dbURL)
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := writeBatches(s, si, w, batches); err != nil {
					errs <- fmt.Errorf("store %d writer %d: %w", si, w, err)
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}

	s := open(t, dbURL)
	evs := journaltest.All(t, s)
	seen := map[[3]int]bool{}
	for i := 0; i < len(evs); {
		if evs[i].Seq != int64(i+1) {
			t.Fatalf("gap: position %d holds sequence %d", i, evs[i].Seq)
		}
		if evs[i].Type == "poison" {
			t.Fatalf("sequence %d belongs to a batch that failed", evs[i].Seq)
		}
		var m batchMark
		if err := json.Unmarshal(evs[i].Payload, &m); err != nil || m.Len < 1 || i+m.Len > len(evs) {
			t.Fatalf("sequence %d: payload %s", evs[i].Seq, evs[i].Payload)
		}
		for j := range m.Len {
			var mj batchMark
			json.Unmarshal(evs[i+j].Payload, &mj)
			if mj.Store != m.Store || mj.Writer != m.Writer || mj.Batch != m.Batch || mj.Index != j {
				t.Fatalf("batch %v split at sequence %d", m, evs[i+j].Seq)
			}
		}
		id := [3]int{m.Store, m.Writer, m.Batch}
		if seen[id] {
			t.Fatalf("batch %v appended twice", id)
		}
		seen[id] = true
		i += m.Len
	}
	if want := stores * writers * (batches - poisoned(batches)); len(seen) != want {
		t.Fatalf("%d good batches in the journal, want %d", len(seen), want)
	}
	h, err := journal.Verify(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if h.Seq != int64(len(evs)) {
		t.Fatalf("head %d, %d events", h.Seq, len(evs))
	}
}

// isPoisoned says whether batch b of a writer is made to fail: every third
// one, after the first, which owns the key and secret the poison reuses.
func isPoisoned(b int) bool { return b > 0 && b%3 == 0 }

func poisoned(batches int) (n int) {
	for b := range batches {
		if isPoisoned(b) {
			n++
		}
	}
	return n
}

// writeBatches appends batches of 1 to 4 events, retrying each on conflict.
func writeBatches(s *Store, si, w, batches int) error {
	ctx := context.Background()
	own := fmt.Sprintf("%d/%d", si, w)
	for b := range batches {
		n := 1 + (si+w+b)%4
		ds := make([]journal.Draft, n)
		for i := range ds {
			ds[i] = journaltest.Draft("m", batchMark{si, w, b, i, n})
		}
		if b == 0 {
			ds[0].Key = own
			ds[0].Secrets = map[string][]byte{own: []byte("seed")}
		}
		want := error(nil)
		if isPoisoned(b) {
			p := journaltest.Draft("poison", b)
			if b%2 == 0 {
				p.Key, want = own, journal.ErrDuplicateKey
			} else {
				p.Secrets, want = map[string][]byte{own: []byte("other")}, journal.ErrSecretExists
			}
			ds = append(ds, p)
		}
		for {
			h, err := s.Head(ctx)
			if err != nil {
				return err
			}
			_, err = s.Append(ctx, h.Seq, ds...)
			if errors.Is(err, journal.ErrConflict) {
				continue
			}
			if want == nil && err != nil || want != nil && !errors.Is(err, want) {
				return fmt.Errorf("batch %d: err = %v, want %v", b, err, want)
			}
			break
		}
	}
	return nil
}

// TestExclusiveTurnOnTheSmallestPool: a store whose URL allows a single
// connection still reads during an exclusive turn, which holds one: the
// holder catches up before its append. With one connection the read
// waited for the turn's end, which waited for the read.
func TestExclusiveTurnOnTheSmallestPool(t *testing.T) {
	t.Parallel()
	s := open(t, testURL(t)+"&pool_max_conns=1")
	turn, err := s.Exclude(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer turn.Release()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	h, err := s.Head(ctx)
	if err != nil {
		t.Fatalf("head read during the turn: %v", err)
	}
	if _, err := turn.Append(ctx, h.Seq, journaltest.Draft("turn", 1)); err != nil {
		t.Fatal(err)
	}
}
