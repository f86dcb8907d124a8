package loto

import (
	"context"
	"strings"
	"testing"

	"loto/internal/journal"
)

// personalDay is a day with personal data of every kind: two reservations
// (a phone, an e-mail), a ticket crossed out at the door, a cheque sale
// naming a ticket of the first holder (R8) and a cash sale naming the
// second's. It returns the texts that must never be in a payload.
func personalDay(t *testing.T) (*Day, *memStore, []string) {
	t.Helper()
	d, store := entranceDay(t, "caisse-1")
	ctx := context.Background()
	helene, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Hélène Lefèvre", Contact: "06 12 34 56 78", Tickets: 2})
	ok(t, err)
	paul, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Paul Martin", Contact: "paul.martin@example.fr", Tickets: 1})
	ok(t, err)
	_, err = d.Admit(ctx, org("porte"), "porte-1", ticketOf(t, helene.Tickets[0].Code), serialIn(t, serialOf(t, d, "A", 1)))
	ok(t, err)
	_, err = d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 2)),
		Payments: []Payment{{Method: Cheque, Cents: 500}}, Identity: &Identity{Kind: "CNI", Number: "880692310285"},
		Cheque: "7654321", Ticket: ticketRef(t, helene.Tickets[1].Code)})
	ok(t, err)
	_, err = d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 3)), Payments: cash(500),
		Ticket: ticketRef(t, paul.Tickets[0].Code)})
	ok(t, err)
	secret := []string{"Hélène", "Lefèvre", "06 12 34 56 78", "0612345678", "paul.martin", "Paul Martin", "880692310285", "7654321"}
	for _, r := range []Reservation{helene, paul} {
		for _, tk := range r.Tickets {
			secret = append(secret, tk.Code, tk.Code[len(tk.Code)-4:]) // the code, and its check characters
		}
	}
	return d, store, secret
}

// leaks returns the texts of secret found in the journal's events.
func leaks(store *memStore, secret []string) []string {
	var found []string
	for _, e := range store.all() {
		for _, s := range secret {
			if strings.Contains(string(e.Payload), s) || strings.Contains(e.Actor, s) {
				found = append(found, s+" (event "+e.Type+")")
			}
		}
	}
	return found
}

func TestP1_PayloadsHoldNoPersonalDataNorTicketCode(t *testing.T) {
	d, store, secret := personalDay(t)
	if found := leaks(store, secret); len(found) > 0 {
		t.Fatalf("the journal's payloads hold personal data or ticket codes: %q", found)
	}
	// The day still has them, from the records kept beside the journal.
	for _, day := range []*Day{d, reopen(t, store)} {
		rs := day.Reservations()
		s := day.Sales()[0]
		if rs[0].Name != "Hélène Lefèvre" || rs[0].Contact != "06 12 34 56 78" || rs[1].Contact != "paul.martin@example.fr" ||
			s.Identity == nil || s.Identity.Number != "880692310285" || s.Cheque != "7654321" || s.Ticket != 2 {
			t.Fatalf("the day lost its personal data: %+v, sale %+v", rs, s)
		}
	}
	if p := personalProblems(t, store); len(p) > 0 {
		t.Fatalf("problems on an untouched day: %q", p)
	}
}

func TestP1_EraseRefusals(t *testing.T) {
	d, store, _ := personalDay(t)
	ctx := context.Background()
	before := store.count()
	for _, tc := range []struct {
		name  string
		actor Actor
		req   EraseRequest
		code  string
	}{
		{"not the organiser", Actor{Name: "Jo", Role: RoleDoor}, EraseRequest{Reservation: 1, Why: "demande"}, EForbidden},
		{"no reason", org("org"), EraseRequest{Reservation: 1}, EInvalid},
		{"neither", org("org"), EraseRequest{Why: "demande"}, EInvalid},
		{"both", org("org"), EraseRequest{Reservation: 1, Sale: 1, Why: "demande"}, EInvalid},
		{"unknown reservation", org("org"), EraseRequest{Reservation: 9, Why: "demande"}, ENotFound},
		{"unknown sale", org("org"), EraseRequest{Sale: 9, Why: "demande"}, ENotFound},
		{"a cash sale keeps nothing", org("org"), EraseRequest{Sale: 2, Why: "demande"}, EInvalid},
		// The reason stays in the journal for ever: it may not repeat the data.
		{"reason names her", org("org"), EraseRequest{Reservation: 1, Why: "demande de Mme LEFEVRE"}, EInvalid},
		{"reason holds her phone", org("org"), EraseRequest{Reservation: 1, Why: "rappel au 06.12.34.56.78"}, EInvalid},
		{"reason holds the cheque number", org("org"), EraseRequest{Sale: 1, Why: "chèque n° 7654321"}, EInvalid},
		{"reason holds the cheque of her sale", org("org"), EraseRequest{Reservation: 1, Why: "pièce 880692310285"}, EInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.Erase(ctx, tc.actor, tc.req)
			wantCode(t, err, tc.code)
			nothingWritten(t, store, before)
		})
	}
}

