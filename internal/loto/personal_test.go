package loto

import (
	"context"
	"encoding/json"
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

// TestP1_DayReportNamesNobody: the day's report is an export (P1): its
// free cards give the ticket's and the reservation's numbers, not the
// holder's name, and the sales to refund of a postponed loto (R29) their
// number and cards, not the cheque payer's identity; what the report is
// for is still there.
func TestP1_DayReportNamesNobody(t *testing.T) {
	d, _, secret := personalDay(t)
	ctx := context.Background()
	_, err := d.Postpone(ctx, org("org"), "trop peu de joueurs")
	ok(t, err)
	r, err := d.Report(ctx)
	ok(t, err)
	b, err := json.Marshal(r)
	ok(t, err)
	for _, s := range secret {
		if len(s) >= 6 && strings.Contains(string(b), s) {
			t.Errorf("the day's report holds %q: %s", s, b)
		}
	}
	serial := serialOf(t, d, "A", 1)
	if len(r.Free) != 1 || r.Free[0].Ticket != 1 || r.Free[0].Reservation != 1 || r.Free[0].Card != serial || r.Totals.FreeCards != 1 {
		t.Fatalf("free cards %+v, want ticket 1 of reservation 1 with %s", r.Free, serial)
	}
	if r.Postponed == nil || len(r.Postponed.ToRefund) != 2 || r.Postponed.ToRefund[0].ID != 1 || r.Postponed.ToRefund[0].Total != 500 {
		t.Fatalf("sales to refund %+v", r.Postponed)
	}
	// The organiser's own list still has them while they are kept.
	if s := d.Sales()[0]; s.Identity == nil || s.Cheque != "7654321" || d.Reservations()[0].Name != "Hélène Lefèvre" {
		t.Fatalf("the day lost its personal data: %+v", s)
	}
}

func TestP1_EraseOnRequestLeavesEffaceAndAVerifiableJournal(t *testing.T) {
	d, store, _ := personalDay(t)
	ctx := context.Background()
	other := reopen(t, store) // another process on the same journal
	er, err := d.Erase(ctx, org("org"), EraseRequest{Reservation: 1, Why: "demande par courriel du 17 mars"})
	ok(t, err)
	if strings.Join(er.Refs, " ") != "reservation/1 sale/1" || er.Reservations != 1 || er.Sales != 1 {
		t.Fatalf("erasure %+v: want the holder and the cheque of the sale naming her ticket", er)
	}
	if _, ok := store.personal["reservation/1"]; ok {
		t.Fatal("the record is still in the store")
	}
	if _, ok := store.personal["sale/1"]; ok {
		t.Fatal("the cheque record is still in the store")
	}
	if _, ok := store.personal["reservation/2"]; !ok {
		t.Fatal("the other holder's record was erased too")
	}
	ok(t, other.Refresh(ctx))
	for _, day := range []*Day{d, other, reopen(t, store)} {
		rs := day.Reservations()
		if rs[0].Name != "effacé" || rs[0].Contact != "" || rs[0].Personal != PersonalErased || rs[1].Name != "Paul Martin" {
			t.Fatalf("reservations after the erasure: %+v", rs)
		}
		if rs[0].NameContains("lefevre") || rs[0].NameContains("effacé") {
			t.Fatal("an erased holder is still found by name")
		}
		if s := day.Sales()[0]; s.Identity != nil || s.Cheque != "" || s.Personal != PersonalErased {
			t.Fatalf("cheque sale after the erasure: %+v", s)
		}
		r, err := day.Report(ctx)
		ok(t, err)
		if len(r.Free) != 1 || r.Free[0].Reservation != 1 || r.Free[0].Ticket != 1 {
			t.Fatalf("report's free cards after the erasure: %+v", r.Free)
		}
	}
	compareStates(t, d, reopen(t, store))
	// The door still admits her other ticket: it is no personal data.
	in, err := d.Admit(ctx, org("porte"), "porte-1", ticketOf(t, d.Reservations()[0].Tickets[1].Code), serialIn(t, serialOf(t, d, "A", 4)))
	ok(t, err)
	if in.Name != "effacé" {
		t.Fatalf("the door shows %q for an erased holder", in.Name)
	}
	if _, err := journal.Verify(ctx, store); err != nil {
		t.Fatalf("verify after the erasure: %v", err)
	}
	if p := personalProblems(t, store); len(p) > 0 {
		t.Fatalf("an erasure is no problem: %q", p)
	}
	// The erasure event says which records, by whom and why; nothing else.
	e := store.all()[er.Seq-1]
	if e.Type != TypePersonalErased || !strings.Contains(string(e.Payload), "demande par courriel") || strings.Contains(string(e.Payload), "Lef") {
		t.Fatalf("erasure event %s %s", e.Type, e.Payload)
	}
	before := store.count()
	wantCode(t, errOf(d.Erase(ctx, org("org"), EraseRequest{Reservation: 1, Why: "encore"})), EConflict)
	wantCode(t, errOf(d.Erase(ctx, org("org"), EraseRequest{Sale: 1, Why: "encore"})), EConflict)
	nothingWritten(t, store, before)
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
