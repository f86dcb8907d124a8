package loto

import (
	"context"
	"strings"
	"testing"

	"loto/internal/card"
)

// The characters that rewrite a terminal or reorder a line
// are refused wherever a person's text enters, with the place they are at.
func TestCheckText_RefusesWhatSpoofsTheDisplay(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		say        string
	}{
		{"escape sequence", "Dupont\x1b[2J", "U+001B"},
		{"bell", "Dup\aont", "U+0007"},
		{"NUL", "Dupont\x00", "U+0000"},
		{"C1 control", "Dupont\u009b", "U+009B"},
		{"bidi override", "\u202eTNOPUD", "U+202E"},
		{"bidi isolate", "Dupont\u2066", "U+2066"},
		{"zero-width space", "Du\u200bpont", "U+200B"},
		{"line separator", "Du\u2028pont", "U+2028"},
		{"newline", "Du\npont", "U+000A"},
		{"not UTF-8", "Dupont \xe9", "UTF-8"},
		{"too long", strings.Repeat("é", MaxName+1), "101 caractères"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckText("nom du titulaire", tc.text, MaxName)
			wantCode(t, err, EInvalid)
			wantSays(t, err, []string{"nom du titulaire", tc.say})
			if msg := ErrorMessage(err); strings.Contains(msg, "Dup") || strings.Contains(msg, "éé") {
				t.Fatalf("the message repeats the text: %q", msg)
			}
		})
	}
	for _, ok := range []string{"Élodie Le Goff-N'Diaye", "Ærø Ølsen", "李小龍", "Jean-Pierre"} {
		if err := CheckText("nom", ok, MaxName); err != nil {
			t.Fatalf("%q refused: %v", ok, err)
		}
	}
}

func TestShown_CutsAndNeutralises(t *testing.T) {
	if got := Shown("caisse\x1b[31m"); got != "caisseU+001B[31m" {
		t.Fatalf("Shown = %q", got)
	}
	long := Shown(strings.Repeat("x", 5000))
	if len(long) > 100 || !strings.Contains(long, "coupé, 5000 caractères") {
		t.Fatalf("Shown of a huge text = %q", long)
	}
}

