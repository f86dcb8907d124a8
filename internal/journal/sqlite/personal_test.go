package sqlite

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// TestP1_ErasedRecordLeavesNoBytes stores many records (so that pages split
// and the WAL is checkpointed into the file several times), erases one, then
// all: afterwards no byte of the file or of its WAL holds them, and the
// chain verifies.
func TestP1_ErasedRecordLeavesNoBytes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "loto.db")
	s := openAt(t, path)
	defer s.Close()
	name := func(i int) string { return fmt.Sprintf("Zoé Quintard-%04d 06%08d", i, i) }
	var refs []string
	for i := range 400 {
		ref := fmt.Sprintf("reservation/%d", i+1)
		d := journaltest.Draft("reservation.created", map[string]string{"ref": ref})
		d.Personal = map[string][]byte{ref: []byte(name(i))}
		if _, err := s.Append(ctx, int64(i), d); err != nil {
			t.Fatal(err)
		}
		refs = append(refs, ref)
		if i%100 == 99 {
			if err := s.Scrub(ctx); err != nil { // a checkpoint, as SQLite makes on its own
				t.Fatal(err)
			}
		}
	}
	if !bytes.Contains(journaltest.OnDisk(t, path), []byte(name(7))) {
		t.Fatal("the record is not in the files before its erasure: the test proves nothing")
	}
	erase := func(head int64, refs ...string) {
		t.Helper()
		d := journaltest.Draft("personal.erased", map[string]any{"refs": refs})
		d.Erase = refs
		if _, err := s.Append(ctx, head, d); err != nil {
			t.Fatal(err)
		}
		if err := s.Scrub(ctx); err != nil {
			t.Fatal(err)
		}
	}
	erase(400, refs[7])
	raw := journaltest.OnDisk(t, path)
	if i := bytes.Index(raw, []byte("Quintard-0007")); i >= 0 {
		t.Fatalf("erased record still in the files at byte %d", i)
	}
	if !bytes.Contains(raw, []byte(name(8))) {
		t.Fatal("erasing one record lost another")
	}
	erase(401, refs...)
	raw = journaltest.OnDisk(t, path)
	if i := bytes.Index(raw, []byte("Quintard-")); i >= 0 {
		t.Fatalf("purged records still in the files at byte %d: %q", i, raw[i:i+30])
	}
	if _, err := journal.Verify(ctx, s); err != nil {
		t.Fatalf("verify after the purge: %v", err)
	}
}
