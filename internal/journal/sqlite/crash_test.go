package sqlite

import (
	"context"
	"io"
	"path/filepath"
	"testing"
	"time"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// TestMain makes this test binary a crash child when journaltest.CrashEnv
// names a file (see journaltest.Main).
func TestMain(m *testing.M) { journaltest.Main(m, openStore) }

func openStore(ctx context.Context, path string) (journal.Store, error) { return Open(ctx, path, nil) }

// TestCrashKeepsEveryAcknowledgedEvent kills an appending child process with
// SIGKILL at random moments; after each kill every acknowledged event must be
// there and the chain must verify.
func TestCrashKeepsEveryAcknowledgedEvent(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("crash test skipped in -short mode")
	}
	journaltest.Crash(t, filepath.Join(t.TempDir(), "crash.db"), 20, openStore)
}

// TestTwoProcessesOnOneFile runs two appending processes on one SQLite file
// at once: each acknowledges only sequences the other never does, and the
// chain holds every one of them.
func TestTwoProcessesOnOneFile(t *testing.T) {
	t.Parallel()
	const goingAfter = 20
	if testing.Short() {
		t.Skip("two processes skipped in -short mode")
	}
	path := filepath.Join(t.TempDir(), "two.db")
	// Create the file first so the two do not race on its migration.
	s := openAt(t, path)
	s.Close()
	type child struct {
		*journaltest.Child
		acked map[int64]bool
		going chan struct{} // closed once it has acknowledged a few appends
		done  chan error    // the error that ended its output: io.EOF when it died
	}
	var children []*child
	for range 2 {
		c := &child{Child: journaltest.StartChild(t, path), acked: map[int64]bool{}, going: make(chan struct{}), done: make(chan error, 1)}
		go func() {
			for {
				a, err := c.Next()
				if err != nil {
					c.done <- err
					return
				}
				c.acked[a.Seq] = true
				if len(c.acked) == goingAfter {
					close(c.going)
				}
			}
		}()
		children = append(children, c)
	}
	// Both must get appends through while the other appends too. On a loaded
	// machine a child may take seconds to start, so wait for each to be
	// going (a fixed sleep failed there) rather than for a set time; a
	// process locked out never gets going.
	deadline := time.After(time.Minute)
	for i, c := range children {
		select {
		case <-c.going:
		case err := <-c.done:
			t.Fatalf("process %d ended before it got going: %v", i, err)
		case <-deadline:
			t.Fatalf("process %d acknowledged fewer than %d appends in a minute: it was locked out", i, goingAfter)
		}
	}
	time.Sleep(300 * time.Millisecond) // both appending at once for a while
	for _, c := range children {
		c.Kill()
		if err := <-c.done; err != io.EOF {
			t.Fatal(err)
		}
		c.Wait()
		if len(c.acked) == 0 {
			t.Fatal("a process acknowledged nothing: it was locked out")
		}
	}
	for seq := range children[0].acked {
		if children[1].acked[seq] {
			t.Fatalf("sequence %d acknowledged by both processes", seq)
		}
	}
	s = openAt(t, path)
	defer s.Close()
	h, err := journal.Verify(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range children {
		for seq := range c.acked {
			if seq > h.Seq {
				t.Fatalf("sequence %d acknowledged but the head is %d", seq, h.Seq)
			}
		}
	}
	t.Logf("two processes acknowledged %d and %d batches, head %d", len(children[0].acked), len(children[1].acked), h.Seq)
}
