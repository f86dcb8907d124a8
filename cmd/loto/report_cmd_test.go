package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"loto/internal/report"
)

func TestCLI_R28_R29_RefundPostponeAndReport(t *testing.T) {
	t.Parallel()
	db, a := deskDay(t, 6)
	s1 := sellJSON(t, "--db", db, "--desk", "caisse-1", "--pay", "cash:20", a[0], a[1], a[2])
	s2 := sellJSON(t, "--db", db, "--desk", "caisse-1", "--pay", "card:5", a[3])
	s3 := sellJSON(t, "--db", db, "--desk", "caisse-1", "--pay", "cash:5", a[4])
	fails(t, db, "R26", "refund", "--sale", itoa(s1.Sale), "--reason", "regret", "--db", db)
	fails(t, db, "R26", "refund", "--sale", itoa(s1.Sale), "--db", db)
	fails(t, db, "n'est pas reporté", "refund", "--sale", itoa(s1.Sale), "--reason", "postponement", "--db", db)
	fails(t, db, "loto exclude", "refund", "--sale", itoa(s1.Sale), "--reason", "exclusion", "--db", db)
	out := mustRun(t, "exclude", "--sale", itoa(s1.Sale), "--why", "perturbe le jeu", "--by", "organisateur", "--db", db)
	if !strings.Contains(out, "exclusion n° 1 (R28) : 3 cartes annulées, 12,00 € rendus à la caisse de chaque vente (1 vente remboursée)") {
		t.Fatalf("exclude: %q", out)
	}
	fails(t, db, "déjà annulées", "exclude", "--sale", itoa(s1.Sale), "--why", "encore", "--db", db)
	out = mustRun(t, "event", "postpone", "--db", db)
	if !strings.Contains(out, "2 ventes à rembourser, 10,00 €") || !strings.Contains(out, "vente n° "+itoa(s2.Sale)) {
		t.Fatalf("postpone: %q", out)
	}
	fails(t, db, "R29", "sell", "--db", db, "--desk", "caisse-1", "--pay", "cash:5", a[5])
	fails(t, db, "déjà reporté", "event", "postpone", "--db", db)
	out = mustRun(t, "refund", "--sale", itoa(s3.Sale), "--reason", "postponement", "--db", db)
	if !strings.Contains(out, "(report du loto, R29)") || !strings.Contains(out, "1 carte annulée") {
		t.Fatalf("a refund says its reason and its card in French: %q", out)
	}

	var r report.DayReport
	if err := json.Unmarshal([]byte(mustRun(t, "report", "day", "--json", "--db", db)), &r); err != nil {
		t.Fatal(err)
	}
	if r.HeadSeq != head(t, db) || len(r.HeadHash) != 64 || r.Totals.Sales != 3 || r.Totals.SalesCents != 2200 ||
		r.Totals.RefundedCents != 1700 || len(r.Refunds) != 2 || r.Postponed == nil || len(r.Postponed.ToRefund) != 1 ||
		r.Postponed.ToRefund[0].ID != s2.Sale || r.Final {
		t.Fatalf("report %+v", r)
	}
	dir := t.TempDir()
	mustRun(t, "report", "day", "--format", "csv", "--out", filepath.Join(dir, "r.csv"), "--db", db)
	csv, err := os.ReadFile(filepath.Join(dir, "r.csv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, say := range []string{"Rapport de la journée — Petit loto", "Par caisse", "Par session de caisse (Z)", "Par moyen de paiement",
		"Par série", "Fréquentation", "Lots attribués", "Remboursements", "perturbe le jeu", "Ventes à rembourser", "ancre " + r.Anchor.Short()} {
		if !bytes.Contains(csv, []byte(say)) {
			t.Fatalf("the CSV report lacks %q", say)
		}
	}
	pdf := filepath.Join(dir, "r.pdf")
	mustRun(t, "report", "day", "--format", "pdf", "--out", pdf, "--db", db)
	if b, err := os.ReadFile(pdf); err != nil || !bytes.HasPrefix(b, []byte("%PDF")) {
		t.Fatalf("report PDF: %v", err)
	}
	if code, _, _ := run(t, "report", "day", "--db", db); code != 2 {
		t.Fatalf("report without a format: exit %d, want 2 (usage)", code)
	}
	if code, _, _ := run(t, "report", "day", "--format", "pdf", "--db", db); code != 2 {
		t.Fatalf("PDF report without --out: exit %d, want 2 (usage)", code)
	}
}

func TestCLI_FinalReportAfterASimulatedDay(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	mustRun(t, "simulate", "--players", "40", "--seed", "5", "--db", db)
	var r report.DayReport
	if err := json.Unmarshal([]byte(mustRun(t, "report", "day", "--json", "--db", db)), &r); err != nil {
		t.Fatal(err)
	}
	if !r.Final || len(r.Prizes) == 0 || r.Totals.Sales == 0 || len(r.Refunds) == 0 || r.HeadSeq != head(t, db) {
		t.Fatalf("final report: final %v, %d prizes, %d sales, %d refunds", r.Final, len(r.Prizes), r.Totals.Sales, len(r.Refunds))
	}
	code, out, _ := run(t, "report", "day", "--format", "csv", "--db", db)
	if code != 0 || !strings.Contains(out, "rapport final") || !strings.Contains(out, r.Anchor.Short()) || !strings.Contains(out, r.Prizes[0].Serial) {
		t.Fatalf("CSV final report to stdout: exit %d", code)
	}
}

// TestCLI_P1_DayReportNamesNoHolder: a holder comes in with her free card,
// a cheque is paid with its identity document, the loto is postponed; the
// day's report, rendered as the real PDF (its text by pdftotext), as CSV
// and as JSON, carries the free card by ticket and reservation number and
// the sale to refund by its number, never the holder's name or contact,
// the ticket's code, the identity document or the cheque's number (P1).
func TestCLI_P1_DayReportNamesNoHolder(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	codes := strings.Fields(mustRun(t, "reservation", "add", "Hélène", "Lefèvre", "--contact", "06 12 34 56 78", "--tickets", "2", "--db", db))
	a := serialsOf(t, db, "A", 2)
	mustRun(t, "door", "--door", "porte-1", "--by", "jean", codes[0], a[0], "--db", db)
	mustRun(t, "desk", "open", "caisse-1", "--float", "100", "--db", db)
	chq := sellJSON(t, "--db", db, "--desk", "caisse-1", "--pay", "cheque:5", "--id", "CNI 880692310285", "--cheque", "7654321", a[1])
	mustRun(t, "event", "postpone", "--db", db)

	dir := t.TempDir()
	pdf, csv := filepath.Join(dir, "r.pdf"), filepath.Join(dir, "r.csv")
	mustRun(t, "report", "day", "--format", "pdf", "--out", pdf, "--db", db)
	mustRun(t, "report", "day", "--format", "csv", "--out", csv, "--db", db)
	csvText, err := os.ReadFile(csv)
	if err != nil {
		t.Fatal(err)
	}
	exports := map[string]string{"the PDF": pdfText(t, pdf), "the CSV": string(csvText),
		"the JSON": mustRun(t, "report", "day", "--json", "--db", db)}
	for what, text := range exports {
		for _, s := range []string{"Hélène", "Lefèvre", "06 12 34 56 78", "880692310285", "7654321", codes[0], codes[1]} {
			if strings.Contains(text, s) {
				t.Errorf("%s of the day's report holds %q", what, s)
			}
		}
	}
	for what, text := range map[string]string{"the PDF": exports["the PDF"], "the CSV": exports["the CSV"]} {
		for _, say := range []string{"Cartes gratuites remises à l'entrée (R4)", "Réservation", a[0], "porte-1", "jean",
			"Ventes à rembourser", a[1], "Sans nom (P1)"} {
			if !strings.Contains(text, say) {
				t.Errorf("%s of the day's report lacks %q", what, say)
			}
		}
	}
	var r report.DayReport
	if err := json.Unmarshal([]byte(exports["the JSON"]), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Free) != 1 || r.Free[0].Card != a[0] || r.Free[0].Ticket != 1 || r.Free[0].Reservation != 1 || r.Totals.FreeCards != 1 ||
		r.Postponed == nil || len(r.Postponed.ToRefund) != 1 || r.Postponed.ToRefund[0].ID != chq.Sale {
		t.Fatalf("report %+v", r)
	}
}
