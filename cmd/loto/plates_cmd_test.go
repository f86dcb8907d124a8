package main

import (
	"bufio"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"loto/internal/print/pdftest"
)

// plateJSON is a line of `loto series plates --json`.
type plateJSON struct {
	Series string `json:"series"`
	Plate  int    `json:"plate"`
	Code   string `json:"code"`
	First  string `json:"first"`
	Last   string `json:"last"`
	Cards  int    `json:"cards"`
}

func platesJSON(t *testing.T, db string, args ...string) []plateJSON {
	t.Helper()
	out := mustRun(t, append([]string{"series", "plates", "--json", "--db", db}, args...)...)
	var plates []plateJSON
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var p plateJSON
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			t.Fatalf("plates line %q: %v", sc.Text(), err)
		}
		plates = append(plates, p)
	}
	return plates
}

// TestSeriesPlates_ACodeListedSellsItsPlate: `loto series plates` lists each
// plate's code and the serials of its cards, and the code it lists is the
// one `loto sell` takes for the whole plate.
func TestSeriesPlates_ACodeListedSellsItsPlate(t *testing.T) {
	t.Parallel()
	db := saleDB(t) // series A: 60 cards, 10 plates
	serials := serialsOf(t, db, "A", 60)
	plates := platesJSON(t, db, "--series", "a")
	if len(plates) != 10 {
		t.Fatalf("%d plates listed, want 10", len(plates))
	}
	for i, p := range plates {
		if p.Series != "A" || p.Plate != i+1 || p.First != serials[6*i] || p.Last != serials[6*i+5] || p.Cards != 6 {
			t.Fatalf("plate %d listed as %+v", i+1, p)
		}
	}
	text := mustRun(t, "series", "plates", "--db", db, "--series", "A", "--from", "2", "--to", "3")
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "CODE") ||
		strings.Join(strings.Fields(lines[1]), " ") != "2 "+plates[1].Code+" "+serials[6]+" à "+serials[11] {
		t.Fatalf("plates 2 to 3 as text:\n%s", text)
	}
	mustRun(t, "desk", "open", "caisse-1", "--float", "0", "--db", db)
	sale := sellJSON(t, "--db", db, "--desk", "caisse-1", "--pay", "cash:20", strings.ToLower(plates[1].Code))
	if strings.Join(sale.Serials, " ") != strings.Join(serials[6:12], " ") {
		t.Fatalf("selling plate code %s sold %v, want cards 7 to 12", plates[1].Code, sale.Serials)
	}
}

func TestSeriesPlates_PartialPlateAndBadRanges(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	mustRun(t, "series", "create", "--db", db, "--series", "B", "--cards", "14")
	plates := platesJSON(t, db, "--series", "B", "--from", "3")
	if len(plates) != 1 || plates[0].Plate != 3 || plates[0].Cards != 2 || !strings.HasPrefix(plates[0].Last, "B-000014-") {
		t.Fatalf("the partial last plate listed as %+v", plates)
	}
	if text := mustRun(t, "series", "plates", "--db", db, "--series", "B", "--from", "3"); !strings.Contains(text, "(2 cartes)") {
		t.Fatalf("a partial plate must say its cards:\n%s", text)
	}
	cases := []struct {
		name string
		args []string
		code int
		say  string
	}{
		{"no series", nil, 2, "--series est requis"},
		{"unknown series", []string{"--series", "Q"}, 1, "la série Q n'existe pas"},
		{"past the last plate", []string{"--series", "B", "--from", "2", "--to", "4"}, 1, "plaques 2 à 4 hors de la série B (plaques 1 à 3)"},
		{"negative", []string{"--series", "B", "--from", "-1"}, 1, "hors de la série B"},
		{"backwards", []string{"--series", "B", "--from", "3", "--to", "2"}, 1, "hors de la série B"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := run(t, append([]string{"series", "plates", "--db", db}, tc.args...)...)
			if code != tc.code || !strings.Contains(errs, tc.say) || out != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q; want %d saying %q", code, out, errs, tc.code, tc.say)
			}
		})
	}
}

// pdfText returns the text of a PDF, or skips the test without pdftotext.
func pdfText(t *testing.T, path string) string {
	t.Helper()
	return pdftest.Text(t, path)
}

// TestPrintCards_PlateCodeOnWholePlatesOnly: printed plates of 6 carry the
// code that sells them. A code sells all six cards, so it is printed only
// where the six stay together: not on a plate cut short by --from, nor on
// the cards of layouts 3 and 1, which are cut apart.
func TestPrintCards_PlateCodeOnWholePlatesOnly(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	plates := platesJSON(t, db, "--series", "A", "--to", "2")
	dir := t.TempDir()
	six := filepath.Join(dir, "six.pdf")
	mustRun(t, "print", "cards", "--db", db, "--series", "A", "--from", "3", "--to", "12", "--layout", "6", "--out", six)
	text := pdfText(t, six)
	if n := strings.Count(text, plates[1].Code); n != 8 { // six headers, the plate QR's caption and the footer
		t.Errorf("plate 2's code %s printed %d times on its sheet, want 8", plates[1].Code, n)
	}
	if strings.Contains(text, plates[0].Code) {
		t.Errorf("plate 1 printed from card 3 on carries its code %s, which would sell cards 1 and 2 too", plates[0].Code)
	}
	three := filepath.Join(dir, "three.pdf")
	mustRun(t, "print", "cards", "--db", db, "--series", "A", "--to", "12", "--layout", "3", "--out", three)
	if text := pdfText(t, three); strings.Contains(text, "-P0000") {
		t.Errorf("cards printed 3 a page carry a plate code:\n%s", text)
	}
}
