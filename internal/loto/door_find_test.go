package loto

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestR5_CheckTicketBeforeTheFreeCard: a scanned ticket says whose it is
// and how many of the reservation's tickets are left; once crossed out it
// answers when, where and by whom; a forged code is refused; a check
// records nothing and only the door may make it.
func TestR5_CheckTicketBeforeTheFreeCard(t *testing.T) {
	d, store := entranceDay(t)
	ctx := context.Background()
	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Hélène Lefèvre", Contact: "06 12 34 56 78", Tickets: 2})
	ok(t, err)
	door := Actor{Name: "tablette entrée", Role: RoleDoor}
	before := store.count()
	dt, err := d.CheckTicket(door, ticketOf(t, r.Tickets[1].Code))
	ok(t, err)
	if dt.Number != 2 || dt.Reservation != r.ID || dt.Name != "Hélène Lefèvre" || dt.Tickets != 2 || dt.Left != 2 || dt.Crossed != nil {
		t.Fatalf("check before the door: %+v", dt)
	}
	nothingWritten(t, store, before)

	free := serialOf(t, d, "A", 5)
	_, err = d.Admit(ctx, Actor{Name: "jean", Role: RoleDoor}, "porte-nord", ticketOf(t, r.Tickets[1].Code), serialIn(t, free))
	ok(t, err)
	dt, err = d.CheckTicket(door, ticketOf(t, r.Tickets[1].Code))
	ok(t, err)
	if c := dt.Crossed; c == nil || c.Door != "porte-nord" || c.By != "jean" || c.Card != free || c.Time.IsZero() || dt.Left != 1 {
		t.Fatalf("check after the door: %+v (crossing %+v)", dt, dt.Crossed)
	}
	// The reservation's other ticket is still good.
	if dt, err = d.CheckTicket(door, ticketOf(t, r.Tickets[0].Code)); err != nil || dt.Crossed != nil || dt.Left != 1 {
		t.Fatalf("the other ticket: %+v, %v", dt, err)
	}

	code := r.Tickets[0].Code
	_, err = d.CheckTicket(door, ticketOf(t, code[:9]+flip(code[9:])))
	wantCode(t, err, EInvalid)
	if !strings.Contains(ErrorMessage(err), "falsifié ou d'un autre jour") {
		t.Fatalf("forged: %q", ErrorMessage(err))
	}
	for _, a := range []Actor{{Name: "c", Role: RoleCashier, Desk: "caisse-1"}, {Name: "m", Role: RoleHost}, {Name: "t", Role: RoleBoard}} {
		_, err := d.CheckTicket(a, ticketOf(t, code))
		wantCode(t, err, EForbidden)
		_, _, err = d.FindReservations(a, "lefevre")
		wantCode(t, err, EForbidden)
		_, err = d.CountDoor(a)
		wantCode(t, err, EForbidden)
	}
}

// TestR4_FindReservationByNameOrPhone: the door finds a holder without a
// ticket by a part of the name, without accents or case, or by digits of
// the phone written in any style; an erased holder is never found; too
// short a text (under 3 letters, 4 digits) is refused; more than 10 matches answer 10 and the total.
func TestR4_FindReservationByNameOrPhone(t *testing.T) {
	d, _ := entranceDay(t)
	ctx := context.Background()
	specs := []ReservationSpec{
		{Name: "Hélène Lefèvre", Contact: "06 12 34 56 78", Tickets: 2},
		{Name: "Paul Lefebvre", Contact: "+33 7 00 11 22 33", Tickets: 1},
		{Name: "Jean-Pierre Martin", Contact: "jp@example.fr", Tickets: 1},
		{Name: "Effacée Lefèvre", Contact: "06 99 99 99 99", Tickets: 1},
	}
	_, err := d.ImportReservations(ctx, org("org"), specs)
	ok(t, err)
	_, err = d.Erase(ctx, org("org"), EraseRequest{Reservation: 4, Why: "demande par courriel"})
	ok(t, err)
	door := Actor{Name: "tablette entrée", Role: RoleDoor}
	for _, tc := range []struct {
		text string
		want []int
	}{
		{"lefevre", []int{1}},
		{"  LEFE ", []int{1, 2}},
		{"jean pierre", []int{3}},
		{"0612", []int{1}},
		{"06.12.34", []int{1}},
		{"+33 6 12 34", []int{1}},
		{"07 00 11", []int{2}},
		{"5678", []int{1}},
		{"9999", nil},
		{"effacée", nil},
		{"dupont", nil},
	} {
		found, total, err := d.FindReservations(door, tc.text)
		ok(t, err)
		var ids []int
		for _, r := range found {
			ids = append(ids, r.ID)
		}
		if !slices.Equal(ids, tc.want) || total != len(tc.want) {
			t.Errorf("%q found %v (%d in all), want %v", tc.text, ids, total, tc.want)
		}
	}
	found, _, _ := d.FindReservations(door, "hélène")
	if len(found) != 1 || len(found[0].Tickets) != 2 || found[0].Tickets[0].Code == "" {
		t.Fatalf("a found reservation carries its tickets: %+v", found)
	}
	for _, short := range []string{"", " ", "l", "le", " l é ", "061"} {
		_, _, err := d.FindReservations(door, short)
		wantCode(t, err, EInvalid)
		if !strings.Contains(ErrorMessage(err), "au moins 3 lettres du nom, ou 4 chiffres") {
			t.Errorf("%q: %q", short, ErrorMessage(err))
		}
	}
	if found, _, err := d.FindReservations(door, "lèf"); err != nil || len(found) != 2 {
		t.Errorf("3 letters: %d found, %v", len(found), err)
	}

	var many []ReservationSpec
	for i := 0; i < 12; i++ {
		many = append(many, ReservationSpec{Name: "Famille Durand " + string(rune('A'+i)), Tickets: 1})
	}
	_, err = d.ImportReservations(ctx, org("org"), many)
	ok(t, err)
	found, total, err := d.FindReservations(door, "durand")
	ok(t, err)
	if len(found) != maxFound || total != 12 {
		t.Fatalf("12 Durand: %d answered, %d in all", len(found), total)
	}
}

