package loto

import (
	"context"
	"testing"

	"loto/internal/journal"
)

// TestVerifyJournal_NamesTheEditedEvent: the journal as stored verifies,
// with a kept anchor; an edited event fails it, named, as an answer.
func TestVerifyJournal_NamesTheEditedEvent(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	sale := sell(t, d, "caisse-1", 500, serials(t, d, "A", 1)...)
	head := d.HeadAnchor()
	v, err := d.VerifyJournal(context.Background(), []journal.Anchor{head})
	ok(t, err)
	if !v.OK || v.Events != head.Seq || v.Head == nil || *v.Head != head || v.Secrets == 0 {
		t.Fatalf("verification %+v, want ok up to %s", v, head)
	}
	store.mu.Lock()
	store.events[sale.Seq-1].Actor = "mallory"
	store.mu.Unlock()
	v, err = d.VerifyJournal(context.Background(), nil)
	ok(t, err)
	if v.OK || v.BadSeq != sale.Seq || v.Problem == "" {
		t.Fatalf("verification of an edited journal %+v, want event %d named", v, sale.Seq)
	}
}
