package loto

import (
	"strings"
	"testing"
)

func TestSettlePayments(t *testing.T) {
	id := &Identity{Kind: "CNI", Number: "123456"}
	for _, tc := range []struct {
		name   string
		total  Cents
		pays   []Payment
		id     *Identity
		cheque string
		change Cents
		msg    string // part of the refusal; empty when accepted
	}{
		{"exact cash", 2500, cash(2500), nil, "", 0, ""},
		{"cash with change", 2500, cash(5000), nil, "", 2500, ""},
		{"bank card", 2500, []Payment{{BankCard, 2500}}, nil, "", 0, ""},
		{"split cash and card", 2500, []Payment{{Cash, 2000}, {BankCard, 1000}}, nil, "", 500, ""},
		{"cheque with identity", 2500, []Payment{{Cheque, 2500}}, id, "0012345", 0, ""},
		{"cash below the total", 2500, cash(2000), nil, "", 0, "espèces remises (20,00 €) inférieures au total (25,00 €) : il manque 5,00 €"},
		{"split below the total", 2500, []Payment{{Cash, 500}, {BankCard, 1000}}, nil, "", 0,
			"les paiements (espèces 5,00 €, carte bancaire 10,00 €) ne couvrent pas le total de 25,00 € : il manque 10,00 €"},
		{"bank card below the total", 2500, []Payment{{BankCard, 2000}}, nil, "", 0,
			"les paiements (carte bancaire 20,00 €) ne couvrent pas le total de 25,00 € : il manque 5,00 €"},
		{"cheque below the total", 2500, []Payment{{Cheque, 1200}}, id, "0012345", 0,
			"les paiements (chèque 12,00 €) ne couvrent pas le total de 25,00 € : il manque 13,00 €"},
		{"card above the total", 2500, []Payment{{BankCard, 3000}}, nil, "", 0, "ne rendent pas de monnaie"},
		{"cash beside a full card", 2500, []Payment{{BankCard, 2500}, {Cash, 500}}, nil, "", 0, "espèces en trop"},
		{"absurd change", 500, cash(60000), nil, "", 0, "billet de 500"},
		{"negative amount", 500, cash(-500), nil, "", 0, "invalide"},
		{"absurd amount", 500, cash(maxAmount + 1), nil, "", 0, "invalide"},
		{"no payment", 500, nil, nil, "", 0, "paiement est requis"},
		{"two cash payments", 500, []Payment{{Cash, 300}, {Cash, 300}}, nil, "", 0, "deux paiements"},
		{"unknown method", 500, []Payment{{"bitcoin", 500}}, nil, "", 0, "inconnu"},
		{"cheque without number", 500, []Payment{{Cheque, 500}}, id, "", 0, "numéro du chèque"},
		{"identity without cheque", 500, cash(500), id, "", 0, "qu'au paiement par chèque"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			change, err := settle(tc.total, tc.pays, tc.id, tc.cheque)
			if tc.msg == "" {
				if err != nil || change != tc.change {
					t.Fatalf("change %s, %v; want %s", change, err, tc.change)
				}
				return
			}
			wantCode(t, err, EInvalid)
			if !strings.Contains(ErrorMessage(err), tc.msg) {
				t.Fatalf("refusal %q does not say %q", ErrorMessage(err), tc.msg)
			}
		})
	}
}

func TestR8_ChequeNeedsIdentity(t *testing.T) {
	d, store := entranceDay(t, "caisse-1")
	card := serialOf(t, d, "A", 1)
	before := store.count()
	for _, tc := range []struct {
		name string
		id   *Identity
	}{
		{"no identity", nil},
		{"kind without number", &Identity{Kind: "CNI"}},
		{"number without kind", &Identity{Number: "123456"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{card}),
				Payments: []Payment{{Cheque, 500}}, Identity: tc.id, Cheque: "0012345"})
			wantCode(t, err, EInvalid)
			if !strings.Contains(ErrorMessage(err), "R8") {
				t.Fatalf("refusal %q does not cite R8", ErrorMessage(err))
			}
			nothingWritten(t, store, before)
		})
	}
	s, err := d.Sell(keyed(), org("caissier"), SaleRequest{Desk: "caisse-1", Cards: cardCodes(t, []string{card}),
		Payments: []Payment{{Cheque, 500}}, Identity: &Identity{Kind: "passeport", Number: "12AB34567"}, Cheque: "0012345"})
	ok(t, err)
	if s.Identity == nil || s.Identity.Number != "12AB34567" || s.Cheque != "0012345" {
		t.Fatalf("the cheque sale did not record the identity and the cheque: %+v", s)
	}
	if _, err := ParseIdentity("CNI"); err == nil {
		t.Fatal("an identity without a number was read")
	}
	if id, err := ParseIdentity(" carte d'identité  ab123 "); err != nil || id.Kind != "carte d'identité" || id.Number != "AB123" {
		t.Fatalf("ParseIdentity: %+v %v", id, err)
	}
}

func TestParsePayments(t *testing.T) {
	p, err := ParsePayments("cash:10,card:15.50")
	ok(t, err)
	if len(p) != 2 || p[0] != (Payment{Cash, 1000}) || p[1] != (Payment{BankCard, 1550}) {
		t.Fatalf("payments %+v", p)
	}
	for _, bad := range []string{"", "cash", "cash:-5", "gold:5", "cash:abc"} {
		_, err := ParsePayments(bad)
		wantCode(t, err, EInvalid)
	}
}

func TestParse_FrenchDecimalCommaIsExplained(t *testing.T) {
	// A French cashier writes 12,50: the comma separates items, so the
	// refusal says where the cents go.
	_, err := ParsePayments("cash:12,50")
	wantCode(t, err, EInvalid)
	if !strings.Contains(ErrorMessage(err), "un point avant les centimes") {
		t.Fatalf("payments: %q", ErrorMessage(err))
	}
	_, err = ParseCount("0,50x3")
	wantCode(t, err, EInvalid)
	if !strings.Contains(ErrorMessage(err), "un point avant les centimes") {
		t.Fatalf("count: %q", ErrorMessage(err))
	}
}
