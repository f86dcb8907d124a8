package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// TestAppendOnAFullDiskIsErrFullAndWritesNothing (issue 11, 3): the
// journal's tables are on a small disk of their own (a tablespace on a
// tmpfs) that fills up. An append then fails with journal.ErrFull, not
// as a PostgreSQL out of reach, and leaves the journal as it was (head,
// chain, idempotency key and secret free); once space returns the same
// append succeeds, on the same store.
func TestAppendOnAFullDiskIsErrFullAndWritesNothing(t *testing.T) {
	pg := journaltest.StartCluster(t)
	dir := pg.SmallTablespace("petit", 1<<20)
	ctx := context.Background()
	s, err := Open(ctx, pg.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	payload, _ := json.Marshal(map[string]string{"texte": fmt.Sprintf("%0500d", 0)})
	draft := func(n int64) journal.Draft {
		return journal.Draft{Actor: "test", Type: "test.event", Payload: payload, Key: fmt.Sprintf("clé-%d", n),
			Secrets: map[string][]byte{fmt.Sprintf("secret-%d", n): []byte("valeur")}}
	}
	var head int64
	for ; head < 5; head++ {
		if _, err := s.Append(ctx, head, draft(head+1)); err != nil {
			t.Fatal(err)
		}
	}
	free := journaltest.FillDisk(t, dir)
	// The tables' last pages may hold a few more rows: appends go on until
	// one needs a page the disk cannot give.
	var full error
	for range 10000 {
		if _, err := s.Append(ctx, head, draft(head+1)); err != nil {
			full = err
			break
		}
		head++
	}
	if !errors.Is(full, journal.ErrFull) || errors.Is(full, journal.ErrUnavailable) {
		t.Fatalf("the append on a full disk failed with %v, want journal.ErrFull (and not unavailable)", full)
	}
	t.Logf("refused after %d events: %v", head, full)
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
	if h, err := journal.Verify(ctx, s); err != nil || h.Seq != head {
		t.Fatalf("once space returned the journal verifies to %d (%v), want %d", h.Seq, err, head)
	}
}
