package web

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"loto/internal/loto"
)

// org is who sets the fixtures' day up outside the API.
var org = loto.Actor{Name: "test", Role: loto.RoleOrganiser}

// openDesk opens caisse-1 for the cashier's device.
func (f *fixture) openDesk() {
	f.t.Helper()
	if _, err := f.day.OpenDesk(context.Background(), org, "caisse-1", 10000); err != nil {
		f.t.Fatal(err)
	}
}

// serial is the serial of card n of series A.
func (f *fixture) serial(n int) string {
	f.t.Helper()
	s, _, err := f.day.CardAt("A", n)
	if err != nil {
		f.t.Fatal(err)
	}
	return s
}

// TestSale_IdempotentRetryReturnsFirstAnswer: a sale retried with its
// Idempotency-Key gets the first answer back, byte for byte, and the
// journal holds one sale; the answer says what to charge and give back and
// carries the receipt's anchor (R27).
func TestSale_IdempotentRetryReturnsFirstAnswer(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	f.openDesk()
	body := `{"cards":["` + f.serial(1) + `","` + f.serial(2) + `","` + f.serial(3) + `"],"payments":[{"method":"cash","cents":2000}]}`
	cashier, key := f.bearerOf(loto.RoleCashier), withHeader("Idempotency-Key", "vente-1")
	first := f.do("POST", "/api/v1/sales", body, cashier, key)
	if first.Code != http.StatusOK {
		t.Fatalf("sale: %d %s", first.Code, first.Body)
	}
	head := f.head()
	a := decode[loto.Receipt](t, first)
	if a.Total != 1200 || a.Change != 800 || len(a.Cards) != 3 || a.Desk != "caisse-1" || a.Anchor.Seq != head || len(a.Anchor.Hash) != 64 {
		t.Fatalf("sale answer %+v (head %d)", a, head)
	}
	again := f.do("POST", "/api/v1/sales", body, cashier, key)
	if again.Code != http.StatusOK || again.Body.String() != first.Body.String() {
		t.Fatalf("retry: %d %s, want the first answer %s", again.Code, again.Body, first.Body)
	}
	if f.head() != head {
		t.Fatalf("the retry recorded events: head %d -> %d", head, f.head())
	}
	if n := len(f.day.Sales()); n != 1 {
		t.Fatalf("%d sales recorded, want 1", n)
	}
	// The same key for another sale is refused; no key at all too.
	other := `{"cards":["` + f.serial(4) + `"],"payments":[{"method":"cash","cents":500}]}`
	if w := f.do("POST", "/api/v1/sales", other, cashier, key); w.Code != http.StatusConflict {
		t.Fatalf("key reused for another sale: %d %s", w.Code, w.Body)
	}
	if w := f.do("POST", "/api/v1/sales", other, cashier); w.Code != 422 || !strings.Contains(errorOf(t, w).Message, "clé d'idempotence") {
		t.Fatalf("sale without a key: %d %s", w.Code, w.Body)
	}
}

// TestSale_ChequeAnswerKeepsPersonalDataOut: a cheque sale records the
// payer's identity (R8) but its answer never repeats it (P1).
func TestSale_ChequeAnswerKeepsPersonalDataOut(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	f.openDesk()
	body := `{"cards":["` + f.serial(1) + `"],"payments":[{"method":"cheque","cents":500}],"identity":"CNI 9988776655","cheque":"CHQ0001234"}`
	w := f.do("POST", "/api/v1/sales", body, f.bearerOf(loto.RoleCashier), withHeader("Idempotency-Key", "cheque-1"))
	if w.Code != http.StatusOK {
		t.Fatalf("cheque sale: %d %s", w.Code, w.Body)
	}
	if s := w.Body.String(); strings.Contains(s, "9988776655") || strings.Contains(s, "CHQ0001234") {
		t.Fatalf("the answer repeats the payer's identity: %s", s)
	}
	// Bad input is refused in French and records nothing.
	before := f.head()
	for _, bad := range []string{
		`{"cards":["A-1"],"payments":[{"method":"cash","cents":500}]}`,
		`{"cards":["` + f.serial(2) + `"],"payments":[{"method":"bitcoin","cents":500}]}`,
		`{"cards":["` + f.serial(2) + `"],"payments":[{"method":"cheque","cents":500}],"identity":"CNI"}`,
		`{"cards":["` + f.serial(2) + `"],"payments":[{"method":"cash","cents":500}],"ticket":"R-12"}`,
	} {
		if w := f.do("POST", "/api/v1/sales", bad, f.bearerOf(loto.RoleCashier), withHeader("Idempotency-Key", "mauvais")); w.Code != 422 {
			t.Errorf("bad sale %s: %d %s", bad, w.Code, w.Body)
		}
	}
	if f.head() != before {
		t.Fatal("a bad sale was recorded")
	}
}

