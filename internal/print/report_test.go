package print

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"loto/internal/print/pdftest"
)

func writeReport(t *testing.T, r Report) string {
	t.Helper()
	return writeFile(t, "report.pdf", func(w io.Writer) error { return ReportPDF(w, r) })
}

// pageLines extracts the text of page pg with pdftotext -layout, each line
// with its runs of spaces collapsed, blank lines dropped.
func pageLines(t *testing.T, pdfPath string, pg int) []string {
	t.Helper()
	p := strconv.Itoa(pg)
	out := pdftest.Text(t, pdfPath, "-layout", "-f", p, "-l", p)
	var lines []string
	for _, line := range strings.Split(out, "\n") {
		if line = strings.Join(strings.Fields(line), " "); line != "" {
			lines = append(lines, line)
		}
	}
	return lines
}

func indexOf(lines []string, want string) int {
	for i, l := range lines {
		if l == want {
			return i
		}
	}
	return -1
}

func TestReport_RefusesBadInput(t *testing.T) {
	with := func(edit func(*Report)) Report {
		r := dayReport(3)
		edit(&r)
		return r
	}
	tests := []struct {
		name   string
		report Report
		want   string
	}{
		{"no title", with(func(r *Report) { r.Title = " " }), "rapport sans titre"},
		{"section without title", with(func(r *Report) { r.Sections[1].Title = "" }), "section n° 2 : titre vide"},
		{"no columns", with(func(r *Report) { r.Sections[0].Columns, r.Sections[0].Align = nil, nil }), "aucune colonne"},
		{"align too short", with(func(r *Report) { r.Sections[0].Align = []byte("LR") }), "2 alignements pour 6 colonnes"},
		{"unknown alignment", with(func(r *Report) { r.Sections[3].Align = []byte("RCR") }), `colonne "Acheteurs sans billet" : alignement 'C' inconnu`},
		{"short row", with(func(r *Report) { r.Sections[2].Rows[1] = []string{"V-1", "PMR"} }), "ligne 2 : 2 cellules pour 5 colonnes"},
		{"long row", with(func(r *Report) { r.Sections[3].Rows[0] = append(r.Sections[3].Rows[0], "x") }), "4 cellules pour 3 colonnes"},
	}
	for _, tt := range tests {
		for fname, f := range map[string]func(io.Writer, Report) error{"pdf": ReportPDF, "csv": ReportCSV} {
			t.Run(tt.name+"/"+fname, func(t *testing.T) {
				var buf bytes.Buffer
				err := f(&buf, tt.report)
				if err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("err = %v, want one containing %q", err, tt.want)
				}
				if buf.Len() != 0 {
					t.Errorf("%d bytes written despite the error", buf.Len())
				}
			})
		}
	}
}

func TestReportPDF_LongTableRepeatsHeaderAndFooterOnEveryPage(t *testing.T) {
	const refunds = 150
	r := dayReport(refunds)
	path := writeReport(t, r)
	n := len(rasterize(t, path, 20))
	if n < 4 {
		t.Fatalf("%d pages for %d refunds, want at least 4", n, refunds)
	}
	header := "Vente Guichet Joueur Paiement Montant"
	next := 1 // the next refund row expected, V-00001 first
	for pg := 1; pg <= n; pg++ {
		lines := pageLines(t, path, pg)
		if i := indexOf(lines, r.Footer+" page "+fmt.Sprintf("%d/%d", pg, n)); i != len(lines)-1 {
			t.Errorf("page %d: last line %q, want the footer and page %d/%d", pg, lines[len(lines)-1], pg, n)
		}
		if pg > 1 && lines[0] != r.Title {
			t.Errorf("page %d: running head %q, want the title", pg, lines[0])
		}
		h := indexOf(lines, header)
		first := -1
		for i, l := range lines {
			if strings.HasPrefix(l, "V-") {
				if first < 0 {
					first = i
				}
				want := fmt.Sprintf("V-%05d ", next)
				if !strings.HasPrefix(l, want) {
					t.Fatalf("page %d: row %q, want %s…: a row lost or repeated", pg, l, want)
				}
				next++
			}
		}
		if first >= 0 && (h < 0 || h > first) {
			t.Errorf("page %d: refund rows without the header row %q above them", pg, header)
		}
		if first >= 0 && pg > 1 && h > 0 && lines[h-1] != "Remboursements (exclusion, report) (suite)" {
			t.Errorf("page %d: %q above the repeated header, want the section title (suite)", pg, lines[h-1])
		}
	}
	if next != refunds+1 {
		t.Errorf("%d refund rows printed, want %d", next-1, refunds)
	}
}

