package loto

import (
	"context"
	"strings"
	"testing"

	"loto/internal/card"
)

func TestR9_SaleStampsCardsAndTheyPlay(t *testing.T) {
	d, store := entranceDay(t, "caisse-1", "voiture")
	cards := serials(t, d, "A", 1, 2, 3, 4, 5, 6, 7)
	s := sell(t, d, "caisse-1", 2500, cards...)
	if s.ID != 1 || s.Total != 2500 || s.Regular != 7 || len(s.Cards) != 7 || s.Desk != "caisse-1" || s.Key == "" {
		t.Fatalf("sale %+v", s)
	}
	v := sell(t, d, "voiture", 600, serialOf(t, d, "V", 1))
	d.View(func(st *State) {
		for _, c := range append(cards, v.Cards...) {
			ref, _ := refOf(c)
			if !st.Stamped(ref) {
				t.Fatalf("sold card %s not stamped (R9)", c)
			}
		}
		if st.Stamped(CardRef{Series: "A", Number: 8}) {
			t.Fatal("an unsold card is stamped")
		}
	})
	// The game counts the sold cards in play: a claim on one is judged, on an unsold one refused.
	ctx := context.Background()
	_, err := d.StartGame(ctx, org("host"))
	ok(t, err)
	var inPlay int
	d.View(func(st *State) { inPlay = len(st.inPlayRefs(st.Current())) })
	if inPlay != 8 {
		t.Fatalf("%d cards in play, want the 8 sold", inPlay)
	}
	_, err = d.Draw(ctx, org("host"), 0)
	ok(t, err)
	r := claimAll(t, d, cards[0], serialOf(t, d, "A", 9))
	if r.Verdicts[0].Verdict != VerdictNotWinner || r.Verdicts[1].Verdict != VerdictNotStamped {
		t.Fatalf("verdicts %+v", r.Verdicts)
	}
	compareStates(t, d, reopen(t, store))
}

func TestSale_PlateCodeSellsThePlate(t *testing.T) {
	d, _ := entranceDay(t, "caisse-1")
	code, err := d.PlateCode(seriesIn(t, "a"), 2)
	ok(t, err)
	if !strings.HasPrefix(code, "A-P000002-") || len(code) != len("A-P000002-XXX") {
		t.Fatalf("plate code %q", code)
	}
	// The plate of cards 7..12, typed in lower case without dashes.
	s := sell(t, d, "caisse-1", 2000, strings.ToLower(strings.ReplaceAll(code, "-", "")))
	want := serials(t, d, "A", 7, 8, 9, 10, 11, 12)
	if strings.Join(s.Cards, " ") != strings.Join(want, " ") || s.Total != 2000 {
		t.Fatalf("plate sold %v for %s, want %v for 20 €", s.Cards, s.Total, want)
	}
	_, err = d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{code}), Payments: cash(2000)})
	wantCode(t, err, EConflict)
	if !strings.Contains(ErrorMessage(err), "vente n° 1") {
		t.Fatalf("a sold-out plate does not say which sale: %q", ErrorMessage(err))
	}
	// A plate code is not a serial of a series "AP", and a forged one is refused.
	if _, err := ParsePlateCode(serialOf(t, d, "A", 1)); err == nil {
		t.Fatal("a card serial read as a plate code")
	}
	if _, err := card.ParseSerial(code); err == nil {
		t.Fatalf("the plate code %s reads as a card serial", code)
	}
	forged := code[:len(code)-1] + map[bool]string{true: "2", false: "3"}[code[len(code)-1] != '2']
	_, err = d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{forged}), Payments: cash(2000)})
	wantCode(t, err, EInvalid)
}

func TestR30_SpecialCardOnlyAtSpecialDesk(t *testing.T) {
	d, store := entranceDay(t, "caisse-1", "voiture", "pmr")
	before := store.count()
	for _, tc := range []struct {
		name, desk, card, say string
	}{
		{"special card at a regular desk", "caisse-1", serialOf(t, d, "V", 1), "caisse dédiée « voiture »"},
		{"special card at the PMR desk", "pmr", serialOf(t, d, "V", 1), "R30"},
		{"regular card at the special desk", "voiture", serialOf(t, d, "A", 1), "dédiée à la carte spéciale"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.Sell(keyed(), org("caissier"), SaleRequest{Desk: tc.desk, Cards: cardCodes(t, []string{tc.card}), Payments: cash(600)})
			wantCode(t, err, EInvalid)
			if !strings.Contains(ErrorMessage(err), tc.say) {
				t.Fatalf("refusal %q does not say %q", ErrorMessage(err), tc.say)
			}
			nothingWritten(t, store, before)
		})
	}
	s := sell(t, d, "voiture", 1200, serials(t, d, "V", 1, 2)...)
	if s.Special != 2 || s.Total != 1200 {
		t.Fatalf("special sale %+v", s)
	}
}

