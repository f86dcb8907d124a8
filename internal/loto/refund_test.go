package loto

import (
	"context"
	"strings"
	"testing"
)

func TestR9_R26_NoOtherRefundOrExchange(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	ctx := context.Background()
	s := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1))
	before := store.count()
	for _, tc := range []struct {
		name   string
		reason RefundReason
	}{
		{"no reason", ""},
		{"an exchange", "exchange"},
		{"the player changed their mind", "regret"},
		{"postponement while the loto is not postponed", RefundPostponement},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.RefundSale(ctx, org("organisateur"), RefundRequest{Sale: s.ID, Reason: tc.reason})
			wantCode(t, err, EInvalid)
			if !strings.Contains(ErrorMessage(err), "R26") {
				t.Fatalf("refusal %q does not cite R26", ErrorMessage(err))
			}
			nothingWritten(t, store, before)
		})
	}
	for _, text := range []string{"", "echange", "remboursement", "exclusion"} {
		if _, err := ParseRefundReason(text); err == nil {
			t.Fatalf("reason %q accepted", text)
		}
	}
	if r, err := ParseRefundReason(" Report "); err != nil || r != RefundPostponement {
		t.Fatalf("report: %v %v", r, err)
	}
}
