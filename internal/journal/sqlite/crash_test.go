package sqlite

import (
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

// TestCrashChild is the child of TestCrashKeepsEveryAcknowledgedEvent: it
// appends in a loop and prints each acknowledged sequence until it is killed.
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
