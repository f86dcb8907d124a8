package loto

import (
	"context"
	"strings"
	"testing"
)

func TestKey_SaleRetriedWithAnotherRequestIsAConflict(t *testing.T) {
	d, store := entranceDay(t, "caisse-1", "caisse-2")
	ctx := WithKey(context.Background(), "vente-7")
	a := serials(t, d, "A", 1, 2, 3, 4)
	first, err := d.Sell(ctx, org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, a[:3]), Payments: cash(2000)})
	ok(t, err)
	before := store.count()
	for _, tc := range []struct {
		name   string
		req    SaleRequest
		differ string // "" when the retry is the same sale
	}{
		{"the same cards in another order", SaleRequest{Desk: "CAISSE-1", Cards: cardCodes(t, []string{a[2], a[0], a[1]}), Payments: cash(2000)}, ""},
		{"another card", SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{a[0], a[1], a[3]}), Payments: cash(2000)}, "d'autres cartes"},
		{"one more card", SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, a), Payments: cash(2000)}, "d'autres cartes"},
		{"another desk", SaleRequest{Desk: "caisse-2", Cards: cardCodes(t, a[:3]), Payments: cash(2000)}, "une autre caisse"},
		{"another payment", SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, a[:3]), Payments: []Payment{{Method: BankCard, Cents: 1200}}}, "d'autres paiements"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := d.Sell(ctx, org("caissier"), tc.req)
			nothingWritten(t, store, before)
			if tc.differ == "" {
				ok(t, err)
				if s.ID != first.ID || s.Seq != first.Seq {
					t.Fatalf("retry gave sale %d, want %d", s.ID, first.ID)
				}
				return
			}
			wantCode(t, err, EConflict)
			for _, say := range []string{"« vente-7 »", "vente n° 1 (caisse « caisse-1 »", tc.differ, "nouvelle clé"} {
				if !strings.Contains(ErrorMessage(err), say) {
					t.Fatalf("refusal %q does not say %q", ErrorMessage(err), say)
				}
			}
		})
	}
}

// keyedCase is a command run twice with one key: as first, then with
// other content, which must be refused.
type keyedCase struct {
	name  string
	do    func(ctx context.Context, other bool) error
	setup func(t *testing.T)
}

// checkKeyed runs each case: first the request, then the same again (the
// first answer, nothing written), then another request with the same key
// (a conflict naming the key, nothing written).
func checkKeyed(t *testing.T, store *memStore, cases []keyedCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.setup != nil {
				tc.setup(t)
			}
			ctx := WithKey(context.Background(), Key("clé-"+tc.name))
			ok(t, tc.do(ctx, false))
			before := store.count()
			ok(t, tc.do(ctx, false))
			err := tc.do(ctx, true)
			wantCode(t, err, EConflict)
			if !strings.Contains(ErrorMessage(err), "« clé-"+tc.name+" » a déjà servi") {
				t.Fatalf("refusal %q does not name the key", ErrorMessage(err))
			}
			nothingWritten(t, store, before)
		})
	}
}

// pick returns b for the other request, else a.
func pick[T any](other bool, a, b T) T {
	if other {
		return b
	}
	return a
}

