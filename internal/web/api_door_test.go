package web

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"loto/internal/card"
	"loto/internal/loto"
)

// TestDoor_TicketCheckedBeforeTheFreeCard: the door reads a ticket before
// the free card: the holder and the tickets left; once crossed out, when,
// where and by whom (R5); a forged code is refused (422), an unknown
// number too (404); only the door and the organiser may read it.
func TestDoor_TicketCheckedBeforeTheFreeCard(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	r, err := f.day.AddReservation(context.Background(), org, loto.ReservationSpec{Name: "Hélène Lefèvre", Contact: "06 12 34 56 78", Tickets: 2})
	if err != nil {
		t.Fatal(err)
	}
	code := r.Tickets[0].Code
	door := f.bearerOf(loto.RoleDoor)
	check := func(code string, opts ...option) *httptest.ResponseRecorder {
		return f.do("GET", "/api/v1/door/ticket?code="+url.QueryEscape(code), "", opts...)
	}
	w := check(strings.ToLower(code), door)
	dt := decode[loto.DoorTicket](t, w)
	if w.Code != http.StatusOK || dt.Number != 1 || dt.Name != "Hélène Lefèvre" || dt.Left != 2 || dt.Tickets != 2 || dt.Crossed != nil {
		t.Fatalf("before: %d %s", w.Code, w.Body)
	}
	before := f.head()
	if w := f.do("POST", "/api/v1/door", `{"ticket":"`+code+`","card":"`+f.serial(10)+`","door":"porte-nord"}`, door); w.Code != http.StatusOK {
		t.Fatalf("admit: %d %s", w.Code, w.Body)
	}
	if f.head() != before+1 {
		t.Fatal("the check recorded something, or the admission did not")
	}
	dt = decode[loto.DoorTicket](t, check(code, door))
	if c := dt.Crossed; c == nil || c.Door != "porte-nord" || c.By != "appareil entrée" || c.Card != f.serial(10) || dt.Left != 1 {
		t.Fatalf("after: %+v", dt)
	}
	forged := code[:len(code)-1] + map[bool]string{true: "A", false: "B"}[code[len(code)-1] != 'A']
	if w := check(forged, door); w.Code != http.StatusUnprocessableEntity || !strings.Contains(errorOf(t, w).Message, "falsifié ou d'un autre jour") {
		t.Fatalf("forged: %d %s", w.Code, w.Body)
	}
	if w := check("R-000001", door); w.Code != http.StatusUnprocessableEntity || !strings.Contains(errorOf(t, w).Message, "illisible") {
		t.Fatalf("unreadable: %d %s", w.Code, w.Body)
	}
	for _, role := range []loto.Role{loto.RoleCashier, loto.RoleHost, loto.RoleController, loto.RoleBoard} {
		if w := check(code, f.bearerOf(role)); w.Code != http.StatusForbidden {
			t.Errorf("%s reads a ticket: %d %s", role, w.Code, w.Body)
		}
	}
	if w := check(code); w.Code != http.StatusForbidden {
		t.Errorf("anonymous reads a ticket: %d %s", w.Code, w.Body)
	}
	if w := check(code, f.as(loto.RoleOrganiser)); w.Code != http.StatusOK {
		t.Errorf("the organiser reads a ticket: %d %s", w.Code, w.Body)
	}
}

