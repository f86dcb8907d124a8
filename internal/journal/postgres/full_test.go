package postgres

import (
	"context"
	"errors"
	"testing"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// TestAppendOnAFullDiskIsErrFullAndWritesNothing: the
// journal's tables are on a small disk of their own (a tablespace on a
// tmpfs) that fills up. An append then fails with journal.ErrFull, not
// as a PostgreSQL out of reach, and leaves the journal as it was (head,
// chain, idempotency key and secret free); once space returns the same
// append succeeds, on the same store.
func TestAppendOnAFullDiskIsErrFullAndWritesNothing(t *testing.T) {
	t.Parallel()
	pg := journaltest.StartCluster(t)
	dir := pg.SmallTablespace("petit", 1<<20)
	ctx := context.Background()
	s, err := Open(ctx, pg.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	head, refused := journaltest.AppendUntilFull(t, s, dir)
	if errors.Is(refused, journal.ErrUnavailable) {
		t.Fatalf("the append on a full disk failed with %v, want journal.ErrFull and not unavailable", refused)
	}
	t.Logf("refused after %d events: %v", head-1, refused)
	if h, err := journal.Verify(ctx, s); err != nil || h.Seq != head {
		t.Fatalf("once space returned the journal verifies to %d (%v), want %d", h.Seq, err, head)
	}
}
