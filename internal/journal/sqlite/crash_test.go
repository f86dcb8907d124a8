package sqlite

import (
	"errors"
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// TestCrashChild is the child of the crash and two-process tests: it appends
// in a loop and prints each acknowledged sequence until it is killed.
func TestCrashChild(t *testing.T) {
	path := os.Getenv("LOTO_CRASH_DB")
	if path == "" {
		t.Skip("only run as the child of the crash test")
	}
	ctx := context.Background()
	s, err := Open(ctx, path, nil)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(3)
	}
	for i := 0; ; i++ {
		h, err := s.Head(ctx)
		if err != nil {
			fmt.Println("error", err)
			os.Exit(3)
		}
		// Batches of 1 to 3 events: all of a batch is acknowledged at once.
		n := 1 + i%3
		ds := make([]journal.Draft, n)
		for j := range ds {
			ds[j] = journaltest.Draft("crash", map[string]int{"i": i, "j": j})
		}
		evs, err := s.Append(ctx, h.Seq, ds...)
		if errors.Is(err, journal.ErrConflict) {
			continue // another process appended first: read the head again
		}
		if err != nil {
			fmt.Println("error", err)
			os.Exit(3)
		}
		fmt.Println(evs[len(evs)-1].Seq)
	}
}

// TestCrashKeepsEveryAcknowledgedEvent kills an appending child process with
// SIGKILL at random moments; after each kill every acknowledged event must be
// there and the chain must verify.
func TestCrashKeepsEveryAcknowledgedEvent(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test skipped in -short mode")
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	rng := rand.New(rand.NewPCG(1, uint64(time.Now().UnixNano())))
	const kills = 20
	var acked int64
	for k := range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), "LOTO_CRASH_DB="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewScanner(out)
		// Let it acknowledge a random number of appends, then kill it
		// while it is in the middle of the next ones.
		target := 5 + rng.IntN(60)
		seen := 0
		for seen < target && lines.Scan() {
			seq, err := strconv.ParseInt(lines.Text(), 10, 64)
			if err != nil {
				t.Fatalf("kill %d: child said %q", k, lines.Text())
			}
			acked = seq
			seen++
		}
		time.Sleep(time.Duration(rng.IntN(3000)) * time.Microsecond)
		cmd.Process.Signal(syscall.SIGKILL)
		// Acknowledgements already printed before death count too.
		for lines.Scan() {
			if seq, err := strconv.ParseInt(lines.Text(), 10, 64); err == nil {
				acked = seq
			}
		}
		cmd.Wait()
		if seen < target {
			t.Fatalf("kill %d: the child died early after %d appends", k, seen)
		}

		s, err := Open(context.Background(), path, nil)
		if err != nil {
			t.Fatalf("kill %d: reopen: %v", k, err)
		}
		h, err := journal.Verify(context.Background(), s)
		s.Close()
		if err != nil {
			t.Fatalf("kill %d: %v", k, err)
		}
		if h.Seq < acked {
			t.Fatalf("kill %d: head %d but %d was acknowledged", k, h.Seq, acked)
		}
	}
	t.Logf("%d kills, %d events acknowledged, all present", kills, acked)
}

// TestTwoProcessesOnOneFile runs two appending processes on one SQLite file
// at once: each acknowledges only sequences the other never does, and the
// chain holds every one of them.
func TestTwoProcessesOnOneFile(t *testing.T) {
	if testing.Short() {
		t.Skip("two processes skipped in -short mode")
	}
	path := filepath.Join(t.TempDir(), "two.db")
	// Create the file first so the two do not race on its migration.
	s, err := Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	type child struct {
		cmd   *exec.Cmd
		acked map[int64]bool
		done  chan struct{}
	}
	var children []*child
	for range 2 {
		c := &child{cmd: exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1"), acked: map[int64]bool{}, done: make(chan struct{})}
		c.cmd.Env = append(os.Environ(), "LOTO_CRASH_DB="+path)
		out, err := c.cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() {
			defer close(c.done)
			lines := bufio.NewScanner(out)
			for lines.Scan() {
				if seq, err := strconv.ParseInt(lines.Text(), 10, 64); err == nil {
					c.acked[seq] = true
				}
			}
		}()
		children = append(children, c)
	}
	time.Sleep(1500 * time.Millisecond)
	for _, c := range children {
		c.cmd.Process.Signal(syscall.SIGKILL)
	}
	for _, c := range children {
		<-c.done
		c.cmd.Wait()
		if len(c.acked) == 0 {
			t.Fatal("a process acknowledged nothing: it was locked out")
		}
	}
	for seq := range children[0].acked {
		if children[1].acked[seq] {
			t.Fatalf("sequence %d acknowledged by both processes", seq)
		}
	}
	s, err = Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
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
