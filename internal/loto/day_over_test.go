package loto

import (
	"context"
	"strings"
	"testing"
)

func TestR9_NothingSoldIssuedOrReservedOnceTheLastPrizeIsAwarded(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	ctx := context.Background()
	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie Curie", Tickets: 1})
	ok(t, err)
	plate := serials(t, d, "A", 1, 2, 3, 4, 5, 6)
	sell(t, d, "caisse-1", 2000, plate...)
	_, err = d.StartGame(ctx, org("host"))
	ok(t, err)
	playQuine(t, d, plate) // the programme's only game: its award ends the day
	wantDayOver(t, d, store, r.Tickets[0].Code, "dernier lot")
	wantNoDeskOpens(t, d, store, "dernier lot")
}

func TestR9_NothingSoldIssuedOrReservedOnceTheDayIsEnded(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	ctx := context.Background()
	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie Curie", Tickets: 1})
	ok(t, err)
	_, err = d.EndDay(ctx, org("org"), "salle évacuée")
	ok(t, err)
	wantDayOver(t, d, store, r.Tickets[0].Code, "close par l'organisateur")
	wantNoDeskOpens(t, d, store, "close par l'organisateur")
}

// wantNoDeskOpens checks that the open desk still closes, to count its
// till, and that no desk opens again once the day is over: it would sell
// nothing (R9).
func wantNoDeskOpens(t *testing.T, d *Day, store *memStore, why string) {
	t.Helper()
	_, err := d.CloseDesk(keyed(), org("caissier"), CloseRequest{Desk: "caisse-1", Count: []Denomination{}})
	ok(t, err)
	before := store.count()
	_, err = d.OpenDesk(keyed(), org("caissier"), "caisse-1", 0)
	wantCode(t, err, EConflict)
	if m := ErrorMessage(err); !strings.Contains(m, "journée est finie") || !strings.Contains(m, why) || !strings.Contains(m, "R9") {
		t.Errorf("desk opened after the day is over: %q", m)
	}
	nothingWritten(t, store, before)
}

// A postponed loto ended with sales still to refund opens a desk to pay
// them; once all are paid, no desk opens any more.
func TestR9_DeskOpensAfterTheDayOnlyToPayPostponementRefunds(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	ctx := context.Background()
	s := sell(t, d, "caisse-1", 500, serials(t, d, "A", 1)...)
	_, err := d.Postpone(ctx, org("org"), "")
	ok(t, err)
	_, err = d.EndDay(ctx, org("org"), "loto reporté")
	ok(t, err)
	_, err = d.CloseDesk(keyed(), org("caissier"), CloseRequest{Desk: "caisse-1", Count: []Denomination{{Cents: 5000, Count: 3}, {Cents: 500, Count: 1}}})
	ok(t, err)
	_, err = d.OpenDesk(keyed(), org("caissier"), "caisse-1", 500)
	ok(t, err)
	_, err = d.RefundSale(keyed(), org("org"), RefundRequest{Sale: s.ID, Reason: RefundPostponement})
	ok(t, err)
	wantNoDeskOpens(t, d, store, "close par l'organisateur")
}

// wantDayOver checks that a sale, a door admission, a reservation and a
// stamp are refused in French, saying why, and record nothing.
func wantDayOver(t *testing.T, d *Day, store *memStore, ticket, why string) {
	t.Helper()
	ctx := context.Background()
	before := store.count()
	_, errSale := d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 7)), Payments: cash(500)})
	_, errDoor := d.Admit(keyed(), org("jean"), "porte-1", ticketOf(t, ticket), serialIn(t, serialOf(t, d, "A", 8)))
	_, errRes := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Pierre Curie", Tickets: 1})
	_, errStamp := d.Stamp(ctx, org("org"), serialsIn(t, serials(t, d, "A", 9)))
	for name, err := range map[string]error{"sale": errSale, "door": errDoor, "reservation": errRes, "stamp": errStamp} {
		wantCode(t, err, EConflict)
		if m := ErrorMessage(err); !strings.Contains(m, "journée est finie") || !strings.Contains(m, why) || !strings.Contains(m, "R9") {
			t.Errorf("%s after the day is over: %q", name, m)
		}
	}
	nothingWritten(t, store, before)
	compareStates(t, d, reopen(t, store))
}
