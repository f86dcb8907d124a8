package main

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestConcurrentStartKeepsTheRecordedDay is defect 5.7: an `event create`
// and a failing `series create` run at once on a new file. The failing one
// used to delete the file the other had just written and reported as
// recorded (12 runs in 20). A command never deletes a journal file: every
// day reported recorded is there, whole, afterwards.
func TestConcurrentStartKeepsTheRecordedDay(t *testing.T) {
	t.Parallel()
	file := filepath.Join("..", "..", "examples", "mega-loto.yaml")
	for i := range 20 {
		dir := t.TempDir()
		db := filepath.Join(dir, "loto.db")
		var wg sync.WaitGroup
		var created, refused int
		var createErr string
		wg.Add(2)
		go func() {
			defer wg.Done()
			created, _, createErr = run(t, "event", "create", "--from", file, "--db", db)
		}()
		go func() {
			defer wg.Done()
			refused, _, _ = run(t, "series", "create", "--series", "Q", "--cards", "0", "--db", db)
		}()
		wg.Wait()
		if created != 0 || refused != 1 {
			t.Fatalf("run %d: event create exit %d (%s), refused series create exit %d; want 0 and 1", i, created, createErr, refused)
		}
		if _, err := os.Stat(db); err != nil {
			t.Fatalf("run %d: the day recorded by event create is gone: %v", i, err)
		}
		if out := mustRun(t, "journal", "verify", "--db", db); !strings.Contains(out, "journal intègre") {
			t.Fatalf("run %d: verify: %q", i, out)
		}
		if h := head(t, db); h < 2 {
			t.Fatalf("run %d: the journal holds %d events, want the event and its series", i, h)
		}
	}
}

// TestRefusedStartThenDayStarts: a start refused on a missing file writes
// nothing there; a later start on the same path records the day.
func TestRefusedStartThenDayStarts(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "loto.db")
	if code, _, _ := run(t, "series", "create", "--series", "A", "--cards", "0", "--db", db); code != 1 {
		t.Fatalf("series create of no card: exit %d, want 1", code)
	}
	if _, err := os.Stat(db); err == nil {
		t.Fatal("a refused start created the file")
	}
	mustRun(t, "series", "create", "--series", "A", "--cards", "6", "--db", db)
	if h := head(t, db); h != 1 {
		t.Fatalf("head %d, want 1", h)
	}
}

// TestDBPathIsAPath is defect 5.10: a --db path with "#" or "?" opened
// another file or failed with an English SQL error. A path is a path.
func TestDBPathIsAPath(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"jour#1.db", "jour?mode=ro.db", "loto%3F.db"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			db := filepath.Join(dir, name)
			mustRun(t, "series", "create", "--series", "A", "--cards", "6", "--db", db)
			if out := mustRun(t, "journal", "verify", "--db", db); !strings.Contains(out, "1 événement") {
				t.Fatalf("verify on %q: %q", name, out)
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if !strings.HasPrefix(e.Name(), name) {
					t.Fatalf("--db %q wrote %q", name, e.Name())
				}
			}
			if h := head(t, db); h != 1 {
				t.Fatalf("the file %q holds %d events, want 1", name, h)
			}
		})
	}
}
