package web

import (
	"encoding/json"
	"html"
	"regexp"
	"strings"
	"testing"

	"loto/internal/loto"
)

// TestR23_PlayerPageGivesEachStagesCall: /joueur tells a complete card
// what to call at the stage in play (R15, R23): « Double quine ! » at the
// double quine, « Carton plein ! » at the full card, not « Quine ! » for
// all; the page's own line names the three.
func TestR23_PlayerPageGivesEachStagesCall(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	b := f.do("GET", "/joueur", "").Body.String()
	m := regexp.MustCompile(`data-calls="([^"]*)"`).FindStringSubmatch(b)
	if m == nil {
		t.Fatalf("/joueur gives player.js no calls:\n%s", b)
	}
	var calls map[loto.StageName]string
	if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &calls); err != nil {
		t.Fatal(err)
	}
	for stage, want := range map[loto.StageName]string{loto.Quine: "« Quine ! »", loto.DoubleQuine: "« Double quine ! »", loto.FullCard: "« Carton plein ! »"} {
		if got := strings.ReplaceAll(calls[stage], "\u00a0", " "); got != want {
			t.Errorf("the call of the %s is %q, want %q", stage, got, want)
		}
	}
	if !strings.Contains(b, "« Quine ! », « Double quine ! » ou « Carton plein ! » selon l'étape") {
		t.Errorf("the page's line does not name each stage's call:\n%s", b)
	}
}
