package loto

import (
	"context"
	"strings"
	"testing"

	"loto/internal/card"
)

func TestReservation_TicketsWithCheckCodes(t *testing.T) {
	d, store := entranceDay(t)
	ctx := context.Background()
	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "  Marie   Dupont ", Contact: "06 12 34 56 78", Tickets: 3})
	ok(t, err)
	if r.ID != 1 || r.Name != "Marie Dupont" || len(r.Tickets) != 3 {
		t.Fatalf("reservation %+v", r)
	}
	for i, tk := range r.Tickets {
		tc, err := ParseTicketCode(tk.Code)
		ok(t, err)
		if tc.Number != i+1 || tc.String() != tk.Code || tk.QR != "LOTO-TICKET:"+tk.Code || !strings.HasPrefix(tk.Code, "R-00000") {
			t.Fatalf("ticket %+v", tk)
		}
	}
	r2, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Paul", Contact: "paul@example.fr", Tickets: 1})
	ok(t, err)
	if r2.Tickets[0].Number != 4 {
		t.Fatalf("ticket numbers go on across reservations: %+v", r2.Tickets)
	}
	// The key is made once, with the first reservation, and kept apart from the events.
	k, err := store.Secret(ctx, reservationKeySecret)
	ok(t, err)
	for _, e := range store.all() {
		if strings.Contains(string(e.Payload), string(k)) {
			t.Fatal("the reservation key is in the journal")
		}
	}
	if got := reopen(t, store).Reservations(); len(got) != 2 || got[0].Tickets[2].Code != r.Tickets[2].Code {
		t.Fatalf("reservations after replay: %+v", got)
	}
	before := store.count()
	for _, tc := range []struct {
		name string
		spec ReservationSpec
	}{
		{"no name", ReservationSpec{Name: " ", Tickets: 1}},
		{"bad contact", ReservationSpec{Name: "X", Contact: "pas un contact", Tickets: 1}},
		{"no ticket", ReservationSpec{Name: "X", Tickets: 0}},
		{"absurd tickets", ReservationSpec{Name: "X", Tickets: 51}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.AddReservation(ctx, org("org"), tc.spec)
			wantCode(t, err, EInvalid)
			nothingWritten(t, store, before)
		})
	}
}

func TestReservation_ImportCSVAllOrNothing(t *testing.T) {
	d, store := entranceDay(t)
	ctx := context.Background()
	// The list as the CSV reader (eventfile) reads it.
	specs := []ReservationSpec{{Name: "Marie Dupont", Contact: "06 12 34 56 78", Tickets: 2, Line: 1},
		{Name: "Durand, Jean", Contact: "jean@example.fr", Tickets: 1, Line: 2}, {Name: "Jeanne", Tickets: 1, Line: 3}}
	rs, err := d.ImportReservations(ctx, org("org"), specs)
	ok(t, err)
	if len(rs) != 3 || rs[2].ID != 3 || rs[2].Tickets[0].Number != 4 {
		t.Fatalf("imported %+v", rs)
	}
	// One bad reservation in a list: none is recorded.
	before := store.count()
	_, err = d.ImportReservations(ctx, org("org"), []ReservationSpec{{Name: "A", Tickets: 1}, {Name: "B", Tickets: 99}})
	wantCode(t, err, EInvalid)
	if !strings.Contains(ErrorMessage(err), "réservation 2") {
		t.Fatalf("refusal %q does not name the reservation", ErrorMessage(err))
	}
	nothingWritten(t, store, before)
}

func TestR5_TicketCrossesOutOnce(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	ctx := context.Background()
	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Tickets: 2})
	ok(t, err)
	code := r.Tickets[0].Code
	free := serialOf(t, d, "A", 1)
	a, err := d.Admit(ctx, org("jean"), "porte-1", ticketOf(t, strings.ToLower(code)), serialIn(t, free))
	ok(t, err)
	if a.Ticket != code || a.Card != free || a.Name != "Marie" || a.Door != "porte-1" || a.By != "jean" {
		t.Fatalf("admission %+v", a)
	}
	before := store.count()
	_, err = d.Admit(ctx, org("luc"), "porte-2", ticketOf(t, code), serialIn(t, serialOf(t, d, "A", 2)))
	wantCode(t, err, EConflict)
	for _, say := range []string{"déjà barré", hhmm(a.Time), "« porte-1 »", "« jean »", free} {
		if !strings.Contains(ErrorMessage(err), say) {
			t.Fatalf("second scan %q does not say %q", ErrorMessage(err), say)
		}
	}
	nothingWritten(t, store, before)
	// The free card is stamped and linked to its crossed ticket (R4, R9).
	d.View(func(st *State) {
		ref, _ := refOf(free)
		if !st.Stamped(ref) || st.ent.holders[ref].ticket != 1 {
			t.Fatal("the free card is not stamped for its ticket")
		}
	})
	_, err = d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{free}), Payments: cash(500)})
	// The cashier is told the ticket's number, never its code (a bearer right).
	if msg := ErrorMessage(err); !strings.Contains(msg, "remise gratuitement (billet n° 1,") || strings.Contains(msg, code) {
		t.Fatalf("selling the free card: %q", ErrorMessage(err))
	}
	compareStates(t, d, reopen(t, store))
}