func TestKey_EntranceCommandReusedWithOtherContentIsAConflict(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	r, err := d.AddReservation(context.Background(), org("org"), ReservationSpec{Name: "Dupont", Tickets: 1})
	ok(t, err)
	sale := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1))
	sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 2))
	errOf := func(_ any, err error) error { return err }
	checkKeyed(t, store, []keyedCase{
		{name: "desk open", do: func(ctx context.Context, other bool) error {
			return errOf(d.OpenDesk(ctx, org("caissier"), "caisse-2", pick[Cents](other, 0, 10000)))
		}},
		{name: "door", do: func(ctx context.Context, other bool) error {
			return errOf(d.Admit(ctx, org("portier"), "porte-1", ticketOf(t, r.Tickets[0].Code), serialIn(t, serialOf(t, d, "A", pick(other, 10, 11)))))
		}},
		{name: "stamp", do: func(ctx context.Context, other bool) error {
			return errOf(d.Stamp(ctx, org("caissier"), serialsIn(t, serials(t, d, "A", 20, pick(other, 21, 22)))))
		}},
		{name: "exclusion", do: func(ctx context.Context, other bool) error {
			return errOf(d.Exclude(ctx, org("org"), ExclusionRequest{Why: pick(other, "perturbe le jeu", "autre"), Cards: serialsIn(t, serials(t, d, "A", 20))}))
		}},
		{name: "exclusion of a sale", do: func(ctx context.Context, other bool) error {
			return errOf(d.Exclude(ctx, org("org"), ExclusionRequest{Why: "perturbe le jeu", Sales: []int{pick(other, sale.ID, sale.ID+1)}}))
		}},
		{name: "series", do: func(ctx context.Context, other bool) error {
			return errOf(d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "C", Cards: pick(other, 12, 18)}))
		}},
		{name: "break", do: func(ctx context.Context, other bool) error {
			return errOf(d.StartBreak(ctx, org("host"), pick(other, "pause repas", "entracte"), 0))
		}},
		{name: "desk close", setup: func(t *testing.T) { _, err := d.EndBreak(context.Background(), org("host")); ok(t, err) },
			do: func(ctx context.Context, other bool) error {
				return errOf(d.CloseDesk(ctx, org("caissier"), CloseRequest{Desk: "caisse-2", Count: []Denomination{{Cents: 5000, Count: pick(other, 2, 3)}}}))
			}},
		{name: "postpone", do: func(ctx context.Context, other bool) error {
			return errOf(d.Postpone(ctx, org("org"), pick(other, "", "pluie")))
		}},
		{name: "end of day", do: func(ctx context.Context, other bool) error {
			return errOf(d.EndDay(ctx, org("org"), pick(other, "reporté", "autre")))
		}},
	})
	d2, store2 := newDay(t)
	checkKeyed(t, store2, []keyedCase{{name: "event", do: func(ctx context.Context, other bool) error {
		return errOf(d2.CreateEvent(ctx, org("org"), eventSpec(t, []byte(pick(other, entranceYAML, strings.Replace(entranceYAML, "cards: 600", "cards: 606", 1))))))
	}}})
}

func TestKey_GameCommandReusedWithOtherContentIsAConflict(t *testing.T) {
	d, store := gameDay(t, "manual", quineGame("regular", robot))
	cards, typed := tie(t, d, "A", 2)
	serials := stamp(t, d, "A", cards...)
	errOf := func(_ any, err error) error { return err }
	start(t, d)
	checkKeyed(t, store, []keyedCase{
		{name: "draw", do: func(ctx context.Context, other bool) error {
			return errOf(d.Draw(ctx, org("host"), pick(other, typed[0], typed[1])))
		}},
		{name: "claim", setup: func(t *testing.T) { typeNumbers(t, d, typed[1:]...) }, do: func(ctx context.Context, other bool) error {
			return errOf(d.Claim(ctx, org("controleur"), serialIn(t, pick(other, serials[0], serials[1]))))
		}},
		{name: "ruling", setup: func(t *testing.T) {
			_, err := d.Claim(context.Background(), org("controleur"), serialIn(t, serials[1]))
			ok(t, err)
			_, err = d.StartControl(context.Background(), org("controleur"))
			ok(t, err)
		}, do: func(ctx context.Context, other bool) error {
			return errOf(d.Rule(ctx, org("meneur"), Ruling{By: RoleHost, What: "note", Why: pick(other, "a", "b")}))
		}},
		{name: "tokens", do: func(ctx context.Context, other bool) error {
			return errOf(d.DrawTokens(ctx, org("controleur"), pick(other, []int{12, 57}, []int{57, 12})))
		}},
	})
}
