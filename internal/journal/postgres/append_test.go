package postgres

import (
	"context"
	"errors"
	"net/url"
	"testing"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// TestAppendFailureRollsBack checks that an append refused after its
// transaction began (a stale head, a key used inside the batch) rolls back
// on its connection, which the pool then reuses: no transaction left open,
// no reconnection per refusal, and the next append chains on the real head.
func TestAppendFailureRollsBack(t *testing.T) {
	t.Parallel()
	u, err := url.Parse(testURL(t))
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("pool_max_conns", "1")
	u.RawQuery = q.Encode()
	s := open(t, u.String())
	ctx := context.Background()

	keyed := journaltest.Draft("keyed", 1)
	keyed.Key = "k1"
	if _, err := s.Append(ctx, 0, keyed); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, 0, journaltest.Draft("stale", 2)); !errors.Is(err, journal.ErrConflict) {
		t.Fatalf("stale append: err = %v, want ErrConflict", err)
	}
	if _, err := s.Append(ctx, 1, journaltest.Draft("ok", 3), keyed); !errors.Is(err, journal.ErrDuplicateKey) {
		t.Fatalf("used key: err = %v, want ErrDuplicateKey", err)
	}
	if _, err := s.Append(ctx, 1, journaltest.Draft("next", 4)); err != nil {
		t.Fatalf("append after refusals: %v", err)
	}
	if n := s.pool.Stat().NewConnsCount(); n != 1 {
		t.Fatalf("the pool opened %d connections, want 1: a refusal left its connection unusable", n)
	}
	if h, err := journal.Verify(ctx, s); err != nil || h.Seq != 2 {
		t.Fatalf("verify = %v, %v; want head 2", h, err)
	}
}
