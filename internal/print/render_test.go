package print

import (
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"loto/internal/print/pdftest"
)

// writePDF prints cards with layout to a temporary file and returns its path.
func writePDF(t *testing.T, cards []CardSheet, layout int) string {
	t.Helper()
	return writeCards(t, cards, CardOptions{Layout: layout})
}

// page is one rendered page and its resolution.
type page struct {
	img image.Image
	dpi float64
}

// rasterize renders every page of the PDF at dpi with pdftoppm.
func rasterize(t *testing.T, pdfPath string, dpi int) []page {
	t.Helper()
	tool := pdftest.Tool(t, "pdftoppm")
	prefix := filepath.Join(t.TempDir(), "page")
	out, err := exec.Command(tool, "-png", "-r", strconv.Itoa(dpi), pdfPath, prefix).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	files, _ := filepath.Glob(prefix + "-*.png") // names sort in page order: zero-padded
	var pages []page
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		pages = append(pages, page{img, float64(dpi)})
	}
	return pages
}

// px converts millimetres to pixels on p.
func (p page) px(mm float64) int { return int(mm*p.dpi/25.4 + 0.5) }

// at returns the colour of the pixel at (x, y) millimetres.
func (p page) at(x, y float64) rgb {
	r, g, b, _ := p.img.At(p.px(x), p.px(y)).RGBA()
	return rgb{int(r >> 8), int(g >> 8), int(b >> 8)}
}

// near reports whether a and b differ by at most tol on each channel.
func near(a, b rgb, tol int) bool {
	d := func(x, y int) bool { return x-y <= tol && y-x <= tol }
	return d(a.r, b.r) && d(a.g, b.g) && d(a.b, b.b)
}

// share returns the fraction of the pixels of the rectangle (mm) near c.
func (p page) share(x, y, w, h float64, c rgb, tol int) float64 {
	hits, all := 0, 0
	for py := p.px(y); py < p.px(y+h); py++ {
		for px := p.px(x); px < p.px(x+w); px++ {
			r, g, b, _ := p.img.At(px, py).RGBA()
			all++
			if near(rgb{int(r >> 8), int(g >> 8), int(b >> 8)}, c, tol) {
				hits++
			}
		}
	}
	if all == 0 {
		return 0
	}
	return float64(hits) / float64(all)
}

// cardsDown counts the cards on a page: runs of inked pixels at least 20 mm
// tall down a line just inside the cards' left edge. Cut lines and text are
// far shorter.
func (p page) cardsDown() int {
	x := p.px(marginX + 1.5)
	count, run := 0, 0
	for y := range p.img.Bounds().Dy() + 1 {
		inked := false
		if y < p.img.Bounds().Dy() {
			r, g, b, _ := p.img.At(x, y).RGBA()
			inked = r>>8 < 240 || g>>8 < 240 || b>>8 < 240
		}
		if inked {
			run++
			continue
		}
		if run >= p.px(20) {
			count++
		}
		run = 0
	}
	return count
}

func TestCards_PagesHoldOnePlateEach(t *testing.T) {
	plate1, plate2 := testSheets(t, 1, 1, "green", false), testSheets(t, 2, 1, "green", false)
	tests := []struct {
		name   string
		cards  []CardSheet
		layout int
		want   []int // cards on each page
	}{
		{"layout 6, two plates", slices.Concat(plate1, plate2), 6, []int{6, 6}},
		{"layout 6, a partial plate ends its page", slices.Concat(plate1[:2], plate2), 6, []int{2, 6}},
		{"layout 3, half plates", slices.Concat(plate1, plate2), 3, []int{3, 3, 3, 3}},
		{"layout 3, a new plate starts a page", slices.Concat(plate1[:4], plate2[:1]), 3, []int{3, 1, 1}},
		{"layout 1, one card per page", plate1[:3], 1, []int{1, 1, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pages := rasterize(t, writePDF(t, tt.cards, tt.layout), 50)
			if len(pages) != len(tt.want) {
				t.Fatalf("%d pages, want %d", len(pages), len(tt.want))
			}
			for i, p := range pages {
				b := p.img.Bounds()
				if ratio := float64(b.Dy()) / float64(b.Dx()); ratio < 1.40 || ratio > 1.43 {
					t.Errorf("page %d is %dx%d px, not A4 portrait (ratio %.3f, want 1.414)", i+1, b.Dx(), b.Dy(), ratio)
				}
				if got := p.cardsDown(); got != tt.want[i] {
					t.Errorf("page %d holds %d cards, want %d", i+1, got, tt.want[i])
				}
			}
		})
	}
}

