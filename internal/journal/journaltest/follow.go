package journaltest

import (
	"context"
	"errors"
	"testing"
	"time"

	"loto/internal/journal"
)

// Follow calls fn for every event from seq on, then waits for new ones,
// until ctx ends or fn fails, with a store's Read and Wait as the server's
// follower uses them. It never misses an event: it reads from the last
// sequence it saw after every wake-up.
func Follow(ctx context.Context, s journal.Store, from int64, fn func(journal.Event) error) error {
	next := from
	for {
		err := s.Read(ctx, next, func(e journal.Event) error {
			next = e.Seq + 1
			return fn(e)
		})
		if err != nil {
			return err
		}
		if err := s.Wait(ctx, next-1); err != nil {
			return err
		}
	}
}

// testFollow has Follow see every event appended while it waits.
func testFollow(t *testing.T, b Backend) {
	s := b.Open(t)
	mustAppend(t, s, 0, Draft("before", 0))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	got := make(chan int64, 100)
	done := make(chan error, 1)
	go func() {
		done <- Follow(ctx, s, 1, func(e journal.Event) error {
			got <- e.Seq
			if e.Seq == 6 {
				return errStop
			}
			return nil
		})
	}()
	for i := int64(1); i <= 5; i++ {
		mustAppend(t, s, i, Draft("after", i))
		time.Sleep(5 * time.Millisecond)
	}
	if err := <-done; !errors.Is(err, errStop) {
		t.Fatalf("follow ended with %v", err)
	}
	close(got)
	want := int64(1)
	for seq := range got {
		if seq != want {
			t.Fatalf("follower saw %d, want %d", seq, want)
		}
		want++
	}
	if want != 7 {
		t.Fatalf("follower saw up to %d, want 6", want-1)
	}
}

var errStop = errors.New("stop")
