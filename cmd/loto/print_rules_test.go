package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rulesText prints the rules of a day recorded from the event file text
// and returns the PDF's text, spaces collapsed.
func rulesText(t *testing.T, event string) string {
	t.Helper()
	db := newDB(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "event.yaml")
	if err := os.WriteFile(file, []byte(event), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "event", "create", "--db", db, "--from", file)
	pdf := filepath.Join(dir, "reglement.pdf")
	if out := mustRun(t, "print", "rules", "--db", db, "--out", pdf); !strings.Contains(out, "règlement écrit dans "+pdf) {
		t.Fatalf("print rules says %q", out)
	}
	return strings.Join(strings.Fields(pdfText(t, pdf)), " ")
}

// TestR34_PrintRulesFollowsTheEventFile: `loto print rules` prints the
// rules of the recorded day, its settings in the text; a price, a time, a
// desk and a prize changed in the event file change the printed rules.
func TestR34_PrintRulesFollowsTheEventFile(t *testing.T) {
	t.Parallel()
	before := rulesText(t, saleEvent)
	changed := strings.NewReplacer(
		"{cards: 3, cents: 1200}", "{cards: 3, cents: 1300}",
		`doors: "08:00"`, `doors: "07:30"`,
		"{name: pmr, pmr: true}", "{name: accueil, pmr: true}",
		"label: Bon de 30 €, kind: voucher, cents: 3000", "label: Bon de 40 €, kind: voucher, cents: 4000",
	).Replace(saleEvent)
	after := rulesText(t, changed)
	for _, c := range []struct{ before, after string }{
		{"Tarif des cartes : 5 € la carte – 12 € la plaque de 3 – 20 € la plaque de 6.", "Tarif des cartes : 5 € la carte – 13 € la plaque de 3 – 20 € la plaque de 6."},
		{"Ouverture des portes à 8h00.", "Ouverture des portes à 7h30."},
		{"dont la caisse « pmr » réservée aux personnes à mobilité réduite", "dont la caisse « accueil » réservée aux personnes à mobilité réduite"},
		{"Quine : Bon de 30 € (consolation en cas d'égalité : cidre)", "Quine : Bon de 40 € (consolation en cas d'égalité : cidre)"},
	} {
		if !strings.Contains(before, c.before) || strings.Contains(before, c.after) {
			t.Errorf("the rules of the first file lack %q or say %q", c.before, c.after)
		}
		if !strings.Contains(after, c.after) || strings.Contains(after, c.before) {
			t.Errorf("after the edit the rules lack %q or still say %q", c.after, c.before)
		}
	}
	for _, want := range []string{"Règlement du jeu — Petit loto", "dimanche 16 mars 2025 — Salle des fêtes", "carte spéciale à 6 €", "Règlements acceptés aux caisses : espèces, carte bancaire, chèques (pièce d'identité demandée)"} {
		if !strings.Contains(before, want) {
			t.Errorf("the rules lack %q", want)
		}
	}
	if t.Failed() {
		t.Logf("before:\n%s\nafter:\n%s", before, after)
	}
}

func TestPrintRules_NeedsAnEventAndAFile(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	mustRun(t, "series", "create", "--db", db, "--series", "B", "--cards", "6")
	for _, tc := range []struct {
		args []string
		code int
		say  string
	}{
		{[]string{"print", "rules", "--db", db}, 2, "--out est requis"},
		{[]string{"print", "rules", "--db", db, "--out", filepath.Join(t.TempDir(), "r.pdf")}, 1, "aucun événement enregistré"},
	} {
		code, _, errs := run(t, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.say) {
			t.Errorf("loto %s: exit %d, stderr %q; want %d saying %q", strings.Join(tc.args, " "), code, errs, tc.code, tc.say)
		}
	}
}