func TestCards_BackgroundIsTheSeriesTint(t *testing.T) {
	colors := []string{"yellow", "blue", "pink", "vert"}
	for _, color := range colors {
		t.Run(color, func(t *testing.T) {
			pages := rasterize(t, writePDF(t, testSheets(t, 1, 1, color, false), 6), 50)
			if len(pages) != 1 {
				t.Fatalf("%d pages, want 1", len(pages))
			}
			for _, other := range colors {
				pal, _ := paletteFor(other)
				got := pages[0].share(0, 0, pageW, pageH, pal.tint, 6)
				// Background shows around the grid, the code and the stamp box:
				// about 1.6 % of the page per card, 10 % for six.
				if other == color && got < 0.06 {
					t.Errorf("tint of %s covers %.1f %% of the page, want at least 6 %%", other, 100*got)
				}
				if other != color && got > 0.01 {
					t.Errorf("tint of %s covers %.1f %% of a %s page", other, 100*got, color)
				}
			}
		})
	}
}

func TestR30_SpecialCardShowsCarBanner(t *testing.T) {
	cards := testSheets(t, 1, 1, "red", true) // card 6 is special
	pages := rasterize(t, writePDF(t, cards, 6), 50)
	if len(pages) != 1 {
		t.Fatalf("%d pages, want 1", len(pages))
	}
	for i, s := range cards {
		top := cardTop(6, i)
		got := pages[0].share(marginX+bannerX+1, top+1.5, bannerW-2, bandH-3, carRed, 20)
		// The banner is red under white letters; elsewhere the band is pale.
		if s.Special && got < 0.5 {
			t.Errorf("special card %s: banner red on %.0f %% of its area, want over 50 %%", s.Serial, 100*got)
		}
		if !s.Special && got > 0.02 {
			t.Errorf("ordinary card %s: banner red on %.0f %% of the banner area", s.Serial, 100*got)
		}
	}
}

func TestCards_QRCodeModulesReadBack(t *testing.T) {
	cards := testSheets(t, 1, 1, "blue", false)
	pages := rasterize(t, writePDF(t, cards, 6), 150)
	p := pages[0]
	for i, s := range cards {
		m := wantQR(t, p, "card "+s.Serial, s.QR, cards[(i+1)%len(cards)].QR, marginX+qrX, cardTop(6, i)+qrY, qrSize)
		// The quiet zone must be white for a scanner to find the code.
		if q := p.share(marginX+qrX, cardTop(6, i)+qrY, qrSize, m, white, 30); q < 0.9 {
			t.Errorf("card %s: quiet zone above the code only %.0f %% white", s.Serial, 100*q)
		}
	}
}

// wantQR fails unless the QR code of text, size wide with its quiet zone
// from (x, y), reads back from p as the modules of text, and not as those
// of next, another code's text; what names it in a failure. It returns the
// width of a module.
func wantQR(t *testing.T, p page, what, text, next string, x, y, size float64) (module float64) {
	t.Helper()
	want, err := qrModules(text)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := qrModules(next)
	n := len(want)
	m := size / float64(n+2*qrQuiet)
	diff, diffOther := qrDiff(p, x+qrQuiet*m, y+qrQuiet*m, m, want, other)
	if diff != 0 {
		t.Errorf("%s: %d of %d QR modules read back wrong", what, diff, n*n)
	}
	if diffOther == 0 {
		t.Errorf("%s: QR modules also match the next code", what)
	}
	return m
}

// qrDiff reads back the QR code whose first module's corner is at (x0, y0),
// modules m wide, and counts the modules that differ from want and from
// other: a code read right differs from its own modules nowhere, and from
// another code's somewhere.
func qrDiff(p page, x0, y0, m float64, want, other [][]bool) (diff, diffOther int) {
	for r := range want {
		for c := range want[r] {
			px := p.at(x0+(float64(c)+0.5)*m, y0+(float64(r)+0.5)*m)
			dark := px.r+px.g+px.b < 3*128
			if dark != want[r][c] {
				diff++
			}
			if dark != other[r][c] {
				diffOther++
			}
		}
	}
	return diff, diffOther
}
