package web

import (
	"net/http"
	"strings"
	"testing"

	"loto/internal/loto"
)

// TestOrganiserPage_DayWithoutEvent: before the event is created, the
// organiser's login lands on a dashboard that says where to create it,
// within the organiser's navigation, not on a refusal.
func TestOrganiserPage_DayWithoutEvent(t *testing.T) {
	t.Parallel()
	f := setUpEvent(t, Config{}, true, nil)
	w := f.do("GET", "/organisateur", "", f.as(loto.RoleOrganiser))
	b := w.Body.String()
	if w.Code != http.StatusOK || !strings.Contains(b, "Aucun événement") || !strings.Contains(b, `href="/organisateur/evenement"`) || !strings.Contains(b, `class="orgnav"`) {
		t.Fatalf("GET /organisateur without an event: %d %s", w.Code, b)
	}
}
