package sqlite

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// TestAppendOnAFullDiskIsErrFullAndWritesNothing (issue 11, 3): on a disk
// with no space left an append fails with journal.ErrFull and leaves the
// journal as it was (head, chain, idempotency key free, the file sound);
// once space returns the same append succeeds.
func TestAppendOnAFullDiskIsErrFullAndWritesNothing(t *testing.T) {
	dir := journaltest.SmallDisk(t, 1<<20)
	ctx := context.Background()
	path := filepath.Join(dir, "plein.db")
	s, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	payload, _ := json.Marshal(map[string]string{"texte": fmt.Sprintf("%0500d", 0)})
	draft := func(n int64) journal.Draft {
		return journal.Draft{Actor: "test", Type: "test.event", Payload: payload, Key: fmt.Sprintf("clé-%d", n),
			Secrets: map[string][]byte{fmt.Sprintf("secret-%d", n): []byte("valeur")}}
	}
	// A few events on a disk with room, then the disk filled up.
	var head int64
	for ; head < 5; head++ {
		if _, err := s.Append(ctx, head, draft(head+1)); err != nil {
			t.Fatal(err)
		}
	}
	free := journaltest.FillDisk(t, dir)
	// The file may hold room of its own for a few more: appends go on until
	// the disk refuses one.
	var full error
	for range 10000 {
		if _, err := s.Append(ctx, head, draft(head+1)); err != nil {
			full = err
			break
		}
		head++
	}
	if !errors.Is(full, journal.ErrFull) {
		t.Fatalf("the append on a full disk failed with %v, want journal.ErrFull", full)
	}
	for range 3 {
		if _, err := s.Append(ctx, head, draft(head+1)); !errors.Is(err, journal.ErrFull) {
			t.Fatalf("again on the full disk: %v, want journal.ErrFull", err)
		}
	}
	h, err := journal.Verify(ctx, s)
	if err != nil || h.Seq != head {
		t.Fatalf("after the refusals the journal verifies to %d (%v), want %d", h.Seq, err, head)
	}
	if _, err := s.ByKey(ctx, fmt.Sprintf("clé-%d", head+1)); !errors.Is(err, journal.ErrNotFound) {
		t.Fatalf("the refused append's key: %v, want not found", err)
	}
	if _, err := s.Secret(ctx, fmt.Sprintf("secret-%d", head+1)); !errors.Is(err, journal.ErrNotFound) {
		t.Fatalf("the refused append's secret: %v, want not found", err)
	}

	free()
	if _, err := s.Append(ctx, head, draft(head+1)); err != nil {
		t.Fatalf("the same append once space returned: %v", err)
	}
	head++
	var check string
	if err := s.db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity check: %q %v", check, err)
	}
	s.Close()
	again, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if h, err := journal.Verify(ctx, again); err != nil || h.Seq != head {
		t.Fatalf("reopened, the journal verifies to %d (%v), want %d", h.Seq, err, head)
	}
}
