// Package drivetest checks the journal of a day driven through HTTP
// (internal/drive) for the tests that drive one: the driver's own and the
// crash test of cmd/loto.
package drivetest

import (
	"context"
	"strings"
	"testing"

	"loto/internal/drive"
	"loto/internal/journal"
	"loto/internal/loto"
)

// Journal checks the journal s against what the driver was told: every
// act it was acknowledged (acked) once, in the journal under its key, on
// or before its anchor; no write of the driver's (its keys begin with
// "drive-" unless its Config names another prefix) that it was not
// acknowledged; as many sales, admissions, draws and awards as its report
// r counts. It returns the anchors of the acknowledged acts.
func Journal(t testing.TB, s journal.Store, acked []drive.Act, r drive.Report) []journal.Anchor {
	t.Helper()
	types, keyed := map[string]int{}, map[string]journal.Event{}
	if err := s.Read(context.Background(), 1, func(e journal.Event) error {
		types[e.Type]++
		if e.Key != "" {
			keyed[e.Key] = e
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	ackedKeys := map[string]bool{}
	var anchors []journal.Anchor
	for _, a := range acked {
		if ackedKeys[a.Key] {
			t.Errorf("the driver was acknowledged %s twice", a.Key)
		}
		ackedKeys[a.Key] = true
		e, ok := keyed[a.Key]
		if !ok {
			t.Errorf("act %s %s acknowledged, not in the journal", a.Route, a.Key)
			continue
		}
		if a.Anchor != "" {
			var an journal.Anchor
			if err := an.UnmarshalText([]byte(a.Anchor)); err != nil || an.Seq < e.Seq {
				t.Errorf("act %s: anchor %s before its event %d (%v)", a.Key, a.Anchor, e.Seq, err)
			}
			anchors = append(anchors, an)
		}
	}
	for key, e := range keyed {
		if strings.HasPrefix(key, "drive-") && !ackedKeys[key] {
			t.Errorf("event %d (%s) of key %s is in the journal, the driver was never acknowledged it", e.Seq, e.Type, key)
		}
	}
	// Each kind of act as many times as the driver was told.
	for _, c := range []struct {
		typ  string
		want int
	}{
		{loto.TypeSaleRecorded, r.Sales},
		{loto.TypeTicketCrossed, r.Admissions},
		{loto.TypeNumberDrawn, r.Draws},
		{loto.TypePrizeAwarded, r.Awards},
	} {
		if types[c.typ] != c.want {
			t.Errorf("the journal holds %d %s, the driver was acknowledged %d", types[c.typ], c.typ, c.want)
		}
	}
	return anchors
}
