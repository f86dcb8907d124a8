package eventfile

import (
	"testing"

	"loto/examples"
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
