package sqlite

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"loto/internal/journal/journaltest"
)

// TestOpen_TheBaseIsPrivate: under the usual umask (022), which lets
// others read what is made 0666, a new base, its
// write-ahead log and shared memory, and a copy of it are 0600; a base,
// or a write-ahead log, that other accounts may read is refused with the
// files named, before SQLite opens it.
func TestOpen_TheBaseIsPrivate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, dir, path := openNew(t)
	if _, err := s.Append(ctx, 0, journaltest.Draft("test.first", map[string]int{"i": 0})); err != nil {
		t.Fatal(err)
	}
	copied := filepath.Join(dir, "copie.db")
	if err := Copy(ctx, path, copied); err != nil {
		t.Fatal(err)
	}
	journaltest.WantPrivate(t, path, path+"-wal", path+"-shm", copied)
	s.Close()

	if err := os.Chmod(copied, 0o644); err != nil {
		t.Fatal(err)
	}
	refused(t, copied, copied)
	// A copy being checked opens whatever its mode: on a FAT stick every
	// file reads 0644 or 0755, and a chmod changes nothing.
	c, err := OpenCopy(ctx, copied)
	if err != nil {
		t.Fatalf("a copy others may read, opened to be checked: %v", err)
	}
	c.Close()
	if err := os.Chmod(copied, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(copied+"-wal", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	refused(t, copied, copied+"-wal")
}

// refused checks that Open refuses the base at path, naming files.
func refused(t *testing.T, path string, files ...string) {
	t.Helper()
	_, err := Open(context.Background(), path, nil)
	var shared *SharedError
	if !errors.As(err, &shared) || !slices.Equal(shared.Files, files) {
		t.Fatalf("opening with %v readable by others: %v", files, err)
	}
}
