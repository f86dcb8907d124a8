package print

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"loto/internal/print/pdftest"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// pdfText extracts the text of a PDF with pdftotext -layout, one line per
// printed line, with runs of spaces collapsed so that the golden files do not
// depend on poppler's column arithmetic.
func pdfText(t *testing.T, pdfPath string) string {
	t.Helper()
	out := pdftest.Text(t, pdfPath, "-layout")
	var lines []string
	// pdftotext ends every page, the last included, with a form feed.
	for _, pg := range strings.Split(strings.TrimSuffix(out, "\f"), "\f") {
		for _, line := range strings.Split(pg, "\n") {
			if line = strings.Join(strings.Fields(line), " "); line != "" {
				lines = append(lines, line)
			}
		}
		lines = append(lines, "--- page break ---")
	}
	return strings.Join(lines[:len(lines)-1], "\n") + "\n"
}

func TestCards_TextGolden(t *testing.T) {
	yellow := testSheets(t, 1, 1, "jaune", false)
	special := testSheets(t, 4, 1, "#ff9900", true)
	tests := []struct {
		name   string
		cards  []CardSheet
		layout int
		pages  int
	}{
		{"plate_layout6", slices.Concat(yellow, special), 6, 2},
		{"half_plates_layout3", slices.Concat(yellow[:3], special[3:]), 3, 2},
		{"single_layout1", special[4:], 1, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := pdfText(t, writePDF(t, tt.cards, tt.layout))
			checkCardText(t, text, tt.cards, tt.pages)
			if tt.layout == 6 {
				checkPlateFooters(t, text, tt.cards)
			}

			golden := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -run TestCards_TextGolden -update to create it)", err)
			}
			if text != string(want) {
				t.Errorf("text differs from %s (rerun with -update if the change is intended):\n--- got\n%s", golden, text)
			}
		})
	}
}

// checkCardText asserts what every printed card must say, independently of
// the golden file: its serial, plate and title, each grid row in order, the
// stamp box, and the car banner on special cards only.
func checkCardText(t *testing.T, text string, cards []CardSheet, pages int) {
	t.Helper()
	lines := strings.Split(text, "\n")
	if got := strings.Count(text, "--- page break ---") + 1; got != pages {
		t.Errorf("%d pages of text, want %d", got, pages)
	}
	specials := 0
	for _, s := range cards {
		header := slices.IndexFunc(lines, func(l string) bool { return strings.HasSuffix(l, " "+s.Serial) })
		if header < 0 {
			t.Errorf("serial %s not found", s.Serial)
			continue
		}
		h := lines[header]
		if !strings.HasPrefix(h, s.Title) || !strings.Contains(h, fmt.Sprintf("Planche n° %d", s.Plate)) {
			t.Errorf("card %s: header %q lacks the title or plate %d", s.Serial, h, s.Plate)
		}
		// The cashier types or scans the plate code from any card of the plate.
		if !strings.HasSuffix(h, fmt.Sprintf("Planche n° %d %s %s", s.Plate, s.PlateCode, s.Serial)) {
			t.Errorf("card %s: header %q lacks the plate code %s beside its plate number", s.Serial, h, s.PlateCode)
		}
		if s.Special != strings.Contains(h, "CARTE SPÉCIALE VOITURE") {
			t.Errorf("card %s (special %v): header %q", s.Serial, s.Special, h)
		}
		if s.Special {
			specials++
		}
		// The rows follow the header, after the line of the stamp box label.
		rest := strings.Join(lines[header+1:min(header+6, len(lines))], "\n")
		if !strings.Contains(rest, "Tampon du jour") {
			t.Errorf("card %s: no stamp box label", s.Serial)
		}
		for r := range 3 {
			var nums []string
			for _, n := range s.Grid[r] {
				if n != 0 {
					nums = append(nums, fmt.Sprint(n))
				}
			}
			row := strings.Join(nums, " ")
			if !slices.Contains(lines[header+1:min(header+6, len(lines))], row) {
				t.Errorf("card %s: row %d %q not printed below its header", s.Serial, r+1, row)
			}
		}
	}
	if got := strings.Count(text, "CARTE SPÉCIALE VOITURE"); got != specials {
		t.Errorf("%d car banners, want %d", got, specials)
	}
	for p := 1; p <= pages; p++ {
		if !strings.Contains(text, fmt.Sprintf("feuille %d/%d", p, pages)) {
			t.Errorf("footer feuille %d/%d missing", p, pages)
		}
	}
}

// checkPlateFooters asserts that each page of a layout 6 print names its
// plate and the plate's code in its footer, where whoever sorts the sheets
// and the cashier find it.
func checkPlateFooters(t *testing.T, text string, cards []CardSheet) {
	t.Helper()
	pages := strings.Split(text, "--- page break ---")
	plate := 0
	for _, s := range cards {
		if s.Plate == plate {
			continue
		}
		plate = s.Plate
		footer := fmt.Sprintf("— planche n° %d (%s) — feuille", s.Plate, s.PlateCode)
		if !slices.ContainsFunc(pages, func(pg string) bool {
			return strings.Contains(pg, footer) && strings.Contains(pg, s.Serial)
		}) {
			t.Errorf("plate %d: no page holds its card %s with the footer %q", s.Plate, s.Serial, footer)
		}
	}
}

func TestCards_LongTitleIsShortenedBeforeTheSerial(t *testing.T) {
	cards := testSheets(t, 1, 1, "orange", true)
	long := "Grand Mega Loto annuel du Rotary Club de Saint-Brieuc et de toute la baie de Saint-Brieuc, au profit des œuvres sociales du club"
	for i := range cards {
		cards[i].Title = long
	}
	text := pdfText(t, writePDF(t, cards, 6))
	for _, s := range cards {
		i := strings.Index(text, s.Serial)
		if i < 0 {
			t.Fatalf("serial %s not printed", s.Serial)
		}
		header := text[strings.LastIndex(text[:i], "\n")+1 : i]
		if strings.Contains(header, long) || !strings.HasPrefix(header, "Grand Mega Loto") || !strings.Contains(header, "…") {
			t.Errorf("card %s: header %q, want the title cut short with an ellipsis", s.Serial, header)
		}
	}
}
