package journaltest

import (
	"context"
	"errors"
	"strings"
	"testing"

	"loto/internal/journal"
)

// personalDraft is a draft that stores one personal record under ref.
func personalDraft(ref, record string) journal.Draft {
	d := Draft("reservation.created", map[string]string{"ref": ref})
	d.Personal = map[string][]byte{ref: []byte(record)}
	return d
}

// personal reads the records of events from..to, failing the test on error.
func personal(t *testing.T, s journal.Store, from, to int64) map[string][]byte {
	t.Helper()
	recs, err := s.Personal(context.Background(), from, to)
	if err != nil {
		t.Fatalf("personal %d..%d: %v", from, to, err)
	}
	return recs
}

// testPersonal: a record is stored with its event, apart from the payload,
// found by the event's sequence, and all or nothing with its batch.
func testPersonal(t *testing.T, b Backend) {
	s := b.Open(t)
	mustAppend(t, s, 0, Draft("x", 0), personalDraft("reservation/1", "Hélène Lefèvre 0612345678"))
	for _, e := range All(t, s) {
		if strings.Contains(string(e.Payload), "Lefèvre") {
			t.Fatalf("personal record in the payload: %s", e.Payload)
		}
	}
	if got := personal(t, s, 2, 2); string(got["reservation/1"]) != "Hélène Lefèvre 0612345678" || len(got) != 1 {
		t.Fatalf("records of event 2 = %q", got)
	}
	if got := personal(t, s, 1, 1); len(got) != 0 {
		t.Fatalf("records of event 1 = %q, want none", got)
	}
	_, err := s.Append(context.Background(), 2, personalDraft("reservation/2", "Paul"), personalDraft("reservation/1", "Mallory"))
	if !errors.Is(err, journal.ErrPersonalExists) {
		t.Fatalf("a reference used twice: err = %v, want ErrPersonalExists", err)
	}
	if _, err := s.Append(context.Background(), 1, personalDraft("reservation/3", "Zoé")); !errors.Is(err, journal.ErrConflict) {
		t.Fatalf("stale append: err = %v, want ErrConflict", err)
	}
	if got := personal(t, s, 1, 10); len(got) != 1 || string(got["reservation/1"]) != "Hélène Lefèvre 0612345678" {
		t.Fatalf("after refused batches the records are %q: a refused batch stored or changed some", got)
	}
}

// testErase: an erasure deletes the records it names in the same
// transaction as its event, and the chain still verifies.
func testErase(t *testing.T, b Backend) {
	s := b.Open(t)
	mustAppend(t, s, 0, personalDraft("reservation/1", "Hélène"), personalDraft("reservation/2", "Paul"))
	stale := Draft("personal.erased", map[string]string{"ref": "reservation/2"})
	stale.Erase = []string{"reservation/2"}
	if _, err := s.Append(context.Background(), 0, stale); !errors.Is(err, journal.ErrConflict) {
		t.Fatalf("stale erasure: err = %v, want ErrConflict", err)
	}
	if got := personal(t, s, 1, 2); len(got) != 2 {
		t.Fatalf("a refused erasure erased: records %q", got)
	}
	erase := Draft("personal.erased", map[string]string{"ref": "reservation/1"})
	erase.Erase = []string{"reservation/1", "reservation/9"} // an unknown reference is no error
	mustAppend(t, s, 2, erase)
	got := personal(t, s, 1, 3)
	if _, ok := got["reservation/1"]; ok || string(got["reservation/2"]) != "Paul" || len(got) != 1 {
		t.Fatalf("after erasing reservation/1 the records are %q", got)
	}
	if err := s.Scrub(context.Background()); err != nil {
		t.Fatalf("scrub: %v", err)
	}
	if h, err := journal.Verify(context.Background(), s); err != nil || h.Seq != 3 {
		t.Fatalf("verify after an erasure: %+v, %v", h, err)
	}
}
