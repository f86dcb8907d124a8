package web

import (
	"net/http"
	"strings"
	"testing"

	"loto/internal/loto"
)

// TestUndo_TakesTheHostsReason: the host page sends why it takes a number
// back; the route reads it (an unknown field would be refused as
// malformed) and hands it to the domain, which here refuses the undo of an
// rng day for its own reason.
func TestUndo_TakesTheHostsReason(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	host := f.bearerOf(loto.RoleHost)
	if w := f.do("POST", "/api/v1/game/start", "", host); w.Code != http.StatusOK {
		t.Fatalf("start: %d %s", w.Code, w.Body)
	}
	f.do("POST", "/api/v1/game/draws", "{}", host)
	w := f.do("POST", "/api/v1/game/undo", `{"reason":"boule lue 71 au lieu de 17"}`, host)
	if e := errorOf(t, w); w.Code != http.StatusUnprocessableEntity || !strings.Contains(e.Message, "mode rng") {
		t.Fatalf("undo with a reason on an rng day: %d %+v", w.Code, e)
	}
}