// Every command that takes a person's text checks it
// with CheckText before anything is recorded.
func TestText_EveryEdgeChecksItsTexts(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	ctx := context.Background()
	sale := sell(t, d, "caisse-1", 500, serialOf(t, d, "A", 1))
	esc := "x\x1b[2J"
	before := store.count()
	for _, tc := range []struct {
		name string
		do   func() error
		say  string
	}{
		{"reservation name", func() error {
			return errOf(d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Dupont" + esc, Tickets: 1}))
		}, "nom du titulaire"},
		{"reservation contact", func() error {
			return errOf(d.AddReservation(ctx, org("org"), ReservationSpec{Name: "Dupont", Contact: "a\x1b@b.fr", Tickets: 1}))
		}, "contact"},
		{"imported reservation", func() error {
			return errOf(d.ImportReservations(ctx, org("org"), []ReservationSpec{{Name: "Du\u202epont", Tickets: 1, Line: 2}}))
		}, "U+202E"},
		{"name of who acts (--by)", func() error { return errOf(d.StartGame(ctx, org("Paul"+esc))) }, "nom de qui agit"},
		{"a huge name of who acts", func() error { return errOf(d.StartGame(ctx, org(strings.Repeat("P", 5000)))) }, "5000 caractères"},
		{"break label", func() error { return errOf(d.StartBreak(ctx, org("host"), "pause"+esc, 10)) }, "nom de la pause"},
		{"reason of the end", func() error { return errOf(d.EndDay(ctx, org("org"), "fin"+esc)) }, "raison de la clôture"},
		{"reason of the postponement", func() error { return errOf(d.Postpone(ctx, org("org"), "report"+esc)) }, "raison du report"},
		{"reason of an exclusion", func() error {
			return errOf(d.Exclude(ctx, org("org"), ExclusionRequest{Why: "bruit" + esc, Sales: []int{sale.ID}}))
		}, "raison de l'exclusion"},
		{"note of a refund", func() error {
			return errOf(d.RefundSale(ctx, org("org"), RefundRequest{Sale: sale.ID, Reason: RefundExclusion, Note: strings.Repeat("n", MaxNote+1)}))
		}, "note du remboursement"},
		{"door", func() error { return errOf(d.Admit(ctx, org("door"), "porte"+esc, TicketCode{}, card.Serial{})) }, "nom de l'entrée"},
		{"series title", func() error {
			return errOf(d.CreateSeries(ctx, org("org"), SeriesSpec{Code: "Q", Cards: 6, Title: "Loto" + esc}))
		}, "titre de la série"},
		{"identity document of a cheque", func() error {
			return errOf(d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{serialOf(t, d, "A", 2)}),
				Payments: []Payment{{Method: Cheque, Cents: 500}}, Identity: &Identity{Kind: "CNI" + esc, Number: "123"}, Cheque: "0012345"}))
		}, "type de la pièce d'identité"},
		{"ruling", func() error {
			return errOf(d.Rule(ctx, org("org"), Ruling{What: "note", Why: "car" + esc}))
		}, "motif de la décision"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.do()
			wantCode(t, err, EInvalid)
			wantSays(t, err, []string{tc.say}, esc, "PPPPPPPPPP")
			nothingWritten(t, store, before)
		})
	}
	// A desk typed with an escape sequence is named without it.
	_, err := d.OpenDesk(ctx, org("caissier"), "caisse\x1b[31m", 0)
	wantSays(t, err, []string{"caisse « caisseU+001B[31m » inconnue"}, "\x1b")
}

// A refusal never repeats a huge input, nor the control
// characters it holds: it cuts it and says so.
func TestMessages_NeverRepeatAHugeInput(t *testing.T) {
	huge := "\x1b[2J" + strings.Repeat("9", 100_000)
	for name, parse := range map[string]func(string) error{
		"role":          func(s string) error { return errOf(ParseRole(s)) },
		"actor's role":  func(s string) error { return Actor{Name: "Marie", Role: Role(s)}.Check() },
		"actor's desk":  func(s string) error { return Actor{Name: "Marie", Role: RoleCashier, Desk: s}.Check() },
		"actor's name":  func(s string) error { return Actor{Name: s, Role: RoleHost}.Check() },
		"count":         func(s string) error { return errOf(ParseCount(s)) },
		"method":        func(s string) error { return errOf(ParseMethod(s)) },
		"amount":        func(s string) error { return errOf(ParseCents(s)) },
		"number":        func(s string) error { return errOf(ParseNumber(s)) },
		"payments":      func(s string) error { return errOf(ParsePayments(s)) },
		"identity":      func(s string) error { return errOf(ParseIdentity("CNI " + s + " x")) },
		"plate code":    func(s string) error { return errOf(ParsePlateCode(s)) },
		"refund":        func(s string) error { return errOf(ParseRefundReason(s)) },
		"card or plate": func(s string) error { return errOf(ParseCardCode(s)) },
		"serial":        func(s string) error { return errOf(ParseSerial(s)) },
		"ticket":        func(s string) error { return errOf(ParseTicketCode(s)) },
	} {
		t.Run(name, func(t *testing.T) {
			err := parse(huge)
			wantCode(t, err, EInvalid)
			if msg := ErrorMessage(err); len(msg) > 400 || strings.Contains(msg, "\x1b") {
				t.Fatalf("%d bytes: %.200q", len(msg), msg)
			}
		})
	}
	// The key is read at the edge, before any command runs.
	_, err := ParseKey(huge)
	wantSays(t, err, []string{"clé d'idempotence", "100004 caractères"}, "\x1b")
}
