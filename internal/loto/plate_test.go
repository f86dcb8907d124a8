package loto

import (
	"context"
	"strings"
	"testing"
)

func TestR7_PartlySoldPlateIsRefused(t *testing.T) {
	d, store := entranceDay(t, "caisse-1", "caisse-2")
	first := sell(t, d, "caisse-2", 1000, serials(t, d, "A", 14, 16)...)
	code, err := d.PlateCode("A", 3)
	ok(t, err)
	before := store.count()
	// The cashier thinks this is a plate of 6 at 20 €: selling the 4 left
	// for 17 € with 3 € change would be a surprise at the desk.
	_, err = d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{code}), Payments: cash(2000)})
	wantCode(t, err, EConflict)
	msg := ErrorMessage(err)
	for _, say := range []string{code, "entamée", serialOf(t, d, "A", 14), serialOf(t, d, "A", 16),
		"vente n° 1, caisse « caisse-2 », " + hhmm(first.Time), "une à une"} {
		if !strings.Contains(msg, say) {
			t.Fatalf("refusal %q does not say %q", msg, say)
		}
	}
	nothingWritten(t, store, before)
	// The cards left sell one by one.
	if s := sell(t, d, "caisse-1", 1700, serials(t, d, "A", 13, 15, 17, 18)...); len(s.Cards) != 4 {
		t.Fatalf("cards left of the plate: %+v", s)
	}
}

func TestR7_PartialLastPlateSellsWhole(t *testing.T) {
	d, _ := newDay(t)
	ctx := context.Background()
	_, err := d.CreateEvent(ctx, org("org"), eventSpec(t, []byte(strings.Replace(entranceYAML, "cards: 600", "cards: 16", 1))))
	ok(t, err)
	_, err = d.OpenDesk(ctx, org("caissier"), "caisse-1", 0)
	ok(t, err)
	code, err := d.PlateCode("A", 3) // cards 13..16: the series ends there
	ok(t, err)
	s := sell(t, d, "caisse-1", 1700, code)
	if strings.Join(s.Cards, " ") != strings.Join(serials(t, d, "A", 13, 14, 15, 16), " ") {
		t.Fatalf("last plate sold %v", s.Cards)
	}
}
