package loto

import (
	"context"
	"strings"
	"testing"
)

// TestReservation_InvalidUTF8RecordsNothing: a name in Windows-1252 bytes
// reaching the domain used to be recorded with U+FFFD in place of its
// accents (JSON replaces invalid UTF-8), then refused with a message about
// an idempotency key, and recorded again at each retry.
func TestReservation_InvalidUTF8RecordsNothing(t *testing.T) {
	d, store := entranceDay(t)
	ctx := context.Background()
	before := store.count()
	for range 2 {
		_, err := d.ImportReservations(ctx, org("org"), []ReservationSpec{{Name: "H\xe9l\xe8ne Lef\xe8vre", Contact: "0612345678", Tickets: 2}})
		wantCode(t, err, EInvalid)
		if m := ErrorMessage(err); !strings.Contains(m, "UTF-8") || strings.Contains(m, "clé") {
			t.Fatalf("refusal %q", m)
		}
	}
	nothingWritten(t, store, before)
	if rs := d.Reservations(); len(rs) != 0 {
		t.Fatalf("recorded %+v", rs)
	}
}

// TestDraft_InvalidUTF8InAnyTextRecordsNothing: whatever command lets a
// text in other bytes than UTF-8 through, the event is not written with
// another text than the one given.
func TestDraft_InvalidUTF8InAnyTextRecordsNothing(t *testing.T) {
	d, store := entranceDay(t)
	before := store.count()
	_, err := d.Postpone(context.Background(), org("org"), "pas assez de joueurs, d\xe9sol\xe9")
	wantCode(t, err, EInvalid)
	nothingWritten(t, store, before)
	for _, tc := range []struct {
		json string
		bad  bool
	}{
		{`{"a":"\ufffd"}`, true},
		{`{"a":"x\\\ufffd"}`, true},
		{`{"a":"x\\ufffd"}`, false}, // a backslash typed before ufffd
		{`{"a":"` + "\uFFFD" + `"}`, false},
	} {
		if got := replacedInvalidUTF8([]byte(tc.json)); got != tc.bad {
			t.Errorf("replacedInvalidUTF8(%s) = %v", tc.json, got)
		}
	}
}
