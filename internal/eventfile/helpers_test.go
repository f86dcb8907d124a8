package eventfile

import (
	"fmt"
	"strings"
	"testing"

	"loto/examples"
	"loto/internal/loto"
)

// megaLoto is the embedded example, the day of the rulebook.
func megaLoto(t *testing.T) []byte {
	t.Helper()
	return append([]byte(nil), examples.MegaLoto...)
}

// eventYAML is a small day: series A (regular, 600 cards) and V (special, 60
// cards), the given draw mode and programme (a YAML list, indented by 2).
func eventYAML(draw, programme string) []byte {
	return fmt.Appendf(nil, `name: Petit loto
date: 2025-03-16
venue: Salle des fêtes
schedule: {doors: "08:00", start: "11:00"}
series:
  - {code: A, kind: regular, cards: 600, color: jaune}
  - {code: V, kind: special, cards: 60, color: rose}
prices:
  regular: [{cards: 1, cents: 500}]
  special: [{cards: 1, cents: 600}]
desks: [{name: caisse-1, pmr: true}, {name: voiture, special: true}]
draw: %s
programme:
%s`, draw, programme)
}

// ok fails the test on an error.
func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// wantCode fails unless err is a loto error of code.
func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %s", code)
	}
	if got := loto.ErrorCode(err); got != code {
		t.Fatalf("error %q has code %s, want %s", err, got, code)
	}
}

// wantSays fails unless err's message says every text of say and none of never.
func wantSays(t *testing.T, err error, say []string, never ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one saying %q", say)
	}
	msg := loto.ErrorMessage(err)
	for _, s := range say {
		if !strings.Contains(msg, s) {
			t.Fatalf("message %q does not say %q", msg, s)
		}
	}
	for _, s := range never {
		if strings.Contains(msg, s) {
			t.Fatalf("message %q says %q", msg, s)
		}
	}
}
