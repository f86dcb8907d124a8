package loto

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestDesk_ZReportExpectedAgainstCounted(t *testing.T) {
	d, store := entranceDay(t)
	ctx := context.Background()
	z, err := d.OpenDesk(ctx, org("caissier"), "Caisse-1", 15000) // any case
	ok(t, err)
	if z.Desk != "caisse-1" || z.Session != 1 || z.Float != 15000 || z.Closed() {
		t.Fatalf("opened %+v", z)
	}
	// 25 € paid with 50 € (25 € change); 12 € by card; 20 € by cheque; 17 € split 10 cash + 7 card.
	_, err = d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 1, 2, 3, 4, 5, 6, 7)), Payments: cash(5000)})
	ok(t, err)
	_, err = d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 8, 9, 10)), Payments: []Payment{{BankCard, 1200}}})
	ok(t, err)
	_, err = d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 13, 14, 15, 16, 17, 18)),
		Payments: []Payment{{Cheque, 2000}}, Identity: &Identity{Kind: "CNI", Number: "1"}, Cheque: "77"})
	ok(t, err)
	_, err = d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 19, 20, 21, 22)),
		Payments: []Payment{{Cash, 1000}, {BankCard, 700}}})
	ok(t, err)
	// Expected cash: 150 float + 50 + 10 tendered - 25 change = 185 €; counted 184.50 €.
	count, err := ParseCount("50x2,20x4,2x2,0.50x1")
	ok(t, err)
	card := Cents(1900)
	z, err = d.CloseDesk(ctx, org("caissier"), CloseRequest{Desk: "caisse-1", Count: count, Card: &card})
	ok(t, err)
	want := map[Method][3]Cents{Cash: {18500, 18450, -50}, BankCard: {1900, 1900, 0}}
	for _, m := range z.Methods {
		w, counted := want[m.Method]
		switch {
		case counted && (m.Expected != w[0] || m.Counted == nil || *m.Counted != w[1] || *m.Difference != w[2]):
			t.Errorf("%s: expected %s counted %v diff %v, want %v", m.Method, m.Expected, m.Counted, m.Difference, w)
		case !counted && (m.Expected != 2000 || m.Counted != nil || m.Difference != nil || m.Payments != 1):
			t.Errorf("cheques not counted: %+v", m)
		}
	}
	if !z.Closed() || z.Sales != 4 || z.Cards != 20 || z.SalesCents != 7400 {
		t.Fatalf("Z report %+v", z)
	}
	before := store.count()
	_, err = d.CloseDesk(ctx, org("caissier"), CloseRequest{Desk: "caisse-1", Count: count})
	wantCode(t, err, EConflict) // closing a closed session
	if !strings.Contains(ErrorMessage(err), "fermée") || !strings.Contains(ErrorMessage(err), "session 1") {
		t.Fatalf("refusal %q", ErrorMessage(err))
	}
	_, err = d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 30)), Payments: cash(500)})
	wantCode(t, err, EInvalid) // a sale on a closed session
	_, err = d.OpenDesk(ctx, org("caissier"), "caisse-2", -1)
	wantCode(t, err, EInvalid)
	_, err = d.OpenDesk(ctx, org("caissier"), "nowhere", 0)
	wantCode(t, err, ENotFound)
	nothingWritten(t, store, before)
	// Reopening starts a new session; opening an open desk is refused.
	z, err = d.OpenDesk(ctx, org("caissier"), "caisse-1", 0)
	ok(t, err)
	if z.Session != 2 || z.Sales != 0 {
		t.Fatalf("second session %+v", z)
	}
	_, err = d.OpenDesk(ctx, org("caissier"), "caisse-1", 0)
	wantCode(t, err, EConflict)
	if got := reopen(t, store).Sessions(); len(got) != 2 || *got[0].Methods[0].Difference != -50 {
		t.Fatalf("sessions after replay: %+v", got)
	}
}