func TestP1_PurgeOnlyOnceTheDayIsOver(t *testing.T) {
	d, store, secret := personalDay(t)
	ctx := context.Background()
	before := store.count()
	wantCode(t, errOf(d.Purge(ctx, org("org"), "fin de journée")), EConflict)
	wantCode(t, errOf(d.Purge(ctx, Actor{Name: "Jo", Role: RoleCashier, Desk: "caisse-1"}, "fin de journée")), EForbidden)
	nothingWritten(t, store, before)
	_, err := d.EndDay(ctx, org("org"), "fin de journée")
	ok(t, err)
	er, err := d.Purge(ctx, org("org"), "fin de journée")
	ok(t, err)
	if er.Reservations != 2 || er.Sales != 1 {
		t.Fatalf("purge %+v: want both holders and the cheque", er)
	}
	if len(store.personal) != 0 {
		t.Fatalf("records left after the purge: %v", store.personal)
	}
	for _, r := range reopen(t, store).Reservations() {
		if r.Name != "effacé" || r.Contact != "" {
			t.Fatalf("reservation after the purge: %+v", r)
		}
	}
	if found := leaks(store, secret); len(found) > 0 {
		t.Fatalf("after the purge the journal holds %q", found)
	}
	if _, err := journal.Verify(ctx, store); err != nil {
		t.Fatalf("verify after the purge: %v", err)
	}
	before = store.count()
	wantCode(t, errOf(d.Purge(ctx, org("org"), "encore")), EConflict)
	nothingWritten(t, store, before)
}

func TestP1_EditedOrDeletedRecordIsDetected(t *testing.T) {
	_, store, _ := personalDay(t)
	r := store.personal["reservation/1"]
	r.record = []byte(strings.Replace(string(r.record), "Hélène Lefèvre", "Mallory Lefèvre", 1))
	store.personal["reservation/1"] = r
	delete(store.personal, "sale/1")
	d := reopen(t, store)
	if got := d.Reservations()[0]; got.Name != "altéré" || got.Personal != PersonalAltered || got.Contact != "" {
		t.Fatalf("an edited record reads as %+v", got)
	}
	if s := d.Sales()[0]; s.Personal != PersonalMissing || s.Identity != nil {
		t.Fatalf("a deleted record reads as %+v", s)
	}
	p := strings.Join(personalProblems(t, store), "\n")
	if !strings.Contains(p, "reservation/1 altérée") || !strings.Contains(p, "sale/1 absente") {
		t.Fatalf("problems: %q", p)
	}
}

func TestP1_SaleRetriedAfterItsPayerIsErasedAnswersTheFirstSale(t *testing.T) {
	d, store, _ := personalDay(t)
	ctx := WithKey(context.Background(), "vente-cheque")
	req := SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 5)), Payments: []Payment{{Method: Cheque, Cents: 500}},
		Identity: &Identity{Kind: "CNI", Number: "X1"}, Cheque: "12"}
	first, err := d.Sell(ctx, org("caissier"), req)
	ok(t, err)
	_, err = d.Erase(context.Background(), org("org"), EraseRequest{Sale: first.ID, Why: "demande"})
	ok(t, err)
	before := store.count()
	again, err := d.Sell(ctx, org("caissier"), req)
	ok(t, err)
	if again.ID != first.ID || again.Personal != PersonalErased {
		t.Fatalf("retry answered %+v, first %+v", again, first)
	}
	nothingWritten(t, store, before)
}

// personalProblems checks the journal's personal records as journal verify does.
func personalProblems(t *testing.T, store *memStore) []string {
	t.Helper()
	c, err := CheckPersonal(context.Background(), store)
	ok(t, err)
	return c.Problems
}