func TestR5_ForgedOrOtherDayTicketRefused(t *testing.T) {
	d, store := entranceDay(t)
	ctx := context.Background()
	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Tickets: 1})
	ok(t, err)
	// Another day: its own journal and its own random key.
	other, err := OpenWith(ctx, newMemStore(), Options{Rand: testRand(2)})
	ok(t, err)
	_, err = other.CreateEvent(ctx, org("org"), eventSpec(t, []byte(entranceYAML)))
	ok(t, err)
	ro, err := other.AddReservation(ctx, org("org"), ReservationSpec{Name: "Autre", Tickets: 1})
	ok(t, err)
	code := r.Tickets[0].Code
	before := store.count()
	for _, tc := range []struct {
		name, ticket, card, code, say string
	}{
		{"another day's ticket", ro.Tickets[0].Code, serialOf(t, d, "A", 1), EInvalid, "d'un autre jour"},
		{"forged check code", code[:9] + flip(code[9:]), serialOf(t, d, "A", 1), EInvalid, "falsifié"},
		{"forged number", "R-000002-" + code[9:], serialOf(t, d, "A", 1), EInvalid, "code de contrôle"},
		{"special free card", code, serialOf(t, d, "V", 1), EInvalid, "carte ordinaire"},
		{"free card not on sale", code, serialOf(t, d, "B", 1), EInvalid, "pas en vente"},
		{"no free card", code, "", EInvalid, "carte gratuite"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var free card.Serial // none scanned
			if tc.card != "" {
				free = serialIn(t, tc.card)
			}
			_, err := d.Admit(ctx, org("jean"), "porte-1", ticketOf(t, tc.ticket), free)
			wantCode(t, err, tc.code)
			if !strings.Contains(ErrorMessage(err), tc.say) {
				t.Fatalf("refusal %q does not say %q", ErrorMessage(err), tc.say)
			}
			nothingWritten(t, store, before)
		})
	}
	// An unreadable ticket is refused at the edge, as it is read.
	if _, err := ParseTicketCode("R-12"); ErrorCode(err) != EInvalid || !strings.Contains(ErrorMessage(err), "illisible") {
		t.Fatalf("unreadable ticket: %v", err)
	}
	// Before any reservation of its own, a day refuses every ticket.
	fresh, _ := entranceDay(t)
	_, err = fresh.Admit(ctx, org("jean"), "porte-1", ticketOf(t, code), serialIn(t, serialOf(t, fresh, "A", 1)))
	wantCode(t, err, EInvalid)
}

// flip changes the last character of a check code.
func flip(check string) string {
	last := check[len(check)-1]
	c := byte('2')
	if last == '2' {
		c = '3'
	}
	return check[:len(check)-1] + string(c)
}

func TestReservation_KeyOfAnotherListIsRefused(t *testing.T) {
	d, store := entranceDay(t)
	ctx := WithKey(context.Background(), "import-1")
	first, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Tickets: 1})
	ok(t, err)
	// A true retry returns the first answer.
	again, err := d.ImportReservations(ctx, org("org"), []ReservationSpec{{Name: "Marie", Tickets: 1}})
	ok(t, err)
	if len(again) != 1 || again[0].ID != first.ID || again[0].Tickets[0].Code != first.Tickets[0].Code {
		t.Fatalf("retry gave %+v, want %+v", again, first)
	}
	// The key of that list given with another list is a mistake, said as such.
	before := store.count()
	for _, tc := range []struct {
		name  string
		specs []ReservationSpec
	}{
		{"longer list", []ReservationSpec{{Name: "A", Tickets: 1}, {Name: "B", Tickets: 1}, {Name: "C", Tickets: 1}}},
		{"other name", []ReservationSpec{{Name: "Paul", Tickets: 1}}},
		{"other tickets", []ReservationSpec{{Name: "Marie", Tickets: 2}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.ImportReservations(ctx, org("org"), tc.specs)
			wantCode(t, err, EConflict)
			if !strings.Contains(ErrorMessage(err), "import-1") {
				t.Fatalf("refusal %q does not name the key", ErrorMessage(err))
			}
			nothingWritten(t, store, before)
		})
	}
}
