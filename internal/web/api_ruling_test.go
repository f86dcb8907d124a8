package web

import (
	"net/http"
	"strings"
	"testing"

	"loto/internal/loto"
)

// TestR27_RulingThroughTheAPIAndWhoReadsIt: the host records a decision
// with its reason through POST /api/v1/game/rulings; one without a reason
// gets the French refusal and records nothing. The game's staff read the
// decision in their status; the public status (the board's, anyone's)
// never carries its free text, which may name a player.
func TestR27_RulingThroughTheAPIAndWhoReadsIt(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	host := f.bearerOf(loto.RoleHost)
	if w := f.do("POST", "/api/v1/game/start", "", host); w.Code != http.StatusOK {
		t.Fatalf("start: %d %s", w.Code, w.Body)
	}
	before := f.head()
	w := f.do("POST", "/api/v1/game/rulings", `{"what":"réclamation de Mme Durand rejetée"}`, host)
	if e := errorOf(t, w); w.Code != http.StatusUnprocessableEntity || !strings.Contains(e.Message, "pourquoi") {
		t.Fatalf("ruling without a reason: %d %+v", w.Code, e)
	}
	if f.head() != before {
		t.Fatal("a refused ruling was recorded")
	}
	w = f.do("POST", "/api/v1/game/rulings", `{"what":"réclamation de Mme Durand rejetée","why":"annonce faite après le numéro suivant"}`, host)
	r := decode[loto.Ruling](t, w)
	if w.Code != http.StatusOK || r.Game != 1 || r.By != loto.RoleHost || r.Why != "annonce faite après le numéro suivant" {
		t.Fatalf("ruling: %d %s", w.Code, w.Body)
	}
	for _, c := range []struct {
		who   string
		opts  []option
		reads bool
	}{
		{"anyone", nil, false},
		{"the board", []option{f.bearerOf(loto.RoleBoard)}, false},
		{"a cashier", []option{f.bearerOf(loto.RoleCashier)}, false},
		{"the host", []option{host}, true},
		{"a controller", []option{f.bearerOf(loto.RoleController)}, true},
		{"the organiser", []option{f.as(loto.RoleOrganiser)}, true},
	} {
		body := f.do("GET", "/api/v1/status", "", c.opts...).Body.String()
		if got := strings.Contains(body, "Mme Durand"); got != c.reads {
			t.Errorf("%s reads the ruling in the status: %v, want %v: %s", c.who, got, c.reads, body)
		}
	}
}