// TestDoor_AdmitsATicketHolder: the door crosses a ticket out and issues
// the free card; the answer never repeats the ticket's code, a bearer
// right; a second scan is a conflict (R5).
func TestDoor_AdmitsATicketHolder(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	r, err := f.day.AddReservation(context.Background(), org, loto.ReservationSpec{Name: "Jeanne Martin", Tickets: 1})
	if err != nil {
		t.Fatal(err)
	}
	code := r.Tickets[0].Code
	body := `{"ticket":"` + code + `","card":"` + f.serial(10) + `"}`
	w := f.do("POST", "/api/v1/door", body, f.bearerOf(loto.RoleDoor))
	if w.Code != http.StatusOK {
		t.Fatalf("door: %d %s", w.Code, w.Body)
	}
	a := decode[doorAnswer](t, w)
	if a.Card != f.serial(10) || a.Name != "Jeanne Martin" || a.Door != "appareil entrée" || a.Anchor.Seq != f.head() {
		t.Fatalf("door answer %+v", a)
	}
	if strings.Contains(w.Body.String(), code) {
		t.Fatalf("the answer repeats the ticket's code: %s", w.Body)
	}
	if w := f.do("POST", "/api/v1/door", `{"ticket":"`+code+`","card":"`+f.serial(11)+`"}`, f.bearerOf(loto.RoleDoor)); w.Code != http.StatusConflict {
		t.Fatalf("second scan: %d %s", w.Code, w.Body)
	}
}

// TestGame_HostAndControllerThroughTheAPI: the host starts a game (its
// commitment shown, R14), draws, a controller registers a claim, the host
// controls it and awards; the status follows each step.
func TestGame_HostAndControllerThroughTheAPI(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	host, controller := f.bearerOf(loto.RoleHost), f.bearerOf(loto.RoleController)
	start := decode[loto.StartResult](t, f.do("POST", "/api/v1/game/start", "", host))
	if start.Game != 1 || len(start.SeedSHA256) != 64 {
		t.Fatalf("start: %+v", start)
	}
	if w := f.do("POST", "/api/v1/game/draws", `{"number": 12}`, host); w.Code != 422 || !strings.Contains(errorOf(t, w).Message, "mode rng") {
		t.Fatalf("typed number in rng mode: %d %s", w.Code, w.Body)
	}
	d := decode[loto.DrawResult](t, f.do("POST", "/api/v1/game/draws", "{}", host))
	if d.Game != 1 || !d.Number.Valid() || !d.RNG {
		t.Fatalf("draw: %+v", d)
	}
	st := decode[statusAnswer](t, f.do("GET", "/api/v1/status", ""))
	if st.Game != 1 || len(st.Drawn) != 1 || st.Last != d.Number || st.SeedSHA256 != start.SeedSHA256 {
		t.Fatalf("status after a draw: %+v", st)
	}
	claim := decode[loto.ClaimResult](t, f.do("POST", "/api/v1/claims", `{"serial":"`+f.serial(1)+`"}`, controller))
	if claim.Serial != f.serial(1) {
		t.Fatalf("claim: %+v", claim)
	}
	ctl := decode[loto.ControlResult](t, f.do("POST", "/api/v1/game/control", "", host))
	if len(ctl.Verdicts) != 1 || ctl.Winners != 0 || !ctl.Resumed {
		t.Fatalf("control of an unsold card after one number: %+v", ctl)
	}
	if w := f.do("POST", "/api/v1/game/award", "", host); w.Code != http.StatusConflict {
		t.Fatalf("award with no winner: %d %s", w.Code, w.Body)
	}
}

// TestReadOnly_RefusesEveryWrite: a read-only server serves reads and the
// login (its session kept in the server's memory: the login records
// nothing either), and refuses every write, the organiser's too, saying why.
func TestReadOnly_RefusesEveryWrite(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{ReadOnly: "serveur lancé en lecture seule (--read-only)"})
	before := f.head()
	session := f.as(loto.RoleOrganiser)
	if w := f.do("GET", "/api/v1/devices", "", session); w.Code != http.StatusOK {
		t.Fatalf("the organiser's read on a read-only server: %d %s", w.Code, w.Body)
	}
	for _, rt := range routes {
		if !rt.writes {
			continue
		}
		method, path := requestOf(t, rt.pattern)
		w := f.do(method, path, "{}", session, withHeader("Idempotency-Key", "lecture-seule"))
		if w.Code != http.StatusForbidden || !strings.Contains(errorOf(t, w).Message, "lecture seule") {
			t.Errorf("%s on a read-only server: %d %s", rt.pattern, w.Code, w.Body)
		}
	}
	if f.head() != before {
		t.Fatal("a read-only server recorded events")
	}
	st := decode[statusAnswer](t, f.do("GET", "/api/v1/status", ""))
	if st.Event == "" || st.ReadOnly == "" {
		t.Fatalf("status of a read-only server: %+v", st)
	}
	if home := f.do("GET", "/", ""); !strings.Contains(home.Body.String(), "Lecture seule") {
		t.Fatal("the start page does not say the server only reads")
	}
	if w := f.do("POST", "/deconnexion", "", session); w.Code != http.StatusNoContent {
		t.Fatalf("logout: %d", w.Code)
	}
	if w := f.do("GET", "/api/v1/devices", "", session); w.Code != http.StatusForbidden {
		t.Fatalf("the organiser's read after the logout: %d %s", w.Code, w.Body)
	}
	if f.head() != before {
		t.Fatal("a read-only server recorded the login or the logout")
	}
}
