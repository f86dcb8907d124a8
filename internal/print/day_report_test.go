package print

import (
	"strings"
	"testing"

	"loto/internal/journal"
	"loto/internal/report"
)

// TestR27_DayReportPrintsItsAnchor: the day's report prints the anchor of
// the journal's head with a 12-character hash prefix, on every page's
// footer, for the organiser to keep and check later.
func TestR27_DayReportPrintsItsAnchor(t *testing.T) {
	hash := strings.Repeat("0f3a9c2e71b4", 5) + "abcd"
	r := report.DayReport{Event: "Petit loto", Date: "2025-03-16", Venue: "Salle des fêtes", Final: true,
		HeadSeq: 1234, HeadHash: hash, Anchor: journal.Anchor{Seq: 1234, Hash: hash}}
	doc := DayReport(r)
	if !strings.Contains(doc.Footer, "ancre 1234:0f3a9c2e71b4 ") || strings.Contains(doc.Footer, hash) || !strings.Contains(doc.Footer, "rapport final") {
		t.Fatalf("footer %q: want the anchor 1234:0f3a9c2e71b4, not the whole hash", doc.Footer)
	}
	if doc.Subtitle != "dimanche 16 mars 2025, Salle des fêtes" {
		t.Fatalf("subtitle %q", doc.Subtitle)
	}
	if err := checkReport(&doc); err != nil {
		t.Fatalf("the report does not print: %v", err)
	}
}

// TestDayReportWritesTheFirstOfTheMonthAsFrenchDoes: the report's date,
// like the rules', says "1er" on the first of a month, never "1".
func TestDayReportWritesTheFirstOfTheMonthAsFrenchDoes(t *testing.T) {
	for date, want := range map[string]string{
		"2026-12-01": "mardi 1er décembre 2026, Salle des fêtes",
		"2026-12-02": "mercredi 2 décembre 2026, Salle des fêtes",
	} {
		doc := DayReport(report.DayReport{Event: "Petit loto", Date: date, Venue: "Salle des fêtes"})
		if doc.Subtitle != want {
			t.Errorf("subtitle for %s: %q, want %q", date, doc.Subtitle, want)
		}
	}
}
