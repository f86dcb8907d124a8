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

// TestR27_ActsAnswerWithTheirAnchor: a sale, a door admission, a desk
// close (Z), an award and the day report answer with the anchor of the
// journal right after the act: the sequence and hash of its last event,
// which the caller prints for the organiser to keep. A retried sale
// answers with the first sale's anchor.
func TestR27_ActsAnswerWithTheirAnchor(t *testing.T) {
	ctx := context.Background()
	d, store := entranceDay(t, "caisse-1")
	kctx := WithKey(ctx, "vente-1")
	s, err := d.Sell(kctx, org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 1)), Payments: cash(500)})
	ok(t, err)
	if want := headAnchor(t, store); s.Anchor != want {
		t.Fatalf("sale anchor %v, want the head %v", s.Anchor, want)
	}
	sell(t, d, "caisse-1", 500, serials(t, d, "A", 2)...)
	again, err := d.Sell(kctx, org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 1)), Payments: cash(500)})
	ok(t, err)
	if again.Anchor != s.Anchor {
		t.Fatalf("retried sale anchor %v, want the first sale's %v", again.Anchor, s.Anchor)
	}

	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Tickets: 1})
	ok(t, err)
	in, err := d.Admit(ctx, org("portier"), "porte-1", ticketOf(t, r.Tickets[0].Code), serialIn(t, serialOf(t, d, "A", 7)))
	ok(t, err)
	if want := headAnchor(t, store); in.Anchor != want {
		t.Fatalf("admission anchor %v, want the head %v", in.Anchor, want)
	}

	z, err := d.CloseDesk(ctx, org("caissier"), CloseRequest{Desk: "caisse-1", Count: []Denomination{{Cents: 500, Count: 32}}})
	ok(t, err)
	if want := headAnchor(t, store); z.Anchor == nil || *z.Anchor != want {
		t.Fatalf("Z anchor %v, want the head %v", z.Anchor, want)
	}
	rep, err := d.Report(ctx)
	ok(t, err)
	if want := headAnchor(t, store); rep.Anchor != want || len(rep.Sessions) != 1 || *rep.Sessions[0].Anchor != *z.Anchor {
		t.Fatalf("report anchor %v (session %v), want the head %v and the Z's", rep.Anchor, rep.Sessions[0].Anchor, want)
	}
}

// TestR27_AwardAnchorIsItsLastEvent: the award of the last game appends
// the prize and the reveal after it; its anchor is the last of them.
func TestR27_AwardAnchorIsItsLastEvent(t *testing.T) {
	ctx := context.Background()
	d, store := gameDay(t, "manual", quineGame("regular", voucher30))
	serial := stamp(t, d, "A", 1)[0]
	start(t, d)
	typeNumbers(t, d, rowOf(gridOf(t, d, "A", 1), 0)...)
	_, err := d.Claim(ctx, org("c"), mustSerial(t, serial))
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
