package eventfile

import (
	"testing"

	"loto/examples"
	"loto/internal/loto"
	"loto/internal/loto/lototest"
)

// megaLoto is the embedded example, the day of the rulebook.
func megaLoto(t *testing.T) []byte {
	t.Helper()
	return append([]byte(nil), examples.MegaLoto...)
}

// The checks of loto's errors and the small day, shared with the other
// packages built on loto.
var (
	ok        = lototest.OK
	wantCode  = lototest.WantCode
	wantSays  = lototest.WantSays
	eventYAML = lototest.EventYAML
)

// wantRefused fails unless the event file that text names, read as spec
// and err, is refused as invalid with a message that says say.
func wantRefused(t *testing.T, spec *loto.EventSpec, err error, text, say string) {
	t.Helper()
	if spec != nil {
		t.Fatalf("%q accepted: %+v", text, spec)
	}
	wantCode(t, err, loto.EInvalid)
	wantSays(t, err, []string{say})
}
