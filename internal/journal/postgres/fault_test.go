package postgres

import (
	"context"
	"errors"
	"testing"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// TestStoreDown_IsUnavailableThenRecovers: while its server is down, the
// store's appends and reads fail as journal.ErrUnavailable (the server
// then says "retry" rather than "internal error"); an ordinary refusal
// (a stale expected sequence) is not; once the server is back the same
// store appends again without being reopened, and nothing acknowledged
// before is lost.
func TestStoreDown_IsUnavailableThenRecovers(t *testing.T) {
	t.Parallel()
	pg := journaltest.StartCluster(t)
	ctx := context.Background()
	s, err := Open(ctx, pg.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	draft := journal.Draft{Actor: "test", Type: "test.event", Payload: []byte(`{}`)}
	if _, err := s.Append(ctx, 0, draft); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, 0, draft); !errors.Is(err, journal.ErrConflict) || errors.Is(err, journal.ErrUnavailable) {
		t.Fatalf("a stale sequence: %v", err)
	}
	pg.Crash()
	if _, err := s.Append(ctx, 1, draft); !errors.Is(err, journal.ErrUnavailable) {
		t.Fatalf("append with the server down: %v", err)
	}
	if _, err := s.Head(ctx); !errors.Is(err, journal.ErrUnavailable) {
		t.Fatalf("head with the server down: %v", err)
	}
	pg.Start()
	if _, err := s.Append(ctx, 1, draft); err != nil {
		t.Fatalf("append once the server is back: %v", err)
	}
	if h, err := s.Head(ctx); err != nil || h.Seq != 2 {
		t.Fatalf("head after the restart: %v %v", h, err)
	}
}
