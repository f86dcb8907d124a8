package print

import (
	"fmt"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"loto/internal/print/pdftest"
)

// word is a word of a rendered page and its box, in millimetres from the
// page's top-left corner.
type word struct {
	page           int
	x0, y0, x1, y1 float64
	text           string
}

var wordRE = regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>`)

// pdfWords returns every word of the PDF with its box, from pdftotext -bbox.
func pdfWords(t *testing.T, pdfPath string) []word {
	t.Helper()
	out := pdftest.Text(t, pdfPath, "-bbox")
	const mm = 25.4 / 72 // pdftotext measures in points
	var words []word
	for i, pg := range strings.Split(out, "<page ")[1:] {
		for _, m := range wordRE.FindAllStringSubmatch(pg, -1) {
			w := word{page: i + 1, text: html.UnescapeString(m[5])}
			for j, f := range []*float64{&w.x0, &w.y0, &w.x1, &w.y1} {
				v, _ := strconv.ParseFloat(m[j+1], 64)
				*f = v * mm
			}
			words = append(words, w)
		}
	}
	return words
}

// TestCards_HeaderPartsKeepApart: the header holds the title, the car banner
// (R30), the plate number, the plate code and the serial; none may run into
// another or off the card, even with a long series code and plate number,
// so that the cashier reads the plate code whole.
func TestCards_HeaderPartsKeepApart(t *testing.T) {
	long := testSheets(t, 1, 1, "orange", true)
	for i := range long {
		long[i].Serial = fmt.Sprintf("ZZZ-%06d-X%d", 999990+i, i)
		long[i].Plate = 166665
		long[i].PlateCode = "ZZZ-P166665-XYZ"
		long[i].Title = "Grand Mega Loto annuel du Rotary Club de Saint-Brieuc"
	}
	tests := []struct {
		name  string
		cards []CardSheet
	}{
		{"ordinary cards", testSheets(t, 1, 1, "yellow", false)},
		{"car card", testSheets(t, 2, 1, "red", true)},
		{"long series code and plate number", long},
	}
	banner := []string{"CARTE", "SPÉCIALE", "VOITURE"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			words := pdfWords(t, writePDF(t, tt.cards, 6))
			for i, s := range tt.cards {
				top := cardTop(6, i)
				var band []word
				for _, w := range words {
					if w.page == 1 && (w.y0+w.y1)/2 > top && (w.y0+w.y1)/2 < top+bandH {
						band = append(band, w)
					}
				}
				slices.SortFunc(band, func(a, b word) int { return int((a.x0 - b.x0) * 1000) })
				var texts []string
				for _, w := range band {
					texts = append(texts, w.text)
				}
				if len(band) < 3 || band[len(band)-1].text != s.Serial || band[len(band)-2].text != s.PlateCode {
					t.Errorf("card %s: header words %q, want ... %s %s", s.Serial, texts, s.PlateCode, s.Serial)
					continue
				}
				for j, w := range band {
					if w.x0 < marginX+pad-0.5 || w.x1 > marginX+cardW-pad+0.5 {
						t.Errorf("card %s: %q spans %.1f-%.1f mm, off the card's header", s.Serial, w.text, w.x0, w.x1)
					}
					if j > 0 && band[j-1].x1 > w.x0+0.1 {
						t.Errorf("card %s: %q runs into %q", s.Serial, band[j-1].text, w.text)
					}
					inBanner := w.x1 > marginX+bannerX && w.x0 < marginX+bannerX+bannerW
					if s.Special && inBanner != slices.Contains(banner, w.text) {
						t.Errorf("card %s: %q at %.1f-%.1f mm, banner at %.1f-%.1f mm", s.Serial, w.text, w.x0, w.x1, marginX+bannerX, marginX+bannerX+bannerW)
					}
				}
			}
		})
	}
}
