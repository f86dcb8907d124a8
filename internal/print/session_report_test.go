package print

import (
	"io"
	"strings"
	"testing"
	"time"

	"loto/internal/journal"
	"loto/internal/loto"
)

// TestSessionZ_PrintsExpectedCountedAndAnchor: a closed session's Z PDF
// has, per method, expected against counted with the difference, the cash
// counted by denomination and the closing's anchor.
func TestSessionZ_PrintsExpectedCountedAndAnchor(t *testing.T) {
	at := time.Date(2026, 12, 1, 14, 0, 0, 0, time.UTC)
	closed := at.Add(3 * time.Hour)
	c := func(v loto.Cents) *loto.Cents { return &v }
	z := loto.SessionReport{Session: 2, Desk: "caisse-1", OpenedAt: at, OpenedBy: "tablette", ClosedAt: &closed, ClosedBy: "tablette",
		Float: 10000, Sales: 3, Cards: 8, SalesCents: 3200,
		Methods: []loto.MethodReport{
			{Method: loto.Cash, Payments: 2, Received: 4000, Expected: 12500, Counted: c(12000), Difference: c(-500)},
			{Method: loto.BankCard, Payments: 1, Received: 700, Expected: 700, Counted: c(700), Difference: c(0)},
			{Method: loto.Cheque, Expected: 0},
		},
		Count:  []loto.Denomination{{Cents: 5000, Count: 2}, {Cents: 1000, Count: 2}, {Cents: 200, Count: 0}},
		Anchor: &journal.Anchor{Seq: 42, Hash: "0123456789abcdef0123"},
	}
	path := writeFile(t, "z.pdf", func(w io.Writer) error { return ReportPDF(w, SessionZ("Mega Loto", z)) })
	text := strings.Join(pageLines(t, path, 1), "\n")
	for _, want := range []string{
		"Rapport Z — caisse « caisse-1 », session 2",
		"espèces 2 40,00 € 125,00 € 120,00 € -5,00 €",
		"carte bancaire 1 7,00 € 7,00 € 7,00 € 0,00 €",
		"chèque 0 0,00 € 0,00 € — —",
		"50,00 € 2 100,00 €",
		"Total 120,00 €",
		"ancre du journal 42:0123456789ab",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("Z report lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "2,00 € 0") {
		t.Errorf("a denomination counted 0 is printed:\n%s", text)
	}
}