// TestR5_CountDoor: the tickets issued, crossed out by door, and to come.
func TestR5_CountDoor(t *testing.T) {
	d, _ := entranceDay(t)
	ctx := context.Background()
	door := Actor{Name: "tablette entrée", Role: RoleDoor}
	c, err := d.CountDoor(door)
	ok(t, err)
	if c.Expected != 0 || c.Crossed != 0 || c.ToCome != 0 || len(c.Doors) != 0 {
		t.Fatalf("before any reservation: %+v", c)
	}
	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Tickets: 3})
	ok(t, err)
	for i, doorName := range []string{"porte-sud", "porte-nord"} {
		_, err := d.Admit(ctx, door, doorName, ticketOf(t, r.Tickets[i].Code), serialIn(t, serialOf(t, d, "A", i+1)))
		ok(t, err)
	}
	c, err = d.CountDoor(door)
	ok(t, err)
	if c.Expected != 3 || c.Crossed != 2 || c.ToCome != 1 || len(c.Doors) != 2 ||
		c.Doors[0] != (DoorTally{Door: "porte-nord", Crossed: 1}) || c.Doors[1] != (DoorTally{Door: "porte-sud", Crossed: 1}) {
		t.Fatalf("after two admissions: %+v", c)
	}
}

// TestR28_ExcludedHolderTicketRefusedAtTheDoor: a reservation's ticket not
// crossed out yet when its holder is excluded (the exclusion names it, R28)
// is refused at the door, checked or admitted, and nothing is recorded.
func TestR28_ExcludedHolderTicketRefusedAtTheDoor(t *testing.T) {
	d, store := entranceDay(t)
	ctx := context.Background()
	r, err := d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Marie", Tickets: 2})
	ok(t, err)
	_, err = d.Admit(ctx, org("jean"), "porte-1", ticketOf(t, r.Tickets[0].Code), serialIn(t, serialOf(t, d, "A", 1)))
	ok(t, err)
	x, err := d.Exclude(ctx, org("org"), ExclusionRequest{Why: "perturbe le jeu", Tickets: ticketCodes(t, []string{r.Tickets[0].Code, r.Tickets[1].Code})})
	ok(t, err)
	door := Actor{Name: "tablette entrée", Role: RoleDoor}
	dt, err := d.CheckTicket(door, ticketOf(t, r.Tickets[1].Code))
	ok(t, err)
	if dt.Excluded != x.ID || dt.Crossed != nil {
		t.Fatalf("check of the excluded holder's ticket: %+v", dt)
	}
	before := store.count()
	_, err = d.Admit(ctx, door, "porte-1", ticketOf(t, r.Tickets[1].Code), serialIn(t, serialOf(t, d, "A", 2)))
	wantCode(t, err, EConflict)
	if !strings.Contains(ErrorMessage(err), "exclu") || !strings.Contains(ErrorMessage(err), "R28") || strings.Contains(ErrorMessage(err), "perturbe") {
		t.Fatalf("refusal %q", ErrorMessage(err))
	}
	nothingWritten(t, store, before)
}
