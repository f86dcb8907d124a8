package postgres

import (
	"context"
	"errors"
	"testing"
	"time"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// follower follows s from sequence 1 and sends each sequence it sees.
func follower(t *testing.T, s *Store) <-chan int64 {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan int64, 1000)
	done := make(chan error, 1)
	go func() {
		done <- journaltest.Follow(ctx, s, 1, func(e journal.Event) error {
			got <- e.Seq
			return nil
		})
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Errorf("follow ended with %v", err)
		}
	})
	return got
}

// expect reads sequences from..to off got, in order, each within limit.
func expect(t *testing.T, got <-chan int64, from, to int64, limit time.Duration) {
	t.Helper()
	for want := from; want <= to; want++ {
		select {
		case seq := <-got:
			if seq != want {
				t.Fatalf("follower saw %d, want %d", seq, want)
			}
		case <-time.After(limit):
			t.Fatalf("follower did not see %d within %v", want, limit)
		}
	}
}

// appendN appends n events through w, one per transaction.
func appendN(t *testing.T, w *Store, n int) {
	t.Helper()
	for range n {
		h, err := w.Head(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Append(context.Background(), h.Seq, journaltest.Draft("e", h.Seq)); err != nil {
			t.Fatal(err)
		}
	}
}

// listenerPID waits for s's listening connection, other than the one whose
// pid is not (0 for any), and returns its backend pid. The listener connects
// in the background, after Open and after each loss, so the test polls.
func listenerPID(t *testing.T, s *Store, not int32) int32 {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		var pid int32
		err := s.pool.QueryRow(context.Background(), `SELECT pid FROM pg_stat_activity
			WHERE application_name = $1 AND datname = current_database() AND pid <> $2
			ORDER BY backend_start DESC LIMIT 1`, listenerName, not).Scan(&pid)
		if err == nil {
			return pid
		}
		if time.Now().After(deadline) {
			t.Fatalf("find the listener: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestFollowAcrossNotify has a follower on one store woken by appends made
// through another (as another process would), with the slow head re-check
// disabled so only NOTIFY can wake it.
func TestFollowAcrossNotify(t *testing.T) {
	t.Parallel()
	dbURL := testURL(t)
	reader, writer := open(t, dbURL), open(t, dbURL)
	reader.recheck = time.Hour
	got := follower(t, reader)
	for i := int64(1); i <= 5; i++ {
		appendN(t, writer, 1)
		expect(t, got, i, i, time.Second)
	}
	writer.Append(context.Background(), 5, journaltest.Draft("a", 6), journaltest.Draft("b", 7))
	expect(t, got, 6, 7, time.Second)
}

// TestFollowSurvivesKilledListener kills the follower's listening connection
// and appends while it is down: the listener reconnects, catches up from the
// head, and the follower misses nothing, without the slow re-check.
func TestFollowSurvivesKilledListener(t *testing.T) {
	t.Parallel()
	dbURL := testURL(t)
	reader, writer := open(t, dbURL), open(t, dbURL)
	reader.recheck = time.Hour
	got := follower(t, reader)
	appendN(t, writer, 3)
	expect(t, got, 1, 3, time.Second)

	for round := range 3 {
		old := listenerPID(t, reader, 0)
		var killed bool
		if err := writer.pool.QueryRow(context.Background(), `SELECT pg_terminate_backend($1)`, old).Scan(&killed); err != nil || !killed {
			t.Fatalf("terminate the listener: %v, %v", killed, err)
		}
		// Appended before the listener is back (it waits at least 100 ms):
		// these notifications are lost, and the head read on reconnecting
		// must stand in for them.
		from := int64(4 + 4*round)
		appendN(t, writer, 4)
		expect(t, got, from, from+3, 3*time.Second)
		listenerPID(t, reader, old) // a new listener, or the test fails after 5 s
	}
	// And notifications flow again on the new connection.
	appendN(t, writer, 1)
	expect(t, got, 16, 16, time.Second)
}

// TestWaitOnClosedStore checks that closing the store ends a Wait.
func TestWaitOnClosedStore(t *testing.T) {
	t.Parallel()
	s, err := Open(context.Background(), testURL(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Wait(context.Background(), 0) }()
	time.Sleep(50 * time.Millisecond)
	s.Close()
	select {
	case err := <-done:
		if !errors.Is(err, errClosed) {
			t.Fatalf("Wait on a closed store: %v", err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("Wait did not end when the store closed")
	}
}
