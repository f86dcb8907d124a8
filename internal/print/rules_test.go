package print

import (
	"io"
	"strings"
	"testing"

	"loto/examples"
	"loto/internal/eventfile"
	"loto/internal/rulebook"
)

// exampleRulebook is the rulebook of the example day.
func exampleRulebook(t *testing.T) rulebook.Rulebook {
	t.Helper()
	spec, _, err := eventfile.Parse(examples.MegaLoto)
	if err != nil {
		t.Fatal(err)
	}
	return rulebook.Of(spec)
}

// writeRulesPDF prints r to a temporary file and returns its path.
func writeRulesPDF(t *testing.T, r rulebook.Rulebook) string {
	t.Helper()
	return writeFile(t, "reglement.pdf", func(w io.Writer) error { return RulesPDF(w, r) })
}

// flowed is the text of a PDF with its lines joined by spaces and its page
// breaks and footers dropped, so that a paragraph wrapped over several
// lines reads as one.
func flowed(text, title string) string {
	var kept []string
	for _, l := range strings.Split(text, "\n") {
		if l == "--- page break ---" || strings.HasPrefix(l, title+" page ") || strings.HasPrefix(l, strings.TrimSuffix(title, "…")) && strings.Contains(l, " page ") {
			continue
		}
		kept = append(kept, l)
	}
	return strings.Join(strings.Fields(strings.Join(kept, " ")), " ")
}

// TestR34_RulesPDFPrintsEveryRule: the PDF of the rules holds every item of
// the rulebook whole, with its rule ids, every sub-item (the prizes), each
// section's title, and a footer "page i/N" on every page.
func TestR34_RulesPDFPrintsEveryRule(t *testing.T) {
	r := exampleRulebook(t)
	text := pdfText(t, writeRulesPDF(t, r))
	pages := strings.Count(text, "--- page break ---") + 1
	if pages < 2 || pages > 5 {
		t.Errorf("%d pages: the rules of the example day take 2 to 5 A4 pages", pages)
	}
	for i := 1; i <= pages; i++ {
		if !strings.Contains(text, "page "+itoa(i)+"/"+itoa(pages)) {
			t.Errorf("page %d lacks its footer page %d/%d", i, i, pages)
		}
	}
	body := flowed(text, r.Title)
	want := []string{r.Title, r.Subtitle}
	for _, s := range r.Sections {
		want = append(want, s.Title)
		for _, it := range s.Items {
			want = append(want, "– "+it.Text+" ("+strings.Join(it.Rules, ", ")+")")
			for _, sub := range it.Sub {
				want = append(want, "• "+sub)
			}
		}
	}
	for _, w := range want {
		if !strings.Contains(body, strings.Join(strings.Fields(w), " ")) {
			t.Errorf("the PDF lacks %q", w)
		}
	}
	if t.Failed() {
		t.Logf("the PDF's text:\n%s", text)
	}
}

// TestR34_RulesPDFFitsItsMargins: rendered, no page has ink outside the
// text column and its footer, so nothing is cut off by a printer.
func TestR34_RulesPDFFitsItsMargins(t *testing.T) {
	for n, pg := range rasterize(t, writeRulesPDF(t, exampleRulebook(t)), 50) {
		b := pg.img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				in := x >= pg.px(rulesMargin-1) && x <= pg.px(pageW-rulesMargin+1) && y >= pg.px(10) && y <= pg.px(pageH-5)
				if c := pg.img.At(x, y); !in {
					if r, g, bl, _ := c.RGBA(); r < 0xf000 || g < 0xf000 || bl < 0xf000 {
						t.Fatalf("page %d: ink at (%d, %d) px, outside the margins", n+1, x, y)
					}
				}
			}
		}
	}
}

func TestRulesPDF_RefusesAnEmptyRulebook(t *testing.T) {
	if err := RulesPDF(&strings.Builder{}, rulebook.Rulebook{}); err == nil || !strings.Contains(err.Error(), "aucun événement") {
		t.Fatalf("an empty rulebook printed, or its error is not said: %v", err)
	}
}
