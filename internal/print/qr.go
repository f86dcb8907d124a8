package print

import (
	"fmt"

	"github.com/go-pdf/fpdf"
	"github.com/skip2/go-qrcode"
)

// qrQuiet is the light margin around the code, in modules. The standard asks
// for 4; 2 on a white square inside a light card scans reliably and saves room.
const qrQuiet = 2

// qrModules returns the modules of the QR code of text, without quiet zone,
// as rows of dark (true) and light cells.
//
// Medium recovery (15 %) survives a dab of ink or a crease on a card that is
// handled all day; the serials are short, so the code stays at version 1 or 2.
func qrModules(text string) ([][]bool, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, fmt.Errorf("code QR impossible pour %q : %v", text, err)
	}
	q.DisableBorder = true
	return q.Bitmap(), nil
}

// drawQR draws the modules as filled rectangles inside a white square of side
// size at (x, y). Vectors instead of an embedded image avoid a PNG encode and
// an image object per card, which is what makes a 6,000-card run fast, and
// they stay sharp at any printer resolution.
func drawQR(pdf *fpdf.Fpdf, modules [][]bool, x, y, size float64) {
	n := len(modules)
	m := size / float64(n+2*qrQuiet)
	pdf.SetFillColor(255, 255, 255)
	pdf.Rect(x, y, size, size, "F")
	pdf.SetFillColor(0, 0, 0)
	ox, oy := x+qrQuiet*m, y+qrQuiet*m
	for r, row := range modules {
		// One rectangle per horizontal run of dark modules: fewer operators,
		// and no hairline seams between neighbours in some viewers.
		for c := 0; c < n; {
			if !row[c] {
				c++
				continue
			}
			start := c
			for c < n && row[c] {
				c++
			}
			pdf.Rect(ox+float64(start)*m, oy+float64(r)*m, float64(c-start)*m, m, "F")
		}
	}
}

// qrResult is the QR code of one card, or why it could not be made.
type qrResult struct {
	modules [][]bool
	err     error
}

// qrAhead encodes the QR codes of cards, in order, on its own goroutine:
// choosing the mask is half the cost of a large print run, and on a second
// core it overlaps the drawing. Closing stop ends it early.
func qrAhead(cards []CardSheet, stop <-chan struct{}) <-chan qrResult {
	out := make(chan qrResult, 64)
	go func() {
		defer close(out)
		for i := range cards {
			m, err := qrModules(cards[i].QR)
			select {
			case out <- qrResult{m, err}:
			case <-stop:
				return
			}
		}
	}()
	return out
}