// TestDoor_FindsAHolderWithoutTicket: the door finds a reservation by a
// part of the name or the phone; the answer has the codes of the tickets
// not crossed out and the phone's last two digits, never the contact;
// nobody but the door and the organiser may search; the server's log
// holds no name, no phone and no ticket code (personal data, bearer codes).
func TestDoor_FindsAHolderWithoutTicket(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	f := newFixture(t, Config{Log: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	ctx := context.Background()
	rs, err := f.day.ImportReservations(ctx, org, []loto.ReservationSpec{
		{Name: "Hélène Lefèvre", Contact: "06 12 34 56 78", Tickets: 2},
		{Name: "Paul Lefebvre", Contact: "paul@example.fr", Tickets: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	door := f.bearerOf(loto.RoleDoor)
	if _, err := f.day.Admit(ctx, f.devices[loto.RoleDoor], "porte-1", mustTicket(t, rs[0].Tickets[0].Code), mustSerial(t, f.serial(3))); err != nil {
		t.Fatal(err)
	}
	find := func(q string, opts ...option) *httptest.ResponseRecorder {
		return f.do("GET", "/api/v1/door/reservations?q="+url.QueryEscape(q), "", opts...)
	}
	w := find("LEFEVRE", door)
	got := decode[foundAnswer](t, w)
	if w.Code != http.StatusOK || got.Total != 1 || len(got.Reservations) != 1 {
		t.Fatalf("by name: %d %s", w.Code, w.Body)
	}
	h := got.Reservations[0]
	if h.Name != "Hélène Lefèvre" || h.PhoneEnd != "78" || len(h.Tickets) != 2 ||
		h.Tickets[0].Code != "" || h.Tickets[0].Crossed == nil || h.Tickets[0].Crossed.Door != "porte-1" ||
		h.Tickets[1].Code != rs[0].Tickets[1].Code || h.Tickets[1].Crossed != nil {
		t.Fatalf("found %+v", h)
	}
	if strings.Contains(w.Body.String(), "06 12") || strings.Contains(w.Body.String(), rs[0].Tickets[0].Code) {
		t.Fatalf("the answer holds the contact or a crossed ticket's code: %s", w.Body)
	}
	if got := decode[foundAnswer](t, find("+33 6 12 34", door)); got.Total != 1 || got.Reservations[0].Reservation != rs[0].ID {
		t.Fatalf("by phone: %+v", got)
	}
	if got := decode[foundAnswer](t, find("lefe", door)); got.Total != 2 || got.Reservations[1].PhoneEnd != "" {
		t.Fatalf("two holders, one with an e-mail: %+v", got)
	}
	if w := find("le", door); w.Code != http.StatusUnprocessableEntity || !strings.Contains(errorOf(t, w).Message, "au moins 3 lettres") {
		t.Fatalf("too short: %d %s", w.Code, w.Body)
	}
	for _, role := range []loto.Role{loto.RoleCashier, loto.RoleHost, loto.RoleController, loto.RoleBoard} {
		if w := find("lefevre", f.bearerOf(role)); w.Code != http.StatusForbidden || strings.Contains(w.Body.String(), "Hélène") {
			t.Errorf("%s searches the holders: %d %s", role, w.Code, w.Body)
		}
	}
	for _, secret := range []string{"Hélène", "Lefèvre", "lefevre", "LEFEVRE", "06 12", "+33", rs[0].Tickets[1].Code} {
		if strings.Contains(logs.String(), secret) {
			t.Fatalf("the log holds %q:\n%s", secret, logs.String())
		}
	}
}

// TestDoor_CountsTicketsCrossedAndToCome: the tally the door's page shows.
func TestDoor_CountsTicketsCrossedAndToCome(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	r, err := f.day.AddReservation(context.Background(), org, loto.ReservationSpec{Name: "Jeanne Martin", Tickets: 3})
	if err != nil {
		t.Fatal(err)
	}
	door := f.bearerOf(loto.RoleDoor)
	if w := f.do("POST", "/api/v1/door", `{"ticket":"`+r.Tickets[0].Code+`","card":"`+f.serial(10)+`"}`, door); w.Code != http.StatusOK {
		t.Fatalf("admit: %d %s", w.Code, w.Body)
	}
	w := f.do("GET", "/api/v1/door", "", door)
	c := decode[loto.DoorCount](t, w)
	if w.Code != http.StatusOK || c.Expected != 3 || c.Crossed != 1 || c.ToCome != 2 || len(c.Doors) != 1 || c.Doors[0].Door != "appareil entrée" {
		t.Fatalf("count: %d %s", w.Code, w.Body)
	}
	if w := f.do("GET", "/api/v1/door", "", f.bearerOf(loto.RoleCashier)); w.Code != http.StatusForbidden {
		t.Fatalf("a cashier reads the door's count: %d", w.Code)
	}
}

// mustTicket reads a ticket's code, failing the test when it does not parse.
func mustTicket(t *testing.T, code string) loto.TicketCode {
	t.Helper()
	tc, err := loto.ParseTicketCode(code)
	if err != nil {
		t.Fatal(err)
	}
	return tc
}

// mustSerial reads a card's serial, failing the test when it does not parse.
func mustSerial(t testing.TB, text string) card.Serial {
	t.Helper()
	s, err := loto.ParseSerial(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDoor_PageForTheDoorAndTheOrganiser: /entree opens for the door's
// device and the organiser, whose navigation links to it, and for nobody
// else.
func TestDoor_PageForTheDoorAndTheOrganiser(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	for _, role := range []loto.Role{loto.RoleDoor, loto.RoleOrganiser} {
		if w := f.do("GET", "/entree", "", f.as(role)); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `id="scan"`) {
			t.Errorf("%s opens /entree: %d", role, w.Code)
		}
	}
	for _, role := range []loto.Role{loto.RoleCashier, loto.RoleHost, loto.RoleController, loto.RoleBoard} {
		if w := f.do("GET", "/entree", "", f.as(role)); w.Code != http.StatusForbidden {
			t.Errorf("%s opens /entree: %d", role, w.Code)
		}
	}
	if w := f.do("GET", "/organisateur", "", f.as(loto.RoleOrganiser)); !strings.Contains(w.Body.String(), `<a href="/entree">`) {
		t.Errorf("the organiser's navigation has no link to /entree: %d", w.Code)
	}
}

// TestDoor_FindRateLimitedPerDevice: a door device gets doorFindLimit
// searches of the holders a window, then a French 429 that says when to
// come back; another device and the
// organiser, from the same address, have their own allowance; a text too
// short to search costs nothing.
func TestDoor_FindRateLimitedPerDevice(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	ctx := context.Background()
	if _, err := f.day.AddReservation(ctx, org, loto.ReservationSpec{Name: "Hélène Lefèvre", Tickets: 1}); err != nil {
		t.Fatal(err)
	}
	other, err := f.auth.AddDevice(ctx, org, "porte du fond", loto.RoleDoor, "")
	if err != nil {
		t.Fatal(err)
	}
	door := f.bearerOf(loto.RoleDoor)
	find := func(q string, opt option) *httptest.ResponseRecorder {
		return f.do("GET", "/api/v1/door/reservations?q="+url.QueryEscape(q), "", opt)
	}
	for i := range doorFindLimit {
		if w := find("lefevre", door); w.Code != http.StatusOK {
			t.Fatalf("search %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	w := find("lefevre", door)
	if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") == "" || !strings.Contains(errorOf(t, w).Message, "trop de recherches") {
		t.Fatalf("search %d: %d %v %s, want 429 with Retry-After", doorFindLimit+1, w.Code, w.Header(), w.Body)
	}
	for name, opt := range map[string]option{
		"another door device": withHeader("Authorization", "Bearer "+other.Token),
		"the organiser":       f.as(loto.RoleOrganiser),
	} {
		if w := find("lefevre", opt); w.Code != http.StatusOK {
			t.Errorf("%s, from the same address: %d %s", name, w.Code, w.Body)
		}
	}
	// A window later the allowance is whole again; refused texts search
	// nothing and cost no search.
	f.advance(doorFindWindow)
	for i := range doorFindLimit - 1 {
		if w := find("lefevre", door); w.Code != http.StatusOK {
			t.Fatalf("search %d after %s: %d %s", i+1, doorFindWindow, w.Code, w.Body)
		}
	}
	for range 3 {
		if w := find("le", door); w.Code != http.StatusUnprocessableEntity {
			t.Fatalf("a short text: %d %s", w.Code, w.Body)
		}
	}
	if w := find("lefevre", door); w.Code != http.StatusOK {
		t.Fatalf("the last search of the allowance, after refused texts: %d %s", w.Code, w.Body)
	}
	if w := find("lefevre", door); w.Code != http.StatusTooManyRequests {
		t.Fatalf("a search past the allowance: %d, want 429", w.Code)
	}
}
