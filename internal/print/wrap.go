package print

import (
	"bytes"
	"strings"

	"github.com/go-pdf/fpdf"
)

const ellipsis = "\x85" // "…" in cp1252

// cp1252Fold replaces characters the core fonts lack by their look-alikes
// before translation, which would print them as '.': French number
// formatting groups thousands with a narrow no-break space, and "1.245,00"
// would read as a different amount.
var cp1252Fold = strings.NewReplacer(
	"\u202f", "\u00a0", // narrow no-break space
	"\u2009", " ", // thin space
	"\u2212", "-", // minus sign
	"\u2010", "-", "\u2011", "-", // hyphens
)

// newTextPainter returns a painter whose translation folds look-alikes
// first, for text typed by people: names, venues, amounts.
func newTextPainter(pdf *fpdf.Fpdf) *painter {
	p := newPainter(pdf)
	base := p.tr
	p.tr = func(s string) string { return base(cp1252Fold.Replace(s)) }
	return p
}

// fitMono sets Courier bold no larger than size in which text fits w: a code
// read out at the door must never be cut short.
func (p *painter) fitMono(text string, size, w float64) {
	pdf := p.pdf
	pdf.SetFont("Courier", "B", size)
	if tw := pdf.GetStringWidth(p.tr(text)); tw > w {
		pdf.SetFontSize(size * w / tw)
	}
}

// wrap sets Helvetica in style and size and returns text in cp1252 broken
// into lines no wider than w, at most maxLines of them, the last cut short
// with an ellipsis if text does not fit.
func (p *painter) wrap(text, style string, size, w float64, maxLines int) []string {
	p.pdf.SetFont("Helvetica", style, size)
	return p.wrapCP(p.tr(text), w, maxLines)
}

// wrapCP is wrap for text already in cp1252, in the current font. Lines
// break at spaces and at explicit newlines, and inside a word only when the
// word alone is wider than w.
func (p *painter) wrapCP(text string, w float64, maxLines int) []string {
	pdf := p.pdf
	var lines []string
	for _, l := range pdf.SplitLines([]byte(text), w) {
		lines = append(lines, string(bytes.TrimRight(l, " ")))
	}
	if len(lines) <= maxLines {
		return lines
	}
	lines = lines[:maxLines]
	lines[maxLines-1] = strings.TrimRight(p.shorten(lines[maxLines-1], w), " ") + ellipsis
	return lines
}

// shorten drops characters from the end of text, in cp1252 and the current
// font, until it fits w followed by an ellipsis.
func (p *painter) shorten(text string, w float64) string {
	for len(text) > 0 && p.pdf.GetStringWidth(text+ellipsis) > w {
		text = text[:len(text)-1] // cp1252 is one byte per character
	}
	return text
}