func TestDesk_CloseRefusesAnAbsurdCount(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	ctx := context.Background()
	before := store.count()
	for _, tc := range []struct {
		name  string
		count []Denomination
	}{
		{"count out of range", []Denomination{{Cents: 50000, Count: 1 << 50}}},
		{"negative count", []Denomination{{Cents: 100, Count: -1}}},
		{"not a euro coin", []Denomination{{Cents: 3, Count: 1}}},
		{"a denomination twice", []Denomination{{Cents: 2000, Count: 5}, {Cents: 1000, Count: 1}, {Cents: 2000, Count: 1}}},
		{"a note listed 5,000 times", slices.Repeat([]Denomination{{Cents: 500, Count: 1}}, 5000)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.CloseDesk(ctx, org("caissier"), CloseRequest{Desk: "caisse-1", Count: tc.count})
			wantCode(t, err, EInvalid)
			nothingWritten(t, store, before)
		})
	}
}

func TestDesk_EachAmountIsBoundedForItsUse(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	ctx := context.Background()
	before := store.count()
	absurd := maxSessionTotal + 1
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"a card total past a million euros", errOf(d.CloseDesk(ctx, org("caissier"), CloseRequest{Desk: "caisse-1", Count: []Denomination{}, Card: &absurd}))},
		{"a cheque total past a million euros", errOf(d.CloseDesk(ctx, org("caissier"), CloseRequest{Desk: "caisse-1", Count: []Denomination{}, Cheque: &absurd}))},
		{"cash counted past a million euros", errOf(d.CloseDesk(ctx, org("caissier"), CloseRequest{Desk: "caisse-1", Count: []Denomination{{Cents: 50000, Count: 2001}}}))},
		{"a float of 20,000 euros", errOf(d.OpenDesk(ctx, org("caissier"), "caisse-2", 2_000_000))},
		{"one payment of 12,000 euros", errOf(d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, serials(t, d, "A", 1)), Payments: []Payment{{BankCard, 1_200_000}}}))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantCode(t, tc.err, EInvalid)
			if !strings.Contains(ErrorMessage(tc.err), "erreur de frappe") {
				t.Fatalf("refusal %q", ErrorMessage(tc.err))
			}
		})
	}
	nothingWritten(t, store, before)
	// A big day's card terminal total, far above any one payment, is taken.
	bigDay := Cents(3_200_000) // 32,000 EUR
	cheques := Cents(1_250_000)
	z, err := d.CloseDesk(ctx, org("caissier"), CloseRequest{Desk: "caisse-1", Count: []Denomination{}, Card: &bigDay, Cheque: &cheques})
	ok(t, err)
	if c := z.Methods[1].Counted; c == nil || *c != bigDay {
		t.Fatalf("card total counted %v, want %s", c, bigDay)
	}
}

// TestDesk_WorkDeskAndSessionReport: a device works at its own desk, the
// organiser at the one it names or none yet; an unknown session is not
// found, with the day's count of sessions.
func TestDesk_WorkDeskAndSessionReport(t *testing.T) {
	bare, _ := newDay(t)
	_, err := bare.WorkDesk(org("org"), "caisse-1")
	wantCode(t, err, ENotFound)
	wantSays(t, err, []string{"l'événement du jour n'est pas créé : aucune caisse"})

	d, _ := entranceDay(t, "caisse-1")
	cashier := Actor{Name: "tablette", Role: RoleCashier, Desk: "caisse-1"}
	for _, tc := range []struct {
		name  string
		actor Actor
		asked string
		want  string
	}{
		{"the device's own desk, whatever is asked", cashier, "caisse-2", "caisse-1"},
		{"the desk the organiser names, any case", org("org"), "CAISSE-1", "caisse-1"},
		{"none yet for the organiser", org("org"), "inconnue", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dk, err := d.WorkDesk(tc.actor, tc.asked)
			ok(t, err)
			got := ""
			if dk != nil {
				got = dk.Name
			}
			if got != tc.want {
				t.Fatalf("work desk %q, want %q", got, tc.want)
			}
		})
	}
	_, err = d.WorkDesk(Actor{Name: "tablette", Role: RoleCashier, Desk: "caisse-9"}, "")
	wantCode(t, err, ENotFound)
	wantSays(t, err, []string{"la caisse « caisse-9 » de cet appareil n'est pas une caisse du jour"})

	z, err := d.SessionReport(1)
	ok(t, err)
	if z.Session != 1 || z.Desk != "caisse-1" {
		t.Fatalf("session 1: %+v", z)
	}
	_, err = d.SessionReport(2)
	wantCode(t, err, ENotFound)
	wantSays(t, err, []string{"session de caisse « 2 » inconnue (1 session)"})
}
