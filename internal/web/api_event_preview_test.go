package web

import (
	"bytes"
	"strings"
	"testing"

	"loto/examples"
	"loto/internal/loto"
)

// TestR31_EventPreviewWarnsAtItsPathAndRecordsNothing: the car game opened
// to the regular cards is told at the game's kinds by the check and the
// preview, the preview renders the rules and the board of the unsaved day,
// and the day's journal stays as it was.
func TestR31_EventPreviewWarnsAtItsPathAndRecordsNothing(t *testing.T) {
	t.Parallel()
	f := newBareFixture(t)
	org := f.as(loto.RoleOrganiser)
	file := bytes.Replace(examples.MegaLoto, []byte("kinds: [special]          # la carte spéciale seule (R31)"), []byte("kinds: [regular, special]"), 1)
	before := f.head()
	for _, path := range []string{"/api/v1/event/check", "/api/v1/event/preview"} {
		w := f.send("POST", path, file, "text/plain", org)
		if w.Code != 200 {
			t.Fatalf("%s: %d %s", path, w.Code, w.Body)
		}
		p := decode[eventPreview](t, w)
		found := false
		for _, m := range p.Warned {
			found = found || (m.Path == "programme[7].kinds" && strings.Contains(m.Message, "R31") && m.Line > 0)
		}
		if !found {
			t.Errorf("%s: warned %+v", path, p.Warned)
		}
		if path == "/api/v1/event/preview" && (!strings.Contains(p.Rules, "Salle Hermione") || !strings.Contains(p.Board, `data-mode="between"`)) {
			t.Errorf("the preview's pages: rules %d bytes, board %d bytes", len(p.Rules), len(p.Board))
		}
	}
	if f.head() != before || f.day.Event() != nil {
		t.Fatal("a check or a preview recorded something")
	}
}
