package loto

import (
	"context"
	"strings"
	"testing"
)

// TestR7_QuoteIsWhatTheSaleCharges: a basket quoted before payment has the
// sale's cards, price and hint (5 cards at 22 EUR, a plate of 6 at 20),
// refuses what the sale refuses (a card already sold, with where; a
// special card at a regular desk, R30) and records nothing.
func TestR7_QuoteIsWhatTheSaleCharges(t *testing.T) {
	d, store := entranceDay(t, "caisse-1", "voiture")
	ctx := context.Background()
	five := serials(t, d, "A", 1, 2, 3, 4, 5)
	before := store.count()
	q, err := d.Quote(ctx, org("caissier"), "caisse-1", cardCodes(t, five))
	ok(t, err)
	nothingWritten(t, store, before)
	if q.Total != 2200 || q.Regular != 5 || len(q.Cards) != 5 || !strings.Contains(q.Hint, "6 cartes coûtent 20,00 €") {
		t.Fatalf("quote of 5 cards %+v", q)
	}
	s := sell(t, d, "caisse-1", 2200, five...)
	if s.Total != q.Total || s.Hint != q.Hint {
		t.Fatalf("sale %s %q, quote %s %q", s.Total, s.Hint, q.Total, q.Hint)
	}
	_, err = d.Quote(ctx, org("caissier"), "caisse-1", cardCodes(t, five[:1]))
	wantCode(t, err, EConflict)
	if !strings.Contains(ErrorMessage(err), "déjà vendue (vente n° 1, caisse « caisse-1 »") {
		t.Fatalf("a sold card's quote does not say where: %q", ErrorMessage(err))
	}
	_, err = d.Quote(ctx, org("caissier"), "caisse-1", cardCodes(t, []string{serialOf(t, d, "V", 1)}))
	wantCode(t, err, EInvalid)
	if !strings.Contains(ErrorMessage(err), "carte spéciale") {
		t.Fatalf("a special card at a regular desk: %q", ErrorMessage(err))
	}
	// A cashier quotes at its own desk only.
	_, err = d.Quote(ctx, Actor{Name: "tablette", Role: RoleCashier, Desk: "caisse-2"}, "caisse-1", cardCodes(t, serials(t, d, "A", 9)))
	wantCode(t, err, EForbidden)
}

// TestR7_PriceTableIsThePriceList: the offline table prices each count as
// Price does, with the same hint as a quote.
func TestR7_PriceTableIsThePriceList(t *testing.T) {
	d, _ := entranceDay(t, "caisse-1")
	tab := d.PriceTable(13)
	reg := tab[Regular]
	if len(reg) != 13 || reg[0].Cents != 500 || reg[2].Cents != 1200 || reg[5].Cents != 2000 || reg[6].Cents != 2500 || reg[12].Cents != 4500 {
		t.Fatalf("regular table %+v", reg)
	}
	if !strings.Contains(reg[4].Hint, "6 cartes") || reg[5].Hint != "" {
		t.Fatalf("hints: 5 cards %q, 6 cards %q", reg[4].Hint, reg[5].Hint)
	}
	if sp := tab[Special]; len(sp) != 13 || sp[1].Cents != 1200 {
		t.Fatalf("special table %+v", sp)
	}
}
