package journaltest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"loto/internal/journal"
)

// CrashEnv is the environment variable that turns a backend's test binary
// into a crash child: it holds where the child opens the store (a SQLite
// file path or a PostgreSQL URL). A backend's TestMain hands over to
// CrashChild when it is set.
const CrashEnv = "LOTO_CRASH_DB"

// Opener opens a backend's store at target, a file path or a URL.
type Opener func(ctx context.Context, target string) (journal.Store, error)

// Main is a store's TestMain: it makes the test binary a crash child when
// CrashEnv names a target (see CrashChild), and runs m's tests otherwise.
func Main(m *testing.M, open Opener) {
	if target := os.Getenv(CrashEnv); target != "" {
		CrashChild(target, open)
	}
	os.Exit(m.Run())
}

// CrashChild appends to the store at target forever, in batches of 1 to 3
// events, and prints "SEQ HASH" of the last event of each batch once Append
// has returned: a line printed is an acknowledged append. A conflict (another
// process appended first) is retried; any other failure exits with status 3.
func CrashChild(target string, open Opener) {
	ctx := context.Background()
	s, err := open(ctx, target)
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
		ds := make([]journal.Draft, 1+i%3)
		for j := range ds {
			ds[j] = Draft("crash", map[string]int{"pid": os.Getpid(), "i": i, "j": j})
		}
		evs, err := s.Append(ctx, h.Seq, ds...)
		if errors.Is(err, journal.ErrConflict) {
			continue
		}
		if err != nil {
			fmt.Println("error", err)
			os.Exit(3)
		}
		last := evs[len(evs)-1]
		fmt.Println(last.Seq, last.Hash)
	}
}

// Child is a running crash child: this test binary re-run with CrashEnv set.
type Child struct {
	cmd   *exec.Cmd
	lines *bufio.Scanner
}

// StartChild starts a crash child appending to target; it is killed, if
// still running, when the test ends.
func StartChild(t testing.TB, target string) *Child {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), CrashEnv+"="+target)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &Child{cmd: cmd, lines: bufio.NewScanner(out)}
	t.Cleanup(func() { c.Kill(); c.Wait() })
	return c
}

// Ack is an append the child acknowledged: the last event of its batch.
type Ack struct {
	Seq  int64
	Hash string
}

// Next returns the child's next acknowledgement; io.EOF when its output
// ends (it died), another error for a line that is not an acknowledgement.
// One goroutine at a time may call it.
func (c *Child) Next() (Ack, error) {
	if !c.lines.Scan() {
		return Ack{}, io.EOF
	}
	seq, hash, _ := strings.Cut(c.lines.Text(), " ")
	n, err := strconv.ParseInt(seq, 10, 64)
	if err != nil || len(hash) != 64 {
		return Ack{}, fmt.Errorf("crash child said %q", c.lines.Text())
	}
	return Ack{Seq: n, Hash: hash}, nil
}

// Kill sends SIGKILL to the child: Next then reads what it printed before
// dying, and io.EOF.
func (c *Child) Kill() { c.cmd.Process.Signal(syscall.SIGKILL) }

// Wait waits for the killed child to end, once its output is read.
func (c *Child) Wait() { c.cmd.Wait() }

// Crash kills a crash child (see CrashChild) with SIGKILL at random moments,
// kills times, each child picking up the journal the previous one left.
// After each kill the store is reopened: the chain must verify and hold the
// last acknowledged event with the hash the child was given, which, the
// chain being verified, vouches for every acknowledged event before it.
// It returns the number of events in the journal at the end.
func Crash(t *testing.T, target string, kills int, open Opener) int64 {
	t.Helper()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, uint64(time.Now().UnixNano())))
	var acked Ack
	var head journal.Head
	for k := range kills {
		c := StartChild(t, target)
		// Let it acknowledge a random number of appends, then kill it in
		// the middle of the next ones.
		want := 5 + rng.IntN(60)
		for seen := 0; seen < want; seen++ {
			a, err := c.Next()
			if err != nil {
				t.Fatalf("kill %d: after %d appends: %v", k, seen, err)
			}
			acked = a
		}
		time.Sleep(time.Duration(rng.IntN(3000)) * time.Microsecond)
		c.Kill()
		// What it acknowledged before it died counts too.
		for {
			a, err := c.Next()
			if err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("kill %d: %v", k, err)
			}
			acked = a
		}
		c.Wait()

		s, err := open(ctx, target)
		if err != nil {
			t.Fatalf("kill %d: reopen: %v", k, err)
		}
		head, err = journal.Verify(ctx, s)
		if err == nil {
			err = hashAt(ctx, s, acked)
		}
		s.Close()
		if err != nil {
			t.Fatalf("kill %d: %v", k, err)
		}
	}
	t.Logf("%d kills, %d events (the last acknowledged: %d), every acknowledged one present", kills, head.Seq, acked.Seq)
	return head.Seq
}

// hashAt checks that the event numbered a.Seq is there with hash a.Hash.
func hashAt(ctx context.Context, s journal.Store, a Ack) error {
	errFound := errors.New("found")
	err := s.Read(ctx, a.Seq, func(e journal.Event) error {
		if e.Seq != a.Seq || e.Hash != a.Hash {
			return fmt.Errorf("acknowledged event %d (hash %.12s…) lost: found %d (hash %.12s…)", a.Seq, a.Hash, e.Seq, e.Hash)
		}
		return errFound
	})
	switch {
	case errors.Is(err, errFound):
		return nil
	case err == nil:
		return fmt.Errorf("acknowledged event %d lost: the journal ends before it", a.Seq)
	}
	return err
}
