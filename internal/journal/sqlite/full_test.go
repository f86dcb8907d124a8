package sqlite

import (
	"context"
	"path/filepath"
	"testing"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// TestAppendOnAFullDiskIsErrFullAndWritesNothing: on a disk
// with no space left an append fails with journal.ErrFull and leaves the
// journal as it was (head, chain, idempotency key free, the file sound);
// once space returns the same append succeeds.
func TestAppendOnAFullDiskIsErrFullAndWritesNothing(t *testing.T) {
	t.Parallel()
	dir := journaltest.SmallDisk(t, 1<<20)
	ctx := context.Background()
	path := filepath.Join(dir, "plein.db")
	s := openAt(t, path)
	defer s.Close()
	head, _ := journaltest.AppendUntilFull(t, s, dir)
	var check string
	if err := s.db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity check: %q %v", check, err)
	}
	s.Close()
	again := openAt(t, path)
	defer again.Close()
	if h, err := journal.Verify(ctx, again); err != nil || h.Seq != head {
		t.Fatalf("reopened, the journal verifies to %d (%v), want %d", h.Seq, err, head)
	}
}
