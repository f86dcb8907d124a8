package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// rollbackMode reports whether the SQLite file at path is in
// rollback-journal mode: bytes 18 and 19 of its header are 1, 2 in WAL mode.
func rollbackMode(t *testing.T, path string) bool {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return len(b) > 20 && b[18] == 1 && b[19] == 1
}

// TestCopyDuringAppendsIsAPrefixThatVerifies copies the file again and again
// while another store on it appends without pause: every copy's chain
// verifies, its events are exactly the first ones of the journal, and it
// is one file in rollback-journal mode, with no WAL beside it.
func TestCopyDuringAppendsIsAPrefixThatVerifies(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, dir, path := openNew(t)
	defer s.Close()
	if _, err := s.Append(ctx, 0, journaltest.Draft("test.first", map[string]int{"i": 0})); err != nil {
		t.Fatal(err)
	}
	var stop atomic.Bool
	done := make(chan error, 1)
	go func() {
		for seq := int64(1); !stop.Load(); seq++ {
			if _, err := s.Append(ctx, seq, journaltest.Draft("test.more", map[string]int64{"i": seq})); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	var heads []int64
	for i := range 5 {
		to := filepath.Join(dir, fmt.Sprintf("copy-%d.db", i))
		if err := Copy(ctx, path, to); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(to + "-wal"); !os.IsNotExist(err) {
			t.Fatalf("a WAL beside the copy: %v", err)
		}
		if !rollbackMode(t, to) {
			t.Fatal("the copy is not in rollback-journal mode")
		}
		c := openAt(t, to)
		h, err := journal.Verify(ctx, c)
		if err != nil {
			t.Fatalf("copy %d: %v", i, err)
		}
		heads = append(heads, h.Seq)
		copied := journaltest.All(t, c)
		c.Close()
		live := journaltest.All(t, s)
		if len(copied) == 0 || len(copied) > len(live) {
			t.Fatalf("copy %d has %d events, the journal %d", i, len(copied), len(live))
		}
		for j, e := range copied {
			if e.Hash != live[j].Hash {
				t.Fatalf("copy %d differs from the journal at event %d", i, e.Seq)
			}
		}
	}
	stop.Store(true)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if heads[0] == heads[len(heads)-1] {
		t.Fatalf("no append between the copies (heads %v): the test proves nothing", heads)
	}
}

// TestCopyLeavesAnErasedRecordBehind: a reader holding an old snapshot keeps
// the checkpoint from overwriting the erased record's page, so the files
// still hold it; the copy does not, and keeps the record not erased.
func TestCopyLeavesAnErasedRecordBehind(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, dir, path := openNew(t)
	defer s.Close()
	for i, rec := range []string{"Hélène Quintard 0612345678", "Paul Zébulon"} {
		ref := fmt.Sprintf("reservation/%d", i+1)
		d := journaltest.Draft("reservation.created", map[string]string{"ref": ref})
		d.Personal = map[string][]byte{ref: []byte(rec)}
		if _, err := s.Append(ctx, int64(i), d); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Scrub(ctx); err != nil { // the records in the file itself
		t.Fatal(err)
	}
	reader, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	tx, err := reader.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRow(`SELECT count(*) FROM personal`).Scan(&n); err != nil || n != 2 {
		t.Fatalf("the reader's snapshot: %d %v", n, err)
	}
	d := journaltest.Draft("personal.erased", map[string]any{"refs": []string{"reservation/1"}})
	d.Erase = []string{"reservation/1"}
	if _, err := s.Append(ctx, 2, d); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(journaltest.OnDisk(t, path), []byte("Quintard")) {
		t.Fatal("the erased record is not in the files any more: the test proves nothing")
	}
	to := filepath.Join(dir, "copy.db")
	if err := Copy(ctx, path, to); err != nil {
		t.Fatal(err)
	}
	b := journaltest.OnDisk(t, to)
	if bytes.Contains(b, []byte("Quintard")) {
		t.Fatal("the copy holds the erased record")
	}
	if !bytes.Contains(b, []byte("Paul Zébulon")) {
		t.Fatal("the copy lost the record not erased")
	}
}

// TestCopyRefusesAnExistingFileAndAMissingSource: a copy never writes over
// a file, nor makes an empty journal out of a missing one; a file no one
// has open is copied.
func TestCopyRefusesAnExistingFileAndAMissingSource(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, dir, path := openNew(t)
	s.Close()
	other := filepath.Join(dir, "other")
	if err := os.WriteFile(other, []byte("not mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Copy(ctx, path, other); err == nil {
		t.Fatal("Copy wrote over a file")
	}
	if b, _ := os.ReadFile(other); string(b) != "not mine" {
		t.Fatalf("the file was changed: %q", b)
	}
	// A closed file (no WAL, no shared memory beside it) is copied as well.
	if err := Copy(ctx, path, filepath.Join(dir, "closed-copy.db")); err != nil {
		t.Fatalf("Copy of a closed file: %v", err)
	}
	for _, p := range []string{path + "-wal", path + "-shm"} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Fatalf("Copy left %s beside the closed file: %v", p, err)
		}
	}
	missing := filepath.Join(dir, "missing.db")
	if err := Copy(ctx, missing, filepath.Join(dir, "copy.db")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Copy of a missing file: %v", err)
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Fatal("Copy created the missing source")
	}
}

// TestSettleRefusesAFileInUse: while a store has the file open, Settle
// fails with ErrInUse and the file stays in WAL mode; once it is closed,
// Settle leaves one file in rollback-journal mode holding every event.
func TestSettleRefusesAFileInUse(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "loto.db")
	s := openAt(t, path)
	for i := range 3 {
		if _, err := s.Append(ctx, int64(i), journaltest.Draft("test.event", map[string]int{"i": i})); err != nil {
			t.Fatal(err)
		}
	}
	if err := Settle(ctx, path); !errors.Is(err, ErrInUse) {
		t.Fatalf("Settle of a file in use: %v", err)
	}
	if rollbackMode(t, path) {
		t.Fatal("the file in use left WAL mode")
	}
	s.Close()
	if err := Settle(ctx, path); err != nil {
		t.Fatal(err)
	}
	if !rollbackMode(t, path) {
		t.Fatal("the settled file is not in rollback-journal mode")
	}
	if _, err := os.Stat(path + "-wal"); !os.IsNotExist(err) {
		t.Fatalf("a WAL beside the settled file: %v", err)
	}
	s = openAt(t, path)
	defer s.Close()
	if h, err := journal.Verify(ctx, s); err != nil || h.Seq != 3 {
		t.Fatalf("the settled file: %v %v", h, err)
	}
}
