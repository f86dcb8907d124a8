package loto

import (
	"context"
	"testing"
	"time"

	"loto/internal/journal"
)

// TestDashboard_QuartersSpanTheDayWithItsGaps: sales are bucketed by
// quarter hour of the event's zone, every quarter from the first to the
// last listed (a quiet one as zeros), with their cards and takings; the
// stages of the programme not awarded are to play.
func TestDashboard_QuartersSpanTheDayWithItsGaps(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	loc := d.Event().Location()
	store.clock = time.Date(2025, 3, 16, 10, 1, 0, 0, loc)
	sell(t, d, "caisse-1", 1200, serials(t, d, "A", 1, 2, 3)...)
	store.clock = time.Date(2025, 3, 16, 10, 14, 0, 0, loc)
	sell(t, d, "caisse-1", 500, serials(t, d, "A", 4)...)
	store.clock = time.Date(2025, 3, 16, 10, 40, 0, 0, loc)
	sell(t, d, "caisse-1", 500, serials(t, d, "A", 5)...)

	db, err := d.Dashboard(context.Background())
	ok(t, err)
	want := []struct {
		start        string
		sales, cards int
		cents        Cents
	}{{"10:00", 2, 4, 1700}, {"10:15", 0, 0, 0}, {"10:30", 1, 1, 500}}
	if len(db.Quarters) != len(want) {
		t.Fatalf("%d quarters %+v, want %d", len(db.Quarters), db.Quarters, len(want))
	}
	for i, w := range want {
		q := db.Quarters[i]
		if got := q.Start.In(loc).Format("15:04"); got != w.start || q.Sales != w.sales || q.Cards != w.cards || q.Cents != w.cents {
			t.Errorf("quarter %d: %s %+v, want %+v", i, got, q, w)
		}
	}
	if db.Totals.Cards != 5 || db.Totals.NetCents != 2200 || db.Games.Programme != 1 || db.Games.Played != 0 {
		t.Errorf("totals %+v games %+v", db.Totals, db.Games)
	}
	if len(db.ToPlay) != 1 || db.ToPlay[0].Stage != "quine" || len(db.Awarded) != 0 {
		t.Errorf("to play %+v, awarded %+v", db.ToPlay, db.Awarded)
	}
}

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
