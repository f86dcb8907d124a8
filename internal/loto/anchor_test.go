package loto

import (
	"context"
	"testing"

	"loto/internal/journal"
)

// headAnchor is the anchor of the store's last event.
func headAnchor(t *testing.T, store *memStore) journal.Anchor {
	t.Helper()
	h, err := store.Head(context.Background())
	ok(t, err)
	return journal.AnchorOf(h)
}

// TestR27_AwardAnchorIsItsLastEvent: the award of the last game appends
// the prize and the reveal after it; its anchor is the last of them.
func TestR27_AwardAnchorIsItsLastEvent(t *testing.T) {
	ctx := context.Background()
	d, store := gameDay(t, "manual", quineGame("regular", voucher30))
	serial := stamp(t, d, "A", 1)[0]
	start(t, d)
	typeNumbers(t, d, rowOf(gridOf(t, d, "A", 1), 0)...)
	_, err := d.Claim(ctx, org("c"), serialIn(t, serial))
	ok(t, err)
	_, err = d.StartControl(ctx, org("c"))
	ok(t, err)
	before := len(store.all())
	a, err := d.Award(ctx, org("host"))
	ok(t, err)
	if n := len(store.all()) - before; n < 2 || !a.DayOver {
		t.Fatalf("the last award appended %d events (day over %v), want the prize and the reveal", n, a.DayOver)
	}
	if want := headAnchor(t, store); a.Anchor != want {
		t.Fatalf("award anchor %v, want its last event %v", a.Anchor, want)
	}
}
