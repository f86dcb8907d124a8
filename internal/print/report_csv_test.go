package print

import (
	"bytes"
	"encoding/csv"
	"slices"
	"strings"
	"testing"
)

// readCSV parses a report CSV back with encoding/csv, after its BOM.
func readCSV(t *testing.T, data []byte) [][]string {
	t.Helper()
	if !bytes.HasPrefix(data, []byte(csvBOM)) {
		t.Fatalf("CSV does not start with the UTF-8 BOM: %q", data[:min(len(data), 10)])
	}
	r := csv.NewReader(bytes.NewReader(data[len(csvBOM):]))
	r.Comma = ';'
	r.FieldsPerRecord = -1
	records, err := r.ReadAll()
	if err != nil {
		t.Fatalf("CSV does not parse back: %v", err)
	}
	return records
}

// expectedRecords lists the records ReportCSV must write for r: one line each for the title, the
// subtitle, each section's title, header, rows and notes, and the footer.
func expectedRecords(r Report) [][]string {
	one := func(s string) []string { return []string{s} }
	all := func(row []string) []string { return row }
	want := [][]string{one(r.Title)}
	if r.Subtitle != "" {
		want = append(want, one(r.Subtitle))
	}
	for _, s := range r.Sections {
		want = append(want, one(s.Title), all(s.Columns))
		for _, row := range s.Rows {
			want = append(want, all(row))
		}
		for _, n := range s.Notes {
			want = append(want, one(n))
		}
	}
	if r.Footer != "" {
		want = append(want, one(r.Footer))
	}
	return want
}

func TestReportCSV_ReadsBackAsWritten(t *testing.T) {
	tricky := dayReport(4)
	tricky.Sections = append(tricky.Sections, Section{
		Title:   "Cas particuliers ; guillemets",
		Columns: []string{"Joueur", "Remarque"},
		Rows: [][]string{
			{"Anne-Sophie « Nanou » Le Bihan", "a dit \"quine\" trop tard"},
			{" espace devant", "deux\nlignes"},
			{"Prénom;Nom", ""},
		},
		Notes: []string{"Note avec ; et \" et é"},
	}, Section{
		Title:   "Une seule colonne",
		Columns: []string{"Commentaire"},
		Rows:    [][]string{{"premier"}, {""}, {"dernier"}},
	})
	tests := []struct {
		name   string
		report Report
	}{
		{"day report", dayReport(40)},
		{"separators, quotes, newlines, empty cells", tricky},
		{"title only", Report{Title: "Rapport vide"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := ReportCSV(&buf, tt.report); err != nil {
				t.Fatal(err)
			}
			got := readCSV(t, buf.Bytes())
			want := expectedRecords(tt.report)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("records read back differ:\n got %q\nwant %q", got, want)
			}
			// A blank line separates the blocks, as a spreadsheet shows them.
			blocks := strings.Count(buf.String(), "\n\n")
			if wantBlocks := len(tt.report.Sections) + btoi(tt.report.Footer != ""); blocks != wantBlocks {
				t.Errorf("%d blank lines, want %d (before each section and the footer)", blocks, wantBlocks)
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestReportCSV_SemicolonsAndDecimalCommasStayUnquoted(t *testing.T) {
	var buf bytes.Buffer
	if err := ReportCSV(&buf, dayReport(1)); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"Guichet;Session;Espèces;Carte bancaire;Chèque;Total",
		"Accueil;S1 (8h00–13h10);1 245,00;860,00;120,00;2 225,00",
	} {
		if !strings.Contains(buf.String(), "\n"+line+"\n") {
			t.Errorf("line %q not written as is", line)
		}
	}
}

func TestReportCSV_DefusesFormulas(t *testing.T) {
	tests := []struct {
		cell, want string
	}{
		{"=HYPERLINK(\"http://x\";\"clic\")", "'=HYPERLINK(\"http://x\";\"clic\")"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"},
		{"-2+3", "'-2+3"},
		{"\tTAB", "'\tTAB"},
		{"-12,50", "-12,50"},
		{"-1 245,00 €", "-1 245,00 €"},
		{"+33 6 12 34 56 78", "+33 6 12 34 56 78"},
		{"- ", "'- "},
		{"Jean = Paul", "Jean = Paul"},
		{"", ""},
	}
	r := Report{Title: "Formules", Sections: []Section{{Title: "Cellules", Columns: []string{"Texte", "Autre"}}}}
	for _, tt := range tests {
		r.Sections[0].Rows = append(r.Sections[0].Rows, []string{tt.cell, "x"})
	}
	var buf bytes.Buffer
	if err := ReportCSV(&buf, r); err != nil {
		t.Fatal(err)
	}
	got := readCSV(t, buf.Bytes())[3:]
	for i, tt := range tests {
		if got[i][0] != tt.want {
			t.Errorf("cell %q written as %q, want %q", tt.cell, got[i][0], tt.want)
		}
	}
}