func TestSale_BadInputRecordsNothing(t *testing.T) {
	d, store := entranceDay(t, "caisse-1", "caisse-2")
	first := sell(t, d, "caisse-2", 500, serialOf(t, d, "A", 1))
	before := store.count()
	a2 := serialOf(t, d, "A", 2)
	for _, tc := range []struct {
		name string
		req  SaleRequest
		code string
		say  string
	}{
		{"unknown card", SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{"Q-000001-22"}), Payments: cash(500)}, ENotFound, "inconnue"},
		{"forged check code", SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{forgeCheck(a2)}), Payments: cash(500)}, EInvalid, "code de contrôle"},
		{"card beyond the series", SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{"A-000601-22"}), Payments: cash(500)}, ENotFound, "hors de la série A"},
		{"already sold: which sale, desk and time", SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, first.Cards), Payments: cash(500)}, EConflict,
			"déjà vendue (vente n° 1, caisse « caisse-2 », " + hhmm(first.Time) + ")"},
		{"series not on sale", SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "B", 1)), Payments: cash(500)}, EInvalid, "pas en vente"},
		{"the same card twice", SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{a2, a2}), Payments: cash(1000)}, EInvalid, "deux fois"},
		{"no card", SaleRequest{Desk: "caisse-1", Payments: cash(500)}, EInvalid, "aucune carte"},
		{"cash below the total", SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{a2}), Payments: cash(400)}, EInvalid, "inférieures au total"},
		{"negative amount", SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{a2}), Payments: cash(-500)}, EInvalid, "invalide"},
		{"closed session", SaleRequest{Desk: "pmr", Cards: cardCodes(t, []string{a2}), Payments: cash(500)}, EInvalid, "fermée"},
		{"unknown desk", SaleRequest{Desk: "caisse-9", Cards: cardCodes(t, []string{a2}), Payments: cash(500)}, ENotFound, "caisse-1, caisse-2, pmr, voiture"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.Sell(keyed(), org("caissier"), tc.req)
			wantCode(t, err, tc.code)
			if !strings.Contains(ErrorMessage(err), tc.say) {
				t.Fatalf("refusal %q does not say %q", ErrorMessage(err), tc.say)
			}
			nothingWritten(t, store, before)
		})
	}
	// An unreadable card is refused at the edge, as it is read.
	_, err := ParseCardCodes([]string{a2, "hello"})
	wantCode(t, err, EInvalid)
	if !strings.Contains(ErrorMessage(err), "« hello » illisible") {
		t.Fatalf("unreadable card: %q", ErrorMessage(err))
	}
	_, err = d.Sell(context.Background(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{a2}), Payments: cash(500)})
	wantCode(t, err, EInvalid) // no idempotency key
	nothingWritten(t, store, before)
}

func TestSale_RetryWithKeyReturnsTheFirstSale(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	ctx := WithKey(context.Background(), "sale-42")
	req := SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 1, 2, 3)), Payments: cash(2000)}
	first, err := d.Sell(ctx, org("caissier"), req)
	ok(t, err)
	n := len(store.all())
	again, err := d.Sell(ctx, org("caissier"), req)
	ok(t, err)
	// Another instance retrying the same key gets the same sale.
	other, err := reopen(t, store).Sell(ctx, org("caissier"), req)
	ok(t, err)
	if again.ID != first.ID || other.ID != first.ID || again.Seq != first.Seq || len(store.all()) != n {
		t.Fatalf("retry gave sale %d and %d (first %d), journal grew by %d", again.ID, other.ID, first.ID, len(store.all())-n)
	}
	if first.Change != 800 || again.Change != 800 {
		t.Fatalf("change %s, want 8,00 €", first.Change)
	}
	// The key of a sale cannot serve another command.
	_, err = d.OpenDesk(ctx, org("caissier"), "caisse-2", 0)
	wantCode(t, err, EConflict)
}
