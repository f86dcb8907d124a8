package journaltest

import (
	"context"
	"sync"
	"testing"
	"time"

	"loto/internal/journal"
)

// RunCounter is the contract of a journal.Counter; open returns a new one,
// with no counts.
func RunCounter(t *testing.T, open func(t *testing.T) journal.Counter) {
	t.Run("CountsInItsWindow", func(t *testing.T) { testCountWindow(t, open(t)) })
	t.Run("ParallelCountsEachSeeTheirOwn", func(t *testing.T) { testCountParallel(t, open(t)) })
	t.Run("GivenBackNeverBelowZero", func(t *testing.T) { testCountGiveBack(t, open(t)) })
	t.Run("ReachingTheLimitOpensTheWindowAgain", func(t *testing.T) { testCountLimit(t, open(t)) })
	t.Run("Forget", func(t *testing.T) { testCountForget(t, open(t)) })
}

// counter is the store of b as a journal.Counter, which every store is.
func counter(t *testing.T, b Backend) journal.Counter {
	t.Helper()
	c, ok := b.Open(t).(journal.Counter)
	if !ok {
		t.Fatal("the store is no journal.Counter")
	}
	return c
}

func mustCount(t *testing.T, c journal.Counter, key string, n, limit int, window time.Duration) journal.Tally {
	t.Helper()
	got, err := c.Count(context.Background(), key, n, limit, window)
	if err != nil {
		t.Fatalf("count %q %+d: %v", key, n, err)
	}
	return got
}

// A key's counts add up within its window, apart from other keys', and
// start again from 0 once it has ended.
func testCountWindow(t *testing.T, c journal.Counter) {
	const window = 500 * time.Millisecond
	for i := 1; i <= 3; i++ {
		if got := mustCount(t, c, "a", 1, 10, window); got.Count != i || got.Left <= 0 || got.Left > window {
			t.Fatalf("count %d of a: %+v", i, got)
		}
	}
	if got := mustCount(t, c, "b", 2, 10, window); got.Count != 2 {
		t.Fatalf("b counted with a: %+v", got)
	}
	time.Sleep(window + 50*time.Millisecond)
	if got := mustCount(t, c, "a", 1, 10, window); got.Count != 1 || got.Left < window-100*time.Millisecond {
		t.Fatalf("a after its window ended: %+v, want 1 in a new window", got)
	}
}

// Parallel counts of a key, as several processes make them, each get a
// count of their own: exactly limit of them are within it.
func testCountParallel(t *testing.T, c journal.Counter) {
	const n, limit = 24, 5
	seen := make(chan int, n)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			got, err := c.Count(context.Background(), "burst", 1, limit, time.Minute)
			if err != nil {
				t.Error(err)
				return
			}
			seen <- got.Count
		})
	}
	wg.Wait()
	close(seen)
	counts, within := map[int]bool{}, 0
	for k := range seen {
		if counts[k] {
			t.Fatalf("two parallel counts saw %d", k)
		}
		counts[k] = true
		if k <= limit {
			within++
		}
	}
	if len(counts) != n || within != limit {
		t.Fatalf("%d distinct counts of %d, %d within the limit %d", len(counts), n, within, limit)
	}
}

// Uses given back lower the count, never below 0.
func testCountGiveBack(t *testing.T, c journal.Counter) {
	mustCount(t, c, "k", 3, 10, time.Minute)
	if got := mustCount(t, c, "k", -1, 10, time.Minute); got.Count != 2 {
		t.Fatalf("after one given back: %+v", got)
	}
	if got := mustCount(t, c, "k", -5, 10, time.Minute); got.Count != 0 {
		t.Fatalf("after more given back than counted: %+v", got)
	}
	if got := mustCount(t, c, "new", -1, 10, time.Minute); got.Count != 0 {
		t.Fatalf("given back on a new key: %+v", got)
	}
}

// The count that reaches the limit opens a whole window from then, and
// the counts past it leave the window where it was.
func testCountLimit(t *testing.T, c journal.Counter) {
	const window = 600 * time.Millisecond
	mustCount(t, c, "k", 2, 3, window)
	time.Sleep(window / 2)
	if got := mustCount(t, c, "k", 1, 3, window); got.Count != 3 || got.Left < window-100*time.Millisecond {
		t.Fatalf("the count reaching the limit: %+v, want its window whole again", got)
	}
	time.Sleep(window / 2)
	got := mustCount(t, c, "k", 1, 3, window)
	if got.Count != 4 || got.Left > window/2+50*time.Millisecond || got.Left <= 0 {
		t.Fatalf("a count past the limit: %+v, want 4 and the window left as it was", got)
	}
}

// Forget deletes a key's count and says whether it had one.
func testCountForget(t *testing.T, c journal.Counter) {
	ctx := context.Background()
	mustCount(t, c, "k", 4, 10, time.Minute)
	if had, err := c.Forget(ctx, "k"); err != nil || !had {
		t.Fatalf("forget a counted key: %v %v", had, err)
	}
	if had, err := c.Forget(ctx, "k"); err != nil || had {
		t.Fatalf("forget it again: %v %v", had, err)
	}
	if got := mustCount(t, c, "k", 1, 10, time.Minute); got.Count != 1 {
		t.Fatalf("count after forget: %+v", got)
	}
}

// RunSetupLinks is the contract of journal.SetupLinks; open returns new
// ones, empty.
func RunSetupLinks(t *testing.T, open func(t *testing.T) journal.SetupLinks) {
	t.Run("UsedOnceEndsEvery", func(t *testing.T) { testLinksOnce(t, open(t)) })
	t.Run("ParallelUsesOneWins", func(t *testing.T) { testLinksParallel(t, open(t)) })
}

// A stored link is there until one link is used, which ends them all;
// storing one twice keeps one.
func testLinksOnce(t *testing.T, l journal.SetupLinks) {
	ctx := context.Background()
	a, b, c := [32]byte{1}, [32]byte{2}, [32]byte{3}
	for _, h := range [][32]byte{a, a, b} {
		if err := l.AddSetupLink(ctx, h); err != nil {
			t.Fatal(err)
		}
	}
	has := func(h [32]byte) bool {
		t.Helper()
		ok, err := l.HasSetupLink(ctx, h)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !has(a) || !has(b) || has(c) {
		t.Fatalf("stored a and b: has a %v, b %v, c %v", has(a), has(b), has(c))
	}
	if used, err := l.UseSetupLink(ctx, c); err != nil || used {
		t.Fatalf("use of a link never stored: %v %v", used, err)
	}
	if !has(a) {
		t.Fatal("a use of a wrong link ended the others")
	}
	if used, err := l.UseSetupLink(ctx, a); err != nil || !used {
		t.Fatalf("use of a: %v %v", used, err)
	}
	if has(a) || has(b) {
		t.Fatal("a link is left after one was used")
	}
	if used, err := l.UseSetupLink(ctx, b); err != nil || used {
		t.Fatalf("use of b after a's: %v %v", used, err)
	}
}

// Of links used at once, the same one or others, one use only wins.
func testLinksParallel(t *testing.T, l journal.SetupLinks) {
	ctx := context.Background()
	links := [][32]byte{{1}, {2}, {3}}
	for _, h := range links {
		if err := l.AddSetupLink(ctx, h); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for i := range 12 {
		wg.Go(func() {
			// A use refused by an error (crossed locks) wins nothing either.
			if used, err := l.UseSetupLink(ctx, links[i%len(links)]); err == nil && used {
				mu.Lock()
				won++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if won != 1 {
		t.Fatalf("%d parallel uses of the links won, want 1", won)
	}
}
