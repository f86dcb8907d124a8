package sqlite

import (
	"context"
	"io/fs"
	"path/filepath"
	"testing"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

func openTemp(t *testing.T) journal.Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "loto.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestContract(t *testing.T) {
	journaltest.Run(t, journaltest.Backend{
		Open: openTemp,
		Exec: func(t *testing.T, s journal.Store, query string) {
			if _, err := s.(*Store).db.Exec(query); err != nil {
				t.Fatalf("%s: %v", query, err)
			}
		},
	})
}

func TestReopenKeepsEventsAndAppliesMigrationsOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "loto.db")
	ctx := context.Background()
	s, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, 0, journaltest.Draft("a", 1)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(ctx, path, nil)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer s.Close()
	if h, _ := s.Head(ctx); h.Seq != 1 {
		t.Fatalf("head after reopen = %d, want 1", h.Seq)
	}
	var n int
	s.db.QueryRow(`SELECT count(*) FROM schema_migrations`).Scan(&n)
	files, _ := fs.Glob(migrations, "migration/*.sql")
	if n != len(files) {
		t.Fatalf("%d migrations recorded, want %d", n, len(files))
	}
}

func TestTwoStoresOnOneFileStaySafe(t *testing.T) {
	path := filepath.Join(t.TempDir(), "loto.db")
	ctx := context.Background()
	a, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := a.Append(ctx, 0, journaltest.Draft("a", 1)); err != nil {
		t.Fatal(err)
	}
	// b's view is stale: it must get a conflict, not a fork of the chain.
	if _, err := b.Append(ctx, 0, journaltest.Draft("b", 1)); err == nil {
		t.Fatal("a stale append from a second connection succeeded")
	}
	if _, err := b.Append(ctx, 1, journaltest.Draft("b", 2)); err != nil {
		t.Fatal(err)
	}
	if _, err := journal.Verify(ctx, a); err != nil {
		t.Fatal(err)
	}
}