func TestReportPDF_TextGolden(t *testing.T) {
	r := dayReport(5)
	text := pdfText(t, writeReport(t, r))
	for _, want := range []string{
		r.Title, r.Subtitle,
		"Guichet Session Espèces Carte bancaire Chèque Total",
		"Accueil S1 (8h00–13h10) 1 245,00 860,00 120,00 2 225,00",
		"Total 2 095,00 1 567,00 168,00 3 830,00",
		"Billets barrés Acheteurs sans billet Cartes gratuites",
		"212 431 212",
		"5 ventes à rembourser.",
		r.Footer + " page 1/1",
	} {
		if !strings.Contains(text, "\n"+want+"\n") && !strings.HasPrefix(text, want+"\n") {
			t.Errorf("line %q not printed", want)
		}
	}
	checkGolden(t, "day_report", text)
}

func TestReportPDF_AmountsRightAlignedOnOneEdge(t *testing.T) {
	r := Report{Title: "Caisse", Sections: []Section{{
		Title:   "Totaux",
		Columns: []string{"Moyen", "Montant"},
		Align:   []byte("LR"),
		Rows:    [][]string{{"Espèces", "1 245,00"}, {"Carte", "5,00"}, {"Chèque", "120,00"}},
	}}}
	p := rasterize(t, writeReport(t, r), 100)[0]
	// Each row's ink must end at the same x, near the right margin.
	var ends []int
	for i := range r.Sections[0].Rows {
		y := repTop + 7.5 + 2 + 6 + secTitleH + tabLine + 2*tabPadY + float64(i)*(tabLine+2*tabPadY)
		right := -1
		for x := p.px(repMargin + 40); x < p.img.Bounds().Dx(); x++ {
			for py := p.px(y + tabPadY); py < p.px(y+tabPadY+tabLine); py++ {
				if c, _, _, _ := p.img.At(x, py).RGBA(); c>>8 < 128 {
					right = x
				}
			}
		}
		ends = append(ends, right)
	}
	margin := p.px(pageW - repMargin - tabPadX)
	for i, e := range ends {
		if e < margin-3 || e > margin+1 {
			t.Errorf("row %d: amount ends at x=%d px, want the right edge at %d", i+1, e, margin)
		}
	}
}

func TestReportPDF_LongCellsWrapThenShorten(t *testing.T) {
	long := "Bon d'achat de cinquante euros au supermarché partenaire, valable un an"
	huge := strings.Repeat("très longue description du lot ", 30) + "FIN"
	cols := make([]string, 10)
	row := make([]string, 10)
	for i := range cols {
		cols[i] = fmt.Sprintf("Colonne %d", i+1)
		row[i] = fmt.Sprintf("val-%d", i+1)
	}
	r := Report{Title: "Lots", Footer: "pied", Sections: []Section{
		{Title: "Lots", Columns: []string{"Partie", "Lot", "Part"}, Align: []byte("LLR"),
			Rows: [][]string{{"1", long + " — " + long, "25,00"}, {"2", huge, "10,00"}}},
		{Title: "Large", Columns: cols, Rows: [][]string{row}},
	}}
	path := writeReport(t, r)
	text := pdfText(t, path)
	for _, word := range strings.Fields(long) {
		if !strings.Contains(text, word) {
			t.Errorf("wrapped cell lost the word %q", word)
		}
	}
	if strings.Contains(text, "FIN") || !strings.Contains(text, "…") {
		t.Errorf("an over-long cell was not cut short with an ellipsis:\n%s", text)
	}
	// A table too wide for the page takes smaller type rather than break
	// words: the words printed are exactly those given.
	large := text[strings.Index(text, "\nLarge\n")+7 : strings.Index(text, "\npied")]
	got := strings.Fields(large)
	want := strings.Fields(strings.Join(cols, " ") + " " + strings.Join(row, " "))
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("wide table printed the words %q, want %q", got, want)
	}
	if !strings.Contains("\n"+large+"\n", "\n"+strings.Join(row, " ")+"\n") {
		t.Errorf("wide table's row not on one line:\n%s", large)
	}
	// Nothing spills into the right margin, however wide the table.
	p := rasterize(t, path, 80)[0]
	if s := p.share(pageW-repMargin+0.5, 0, repMargin-0.5, pageH, white, 10); s < 0.999 {
		t.Errorf("right margin only %.2f %% white: a table spills over", 100*s)
	}
}

