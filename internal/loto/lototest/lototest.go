// Package lototest holds what the tests of the packages built on loto
// (eventfile, sim) share: checks of loto's errors and a small day's event
// file. loto's own tests keep their copies of the checks: a package's tests
// cannot import a package that imports it.
package lototest

import (
	_ "embed"
	"fmt"
	"strings"
	"testing"

	"loto/internal/loto"
)

// OK fails the test on an error.
func OK(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// WantCode fails unless err is a loto error of code.
func WantCode(t testing.TB, err error, code string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %s", code)
	}
	if got := loto.ErrorCode(err); got != code {
		t.Fatalf("error %q has code %s, want %s", err, got, code)
	}
}

// WantSays fails unless err's message says every text of say and none of never.
func WantSays(t testing.TB, err error, say []string, never ...string) {
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

// smallDay is the event file of EventYAML, its draw mode and programme
// left as two %s verbs. loto's own tests embed the same file: they cannot
// import this package, which imports loto.
//
//go:embed small_day.yaml.fmt
var smallDay string

// EventYAML is a small day: series A (regular, 600 cards) and V (special,
// 60 cards), the given draw mode and programme (a YAML list, indented by 2).
func EventYAML(draw, programme string) []byte {
	return fmt.Appendf(nil, smallDay, draw, programme)
}
