package print

import (
	"io"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"loto/internal/print/pdftest"
)

// writeCards prints cards with opt to a temporary file and returns its path.
func writeCards(t *testing.T, cards []CardSheet, opt CardOptions) string {
	t.Helper()
	return writeFile(t, "cards.pdf", func(w io.Writer) error { return Cards(w, cards, opt, nil) })
}

// withPlateQR gives each card the QR text of its plate code.
func withPlateQR(cards []CardSheet) []CardSheet {
	for i := range cards {
		cards[i].PlateQR = "LOTO-PLATE:" + cards[i].PlateCode
	}
	return cards
}

// pdfFonts lists the fonts of a PDF as pdffonts prints them: name, type
// and whether each is embedded.
func pdfFonts(t *testing.T, path string) [][]string {
	t.Helper()
	out, err := exec.Command(pdftest.Tool(t, "pdffonts"), path).Output()
	if err != nil {
		t.Fatalf("pdffonts: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 3 {
		t.Fatalf("pdffonts lists no font:\n%s", out)
	}
	var rows [][]string
	for _, l := range lines[2:] { // a header and a rule
		rows = append(rows, strings.Fields(l))
	}
	return rows
}

// A print shop refuses a PDF that leaves it to guess a font: every font of
// the cards, the tickets and the reports is in the file.
func TestPDFs_EmbedEveryFont(t *testing.T) {
	docs := map[string]string{
		"cards":   writeCards(t, withPlateQR(testSheets(t, 1, 1, "yellow", true)), CardOptions{Layout: 6}),
		"tickets": writeTickets(t, testTickets(3)),
		"report":  writeReport(t, dayReport(2)),
	}
	for name, path := range docs {
		rows := pdfFonts(t, path)
		for _, r := range rows {
			// name type encoding emb sub uni object ID
			line := strings.Join(r, " ")
			if !strings.HasPrefix(r[0], "LotoSans") && !strings.HasPrefix(r[0], "LotoMono") {
				t.Errorf("%s: font %s is not one of the embedded fonts", name, line)
			}
			if !strings.Contains(line, "TrueType WinAnsi yes") {
				t.Errorf("%s: font not embedded: %s", name, line)
			}
		}
	}
}

// A plate of 6 carries its plate code's QR code under its cards, which a
// cashier scans once to sell the six.
func TestCards_PlateQRCodeReadsBack(t *testing.T) {
	cards := withPlateQR(testSheets(t, 3, 1, "green", false))
	path := writeCards(t, cards, CardOptions{Layout: 6})
	pages := rasterize(t, path, 150)
	if len(pages) != 1 {
		t.Fatalf("%d pages, want 1", len(pages))
	}
	want, _ := qrModules(cards[0].PlateQR)
	other, _ := qrModules(cards[0].QR)
	m := plateQRSize / float64(len(want)+2*qrQuiet)
	if len(want) > len(other) {
		other = append(other, make([][]bool, len(want)-len(other))...)
		for i := range other {
			other[i] = append(other[i], make([]bool, len(want)-len(other[i]))...)
		}
	}
	diff, diffOther := qrDiff(pages[0], marginX+qrQuiet*m, plateQRY+qrQuiet*m, m, want, other[:len(want)])
	if diff != 0 {
		t.Errorf("plate QR: %d of %d modules read back wrong", diff, len(want)*len(want))
	}
	if diffOther == 0 {
		t.Error("plate QR modules match a card's code")
	}
	// Clear of the last card, and of the page's edge.
	if last := cardTop(6, 5) + cardH; plateQRY < last+1 {
		t.Errorf("plate QR at %.1f mm overlaps the last card (ends at %.1f mm)", plateQRY, last)
	}
	if plateQRY+plateQRSize > pageH-5 {
		t.Errorf("plate QR ends %.1f mm from the page's edge, want 5 at least", pageH-plateQRY-plateQRSize)
	}
	text := pdfText(t, path)
	if !strings.Contains(text, "Planche n° 3 — A-P000003-K7Q") || !strings.Contains(text, "un seul passage à la caisse") {
		t.Errorf("the plate QR's caption is missing:\n%s", text)
	}
	// A partial plate has no plate code, hence no QR code: its page foot is
	// the footer alone.
	part := testSheets(t, 3, 1, "green", false)[:2]
	for i := range part {
		part[i].PlateCode = ""
	}
	if text := pdfText(t, writeCards(t, part, CardOptions{Layout: 6})); strings.Contains(text, "un seul passage") {
		t.Errorf("a partial plate got a plate QR caption:\n%s", text)
	}
}

// pdfBoxes returns the page boxes pdfinfo -box prints for page 1, in
// points: "MediaBox", "TrimBox", "BleedBox"... each as x0 y0 x1 y1.
func pdfBoxes(t *testing.T, path string) map[string][4]float64 {
	t.Helper()
	out, err := exec.Command(pdftest.Tool(t, "pdfinfo"), "-box", path).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	boxes := map[string][4]float64{}
	for _, l := range strings.Split(string(out), "\n") {
		name, rest, ok := strings.Cut(l, ":")
		if !ok || !strings.HasSuffix(name, "Box") {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 4 {
			continue
		}
		var b [4]float64
		for i := range f {
			b[i], _ = strconv.ParseFloat(f[i], 64)
		}
		boxes[name] = b
	}
	return boxes
}

// With bleed and crop marks the sheet is larger than A4: the TrimBox is the
// A4 page where the guillotine cuts, the BleedBox 3 mm beyond, the marks
// lie outside the bleed at the corners and at the cut lines, and the cards
// keep their place on the trim.
func TestCards_BleedAndCropMarks(t *testing.T) {
	const bleed = 3.0
	cards := testSheets(t, 1, 1, "blue", false)[:3]
	path := writeCards(t, cards, CardOptions{Layout: 3, Bleed: bleed, CropMarks: true})
	off := bleed + markGap + markLen
	pt := func(mm float64) float64 { return mm * 72 / 25.4 }
	boxes := pdfBoxes(t, path)
	check := func(name string, want [4]float64) {
		got, ok := boxes[name]
		if !ok {
			t.Errorf("no %s", name)
			return
		}
		for i := range want {
			if d := got[i] - want[i]; d > 0.5 || d < -0.5 {
				t.Errorf("%s %v, want %v (points)", name, got, want)
				return
			}
		}
	}
	check("MediaBox", [4]float64{0, 0, pt(pageW + 2*off), pt(pageH + 2*off)})
	check("TrimBox", [4]float64{pt(off), pt(off), pt(off + pageW), pt(off + pageH)})
	check("BleedBox", [4]float64{pt(off - bleed), pt(off - bleed), pt(off + pageW + bleed), pt(off + pageH + bleed)})

	pages := rasterize(t, path, 100)
	if len(pages) != 1 {
		t.Fatalf("%d pages, want 1", len(pages))
	}
	p := pages[0]
	black := rgb{0, 0, 0}
	// Each mark: a short dark line in the slug, on the trim's edge lines.
	marks := map[string][2]float64{
		"top-left, across":   {markLen / 2, off},
		"top-left, down":     {off, markLen / 2},
		"bottom-right, down": {off + pageW, off + pageH + bleed + markGap + markLen/2},
		"first cut, left":    {markLen / 2, off + slotH},
		"second cut, right":  {off + pageW + bleed + markGap + markLen/2, off + 2*slotH},
	}
	for name, at := range marks {
		if got := p.share(at[0]-0.5, at[1]-0.5, 1, 1, black, 120); got < 0.1 {
			t.Errorf("crop mark %s: no ink at (%.1f, %.1f) mm", name, at[0], at[1])
		}
	}
	// Nothing but the marks in the slug: a corner beyond both marks is white.
	if got := p.share(0, 0, markLen-1, markLen-1, white, 10); got < 0.99 {
		t.Errorf("the slug's corner is %.0f %% white, want all", 100*got)
	}
	// The first card sits on the trim where it would on A4: its tint inside.
	pal, _ := paletteFor("blue")
	top := off + cardTop(3, 0)
	if got := p.share(off+marginX+stampX+2, top+stampY+stampH+0.5, 10, 1, pal.tint, 8); got < 0.8 {
		t.Errorf("card 1's tint below its stamp box covers %.0f %%, want most: the card moved", 100*got)
	}
}

func TestCards_RefusesABleedTooWide(t *testing.T) {
	for _, bleed := range []float64{-1, MaxBleed + 0.5} {
		err := Cards(&strings.Builder{}, testSheets(t, 1, 1, "yellow", false), CardOptions{Layout: 6, Bleed: bleed}, nil)
		if err == nil || !strings.Contains(err.Error(), "fond perdu") {
			t.Errorf("bleed %g: %v, want a refusal naming the bleed (fond perdu)", bleed, err)
		}
	}
}
