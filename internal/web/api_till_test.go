package web

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"loto/internal/loto"
)

// TestDesk_CashierSeesOnlyItsOwnDesk: a cashier's device reads its own
// desk and its sessions' Z reports, never another desk's (the role table
// lets cashiers in, the desk is checked on the path's desk); the organiser
// reads every desk.
func TestDesk_CashierSeesOnlyItsOwnDesk(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	ctx := context.Background()
	if _, err := f.day.OpenDesk(loto.WithKey(ctx, "o2"), org, "caisse-2", 0); err != nil {
		t.Fatal(err)
	}
	cashier := f.bearerOf(loto.RoleCashier) // caisse-1's
	if w := f.do("GET", "/api/v1/desks/caisse-1", "", cashier); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"open":false`) {
		t.Fatalf("own desk: %d %s", w.Code, w.Body)
	}
	for _, path := range []string{"/api/v1/desks/caisse-2", "/api/v1/sessions/1/z"} {
		if w := f.do("GET", path, "", cashier); w.Code != http.StatusForbidden || !strings.Contains(w.Body.String(), "caisse-2") {
			t.Errorf("%s as caisse-1's cashier: %d %s, want 403 naming caisse-2", path, w.Code, w.Body)
		}
	}
	if w := f.do("GET", "/api/v1/desks/caisse-2", "", f.as(loto.RoleOrganiser)); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"open":true`) {
		t.Fatalf("organiser: %d %s", w.Code, w.Body)
	}
	if w := f.do("GET", "/api/v1/sales/quote?desk=caisse-2&card="+f.serial(1), "", cashier); w.Code != http.StatusForbidden {
		t.Errorf("a quote at another desk: %d %s", w.Code, w.Body)
	}
}

// TestDesk_PageForTheOrganiserAndTheCashier: the organiser chooses the desk
// on /caisse, a cashier's device gets its own whatever it asks; the page
// carries the day's price table for a sale without the server, never a
// price computed by the page (R7).
func TestDesk_PageForTheOrganiserAndTheCashier(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	w := f.do("GET", "/caisse", "", f.as(loto.RoleOrganiser))
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `href="/caisse?caisse=voiture"`) {
		t.Fatalf("organiser's /caisse: %d %s", w.Code, w.Body)
	}
	w = f.do("GET", "/caisse?caisse=voiture", "", f.as(loto.RoleOrganiser))
	if !strings.Contains(w.Body.String(), `data-desk="voiture" data-special="true"`) {
		t.Fatalf("organiser's /caisse?caisse=voiture: %s", w.Body)
	}
	w = f.do("GET", "/caisse?caisse=voiture", "", f.bearerOf(loto.RoleCashier))
	body := w.Body.String()
	if w.Code != http.StatusOK || !strings.Contains(body, `data-desk="caisse-1"`) || !strings.Contains(body, `{"cards":6,"cents":2000}`) {
		t.Fatalf("cashier's /caisse: %d %.2000s", w.Code, body)
	}
	if w := f.do("GET", "/caisse", "", f.bearerOf(loto.RoleDoor)); w.Code != http.StatusForbidden {
		t.Errorf("the door's /caisse: %d", w.Code)
	}
}
