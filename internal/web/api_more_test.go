package web

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"loto/internal/loto"
)

// TestDevices_OrganiserPairsListsAndRevokes: the organiser pairs a device
// through the API (its code, its pairing link and its token, shown once),
// lists the devices without any credential, and revokes one, whose token
// stops working at once.
func TestDevices_OrganiserPairsListsAndRevokes(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	org := f.as(loto.RoleOrganiser)
	w := f.do("POST", "/api/v1/devices", `{"name":"tablette caisse 2","role":"caissier","desk":"caisse-2"}`, org)
	if w.Code != http.StatusOK {
		t.Fatalf("add device: %d %s", w.Code, w.Body)
	}
	p := decode[pairingAnswer](t, w)
	if p.Device.Role != loto.RoleCashier || p.Device.Desk != "caisse-2" || p.Code == "" || p.Token == "" || p.PairPath != "/appairer?code="+p.Code {
		t.Fatalf("pairing %+v", p)
	}
	list := f.do("GET", "/api/v1/devices", "", org)
	if list.Code != http.StatusOK || !strings.Contains(list.Body.String(), "tablette caisse 2") || strings.Contains(list.Body.String(), p.Token) || strings.Contains(list.Body.String(), p.Code) {
		t.Fatalf("device list: %d %s", list.Code, list.Body)
	}
	if w := f.do("POST", "/api/v1/desks/caisse-2/open", `{"float_cents": 5000}`, withHeader("Authorization", "Bearer "+p.Token)); w.Code != http.StatusOK {
		t.Fatalf("the new cashier opens its desk: %d %s", w.Code, w.Body)
	}
	if w := f.do("POST", "/api/v1/devices/zéro/revoke", `{"why":"x"}`, org); w.Code != 422 {
		t.Fatalf("revoke with a bad id: %d %s", w.Code, w.Body)
	}
	if w := f.do("POST", "/api/v1/devices/"+strconv.Itoa(p.Device.ID)+"/revoke", `{"why":"tablette perdue"}`, org); w.Code != http.StatusOK {
		t.Fatalf("revoke: %d %s", w.Code, w.Body)
	}
	if w := f.do("POST", "/api/v1/desks/caisse-2/close", `{}`, withHeader("Authorization", "Bearer "+p.Token)); w.Code != http.StatusForbidden {
		t.Fatalf("a revoked cashier closes its desk: %d %s", w.Code, w.Body)
	}
}

// TestDesk_CashierOpensAndClosesItsOwn: a cashier opens and closes its own
// desk with its count (the Z report comes back), never another's.
func TestDesk_CashierOpensAndClosesItsOwn(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	cashier := f.bearerOf(loto.RoleCashier)
	if w := f.do("POST", "/api/v1/desks/caisse-2/open", `{"float_cents": 5000}`, cashier); w.Code != http.StatusForbidden {
		t.Fatalf("another desk: %d %s", w.Code, w.Body)
	}
	if w := f.do("POST", "/api/v1/desks/caisse-1/open", `{"float_cents": 5000}`, cashier); w.Code != http.StatusOK {
		t.Fatalf("open: %d %s", w.Code, w.Body)
	}
	w := f.do("POST", "/api/v1/desks/caisse-1/close", `{"count":[{"cents":2000,"count":2},{"cents":1000,"count":1}],"card_cents":0,"cheque_cents":0}`, cashier)
	if w.Code != http.StatusOK {
		t.Fatalf("close: %d %s", w.Code, w.Body)
	}
	z := decode[loto.SessionReport](t, w)
	if z.Desk != "caisse-1" || z.ClosedAt == nil || z.Anchor == nil {
		t.Fatalf("Z report %+v", z)
	}
}

// TestBreaksAndHostCommands: the host takes the schedule's next break and
// ends it (R12); a call before any number, an undo and typed tokens in an
// rng day are refused in French.
func TestBreaksAndHostCommands(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	host := f.bearerOf(loto.RoleHost)
	b := decode[loto.BreakState](t, f.do("POST", "/api/v1/breaks", "{}", host))
	if b.Label == "" || b.Minutes == 0 {
		t.Fatalf("break %+v", b)
	}
	if st := decode[statusAnswer](t, f.do("GET", "/api/v1/status", "")); st.Break == nil || st.Break.Label != b.Label {
		t.Fatalf("status during the break: %+v", st.Break)
	}
	if w := f.do("POST", "/api/v1/breaks/end", "", host); w.Code != http.StatusOK {
		t.Fatalf("end of break: %d %s", w.Code, w.Body)
	}
	f.do("POST", "/api/v1/game/start", "", host)
	for _, c := range []struct{ path, body, msg string }{
		{"/api/v1/game/call", "", "aucun numéro"},
		{"/api/v1/game/undo", "", "mode rng"},
		{"/api/v1/game/tokens", `{"tokens":[91]}`, "pion 91 invalide"},
		{"/api/v1/game/decline", "", "aucun gagnant"},
	} {
		before := f.head()
		w := f.do("POST", c.path, c.body, host)
		if w.Code < 400 || !strings.Contains(errorOf(t, w).Message, c.msg) {
			t.Errorf("%s: %d %s, want %q", c.path, w.Code, w.Body, c.msg)
		}
		if f.head() != before {
			t.Errorf("%s refused but recorded", c.path)
		}
	}
}

// TestDesk_CloseRefusesADenominationTwice: a count through the API names
// each note or coin once, as the CLI's does: 5,000 times one 5 EUR note
// is refused in French with nothing recorded, not counted as 25,000 EUR.
func TestDesk_CloseRefusesADenominationTwice(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	cashier := f.bearerOf(loto.RoleCashier)
	if w := f.do("POST", "/api/v1/desks/caisse-1/open", `{"float_cents": 5000}`, cashier); w.Code != http.StatusOK {
		t.Fatalf("open: %d %s", w.Code, w.Body)
	}
	fiveThousand := `{"count":[` + strings.TrimSuffix(strings.Repeat(`{"cents":500,"count":1},`, 5000), ",") + `]}`
	for _, body := range []string{
		fiveThousand,
		`{"count":[{"cents":2000,"count":2},{"cents":1000,"count":1},{"cents":2000,"count":1}]}`,
	} {
		head := f.head()
		w := f.do("POST", "/api/v1/desks/caisse-1/close", body, cashier)
		if w.Code != http.StatusUnprocessableEntity {
			t.Fatalf("close with a denomination twice: %d, want 422", w.Code) // the Z report's 5,000 lines are left out
		}
		if e := errorOf(t, w); !strings.Contains(e.Message, "comptée deux fois") || f.head() != head {
			t.Errorf("close with a denomination twice: %+v, want it said, with nothing recorded", e)
		}
	}
	if w := f.do("POST", "/api/v1/desks/caisse-1/close", `{"count":[{"cents":2000,"count":3},{"cents":1000,"count":1}]}`, cashier); w.Code != http.StatusOK {
		t.Fatalf("close: %d %s", w.Code, w.Body)
	}
}