func TestReportPDF_LongFooterWrapsAndKeepsClearOfTables(t *testing.T) {
	hash := strings.Repeat("3fa95c0e7d1b42a8", 8)
	r := dayReport(120)
	r.Footer = "Empreinte du journal : n° 123456, " + hash + " — rapport arrêté à 18h42 par l'organisateur, contrôlé par le trésorier et le président du club"
	path := writeReport(t, r)
	pages := rasterize(t, path, 80)
	for pg := range pages {
		flat := strings.Join(pageLines(t, path, pg+1), " ")
		flat = strings.Replace(flat, fmt.Sprintf(" page %d/%d", pg+1, len(pages)), "", 1)
		if !strings.Contains(strings.ReplaceAll(flat, " ", ""), strings.ReplaceAll(r.Footer, " ", "")) {
			t.Errorf("page %d: footer not printed in full", pg+1)
		}
	}
	// The footer rule is the lowest line across the text width; above it,
	// blank paper separates the last row from the footer.
	for pg, p := range pages {
		rule := -1
		for y := p.img.Bounds().Dy() - 1; y > p.px(pageH/2) && rule < 0; y-- {
			inked := 0
			for x := p.px(repMargin); x < p.px(pageW-repMargin); x++ {
				if c, _, _, _ := p.img.At(x, y).RGBA(); c>>8 < 245 {
					inked++
				}
			}
			if inked > (p.px(pageW-repMargin)-p.px(repMargin))*9/10 {
				rule = y
			}
		}
		ruleMM := float64(rule) * 25.4 / p.dpi
		if rule < 0 || ruleMM > pageH-8-2*repFootLine {
			t.Fatalf("page %d: footer rule at %.1f mm, want one above a wrapped footer", pg+1, ruleMM)
		}
		if s := p.share(repMargin, ruleMM-2.2, repTextW, 1.7, white, 10); s < 0.999 {
			t.Errorf("page %d: ink just above the footer rule (%.2f %% white)", pg+1, 100*s)
		}
	}
}

func TestReportPDF_EveryPageHasHeaderTint(t *testing.T) {
	path := writeReport(t, dayReport(150))
	for pg, p := range rasterize(t, path, 60) {
		if s := p.share(repMargin, 0, repTextW, pageH, tabHeadFill, 6); s < 0.005 {
			t.Errorf("page %d: header tint on %.2f %% of the page: no header row", pg+1, 100*s)
		}
	}
}

func TestReportPDF_EmptySectionSaysSo(t *testing.T) {
	r := Report{Title: "Rapport", Sections: []Section{{Title: "Remboursements", Columns: []string{"Vente", "Montant"}}}}
	text := pdfText(t, writeReport(t, r))
	if !strings.Contains(text, "Vente Montant\nAucune ligne.\n") {
		t.Errorf("empty section printed as:\n%s", text)
	}
}

func TestReportPDF_FrenchNumberFormattingPrintsAsTyped(t *testing.T) {
	// CLDR French groups thousands with U+202F and may write U+2212 for
	// minus; the core fonts lack both, which would print "1.245,00".
	r := Report{Title: "Caisse", Sections: []Section{{
		Title: "Écarts", Columns: []string{"Guichet", "Attendu", "Écart"}, Align: []byte("LRR"),
		Rows: [][]string{{"Accueil", "1\u202f245,00", "\u22122,00"}},
	}}}
	text := pdfText(t, writeReport(t, r))
	if !strings.Contains(text, "\nAccueil 1 245,00 -2,00\n") {
		t.Errorf("amounts misprinted:\n%s", text)
	}
}

func TestFitWidths(t *testing.T) {
	tests := []struct {
		name    string
		natural []float64
		align   string
		avail   float64
		want    []float64
	}{
		{"narrow: text columns take the rest", []float64{20, 30, 10}, "LLR", 120, []float64{44, 66, 10}},
		{"figures only: natural widths", []float64{20, 30}, "RR", 120, []float64{20, 30}},
		{"exact fit", []float64{40, 80}, "LR", 120, []float64{40, 80}},
		{"too wide: the widest are capped", []float64{10, 100, 60}, "LLL", 100, []float64{10, 45, 45}},
		{"too wide: one capped", []float64{20, 30, 200}, "LLR", 100, []float64{20, 30, 50}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			align := make([]string, len(tt.align))
			for i, a := range tt.align {
				align[i] = string(a) + "M"
			}
			got := fitWidths(tt.natural, align, tt.avail)
			for i := range got {
				if d := got[i] - tt.want[i]; d > 1e-9 || d < -1e-9 {
					t.Fatalf("widths = %v, want %v", got, tt.want)
				}
			}
		})
	}
}

func BenchmarkReportPDF1000Rows(b *testing.B) {
	r := dayReport(1000)
	b.ReportAllocs()
	for b.Loop() {
		if err := ReportPDF(io.Discard, r); err != nil {
			b.Fatal(err)
		}
	}
}
