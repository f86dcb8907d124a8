package sqlite

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// openAt opens the store of the file at path, which the caller closes.
func openAt(t testing.TB, path string) *Store {
	t.Helper()
	s, err := Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// openNew opens a store on a new file, loto.db in the new directory dir;
// the caller closes it.
func openNew(t *testing.T) (s *Store, dir, path string) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, "loto.db")
	return openAt(t, path), dir, path
}

// openTemp opens a store on a new file, closed when the test ends.
func openTemp(t *testing.T) journal.Store {
	t.Helper()
	s, _, _ := openNew(t)
	t.Cleanup(func() { s.Close() })
	return s
}

func TestContract(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
	path := filepath.Join(t.TempDir(), "loto.db")
	ctx := context.Background()
	s := openAt(t, path)
	if _, err := s.Append(ctx, 0, journaltest.Draft("a", 1)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = openAt(t, path) // reopened
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
	t.Parallel()
	path := filepath.Join(t.TempDir(), "loto.db")
	ctx := context.Background()
	a := openAt(t, path)
	defer a.Close()
	b := openAt(t, path)
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

// TestStoresOpeningOneNewFileAtOnceAllOpen: four stores opening one new
// file at the same moment, as two loto commands started together do, all
// open it; none is told the base is locked. Before open tried again,
// SQLite answered one of them SQLITE_BUSY for about one file in fifty.
func TestStoresOpeningOneNewFileAtOnceAllOpen(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	const files, stores = 300, 4
	for i := range files {
		path := filepath.Join(t.TempDir(), "loto.db")
		errs := make(chan error, stores)
		for range stores {
			go func() {
				s, err := Open(ctx, path, nil)
				if err == nil {
					s.Close()
				}
				errs <- err
			}()
		}
		for range stores {
			if err := <-errs; err != nil {
				t.Fatalf("file %d: %v", i, err)
			}
		}
	}
}

// TestPathIsAPath: a file name with "#", "?" or "%" opens that very file,
// not another one named by what comes before the sign, and reopens it.
func TestPathIsAPath(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, name := range []string{"jour#1.db", "jour?mode=ro.db", "loto%3F.db", "a b&c=d.db"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, name)
			s, err := Open(ctx, path, nil)
			if err != nil {
				t.Fatalf("open %q: %v", path, err)
			}
			if _, err := s.Append(ctx, 0, journaltest.Draft("a", 1)); err != nil {
				t.Fatalf("append: %v", err)
			}
			s.Close()
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if !strings.HasPrefix(e.Name(), name) {
					t.Fatalf("opening %q wrote %q", name, e.Name())
				}
			}
			if _, err := os.Stat(path); err != nil {
				t.Fatalf("no file %q: %v", name, err)
			}
			s, err = Open(ctx, path, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if h, err := s.Head(ctx); err != nil || h.Seq != 1 {
				t.Fatalf("reopened %q: head %v %v, want 1", name, h, err)
			}
		})
	}
}
