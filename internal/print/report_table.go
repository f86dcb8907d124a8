package print

import (
	"slices"
	"strings"
)

// Table geometry in millimetres and points.
const (
	tabFont     = 9.0 // points
	tabMinFont  = 7.0 // a wide table shrinks to this before its columns wrap
	tabLine     = 4.2 // at tabFont
	tabPadX     = 1.8
	tabPadY     = 1.3
	tabMaxLines = 3 // a longer cell is cut short: a row stays readable
	tabMinCol   = 12.0
	secTitleH   = 8.0
	noteFont    = 8.5 // points
	noteLine    = 4.0
	sectionGap  = 7.0
)

// Table colours: a tinted header and faint stripes guide the eye along a
// row of a wide table without the clutter of a full grid.
var (
	tabHeadFill = rgb{221, 228, 237}
	tabZebra    = rgb{244, 246, 249}
	tabRule     = rgb{70, 80, 95}
)

// table is a section ready to draw: text in cp1252, widths fixed.
type table struct {
	title  string
	widths []float64
	align  []string // "LM" or "RM", for CellFormat
	head   [][]string
	headH  float64
	rows   [][]string
	width  float64 // sum of widths
	size   float64 // font size, points
	line   float64 // line height
}

// section draws s at the current position, breaking pages as needed.
func (rp *reportPainter) section(s *Section) {
	t := rp.layoutTable(s)
	pdf := rp.pdf

	// Keep the title with the header and the first row.
	first := t.line + 2*tabPadY
	if len(t.rows) > 0 {
		_, first = rp.cellLines(t.rows[0], t)
	}
	if rp.y+secTitleH+t.headH+first > rp.bottom && rp.y > repRunTop {
		rp.newPage()
	}
	pdf.SetTextColor(0, 0, 0)
	pdf.SetXY(repMargin, rp.y)
	pdf.CellFormat(repTextW, secTitleH-1, rp.fitText(s.Title, "B", 12, repTextW), "", 0, "LM", false, 0, "")
	rp.y += secTitleH
	rp.header(t)

	for i, row := range t.rows {
		lines, h := rp.cellLines(row, t)
		if rp.y+h > rp.bottom {
			rp.tableEnd(t)
			rp.newPage()
			// The header again, under the section's name, so that every
			// page of a long list reads on its own.
			pdf.SetTextColor(90, 90, 90)
			pdf.SetXY(repMargin, rp.y)
			pdf.CellFormat(repTextW, secTitleH-2, rp.fitText(s.Title+" (suite)", "B", 10, repTextW), "", 0, "LM", false, 0, "")
			rp.y += secTitleH - 1
			rp.header(t)
		}
		rp.drawRow(lines, h, t, i%2 == 1, "")
	}
	if len(t.rows) == 0 {
		pdf.SetFont("Helvetica", "I", tabFont)
		pdf.SetTextColor(110, 110, 110)
		pdf.SetXY(repMargin+tabPadX, rp.y+tabPadY)
		pdf.CellFormat(repTextW, tabLine, "Aucune ligne.", "", 0, "LM", false, 0, "")
		rp.y += tabLine + 2*tabPadY
	}
	rp.tableEnd(t)
	rp.notes(s.Notes)
	rp.y += sectionGap
}

// layoutTable translates s to cp1252 and fixes its column widths.
func (rp *reportPainter) layoutTable(s *Section) *table {
	pdf := rp.pdf
	n := len(s.Columns)
	t := &table{title: s.Title, align: make([]string, n), rows: make([][]string, len(s.Rows)), size: tabFont}
	// natural is the width each column wants on one line; word the width
	// of its longest word, below which words would break.
	natural, word := make([]float64, n), make([]float64, n)
	measure := func(c int, text string) {
		for l := range strings.SplitSeq(text, "\n") {
			natural[c] = max(natural[c], pdf.GetStringWidth(l)+2*tabPadX)
		}
		for _, f := range strings.Fields(text) {
			word[c] = max(word[c], pdf.GetStringWidth(f)+2*tabPadX)
		}
	}
	pdf.SetFont("Helvetica", "", tabFont)
	for i, row := range s.Rows {
		t.rows[i] = make([]string, n)
		for c, cell := range row {
			t.rows[i][c] = rp.tr(cell)
			measure(c, t.rows[i][c])
		}
	}
	pdf.SetFont("Helvetica", "B", tabFont)
	head := make([]string, n)
	for c, col := range s.Columns {
		head[c] = rp.tr(col)
		measure(c, head[c])
		natural[c] = max(natural[c], tabMinCol)
		t.align[c] = "LM"
		if len(s.Align) > 0 && s.Align[c] == 'R' {
			t.align[c] = "RM"
		}
	}
	// A table whose words cannot all fit side by side takes a smaller
	// type, as far as stays legible, rather than break words.
	pads, least := float64(n)*2*tabPadX, 0.0
	for _, w := range word {
		least += w
	}
	if least > repTextW {
		scale := max(tabMinFont/tabFont, (repTextW-pads)/(least-pads))
		t.size = tabFont * scale
		for c := range natural {
			natural[c] = max((natural[c]-2*tabPadX)*scale+2*tabPadX, tabMinCol)
		}
	}
	t.line = tabLine * t.size / tabFont
	t.widths = fitWidths(natural, t.align, repTextW)
	for _, w := range t.widths {
		t.width += w
	}
	t.head = make([][]string, n)
	pdf.SetFontSize(t.size)
	lines := 1
	for c := range head {
		t.head[c] = rp.wrapCP(head[c], t.widths[c]-2*tabPadX, tabMaxLines)
		lines = max(lines, len(t.head[c]))
	}
	t.headH = float64(lines)*t.line + 2*tabPadY
	return t
}

// fitWidths returns column widths no wider in all than avail. A table
// narrower than the page is stretched through its text columns to fill it,
// so amounts line up on the right edge; one of figures only keeps its
// natural widths, as a compact block; a wider one has its widest columns
// capped, their text wrapped.
func fitWidths(natural []float64, align []string, avail float64) []float64 {
	widths := slices.Clone(natural)
	sum := 0.0
	for _, w := range natural {
		sum += w
	}
	if sum <= avail {
		stretch := 0.0
		for c, w := range natural {
			if align[c] == "LM" {
				stretch += w
			}
		}
		for c, w := range natural {
			if stretch > 0 && align[c] == "LM" {
				widths[c] += (avail - sum) * w / stretch
			}
		}
		return widths
	}
	// Find the cap c with sum(min(natural, c)) = avail: the narrow columns
	// keep their width and the wide ones share what is left equally.
	sorted := slices.Sorted(slices.Values(natural))
	rest, limit := avail, 0.0
	for k, w := range sorted {
		if left := float64(len(sorted) - k); w*left >= rest {
			limit = rest / left
			break
		}
		rest -= w
	}
	for c := range widths {
		widths[c] = min(widths[c], limit)
	}
	return widths
}

// cellLines wraps the cells of a row and returns them with the row height.
func (rp *reportPainter) cellLines(row []string, t *table) ([][]string, float64) {
	rp.pdf.SetFont("Helvetica", "", t.size)
	lines := make([][]string, len(row))
	most := 1
	for c, cell := range row {
		lines[c] = rp.wrapCP(cell, t.widths[c]-2*tabPadX, tabMaxLines)
		most = max(most, len(lines[c]))
	}
	return lines, float64(most)*t.line + 2*tabPadY
}

// header draws the header row of t.
func (rp *reportPainter) header(t *table) {
	rp.drawRow(t.head, t.headH, t, false, "B")
	pdf := rp.pdf
	setDraw(pdf, tabRule)
	pdf.SetLineWidth(0.4)
	pdf.Line(repMargin, rp.y, repMargin+t.width, rp.y)
}

// drawRow draws one row of wrapped cells, h high; the header row (style
// "B") is tinted, and striped rows are shaded.
func (rp *reportPainter) drawRow(lines [][]string, h float64, t *table, striped bool, style string) {
	pdf := rp.pdf
	switch {
	case style == "B":
		setFill(pdf, tabHeadFill)
		pdf.Rect(repMargin, rp.y, t.width, h, "F")
	case striped:
		setFill(pdf, tabZebra)
		pdf.Rect(repMargin, rp.y, t.width, h, "F")
	}
	pdf.SetFont("Helvetica", style, t.size)
	pdf.SetTextColor(0, 0, 0)
	x := repMargin
	for c, cell := range lines {
		for k, l := range cell {
			pdf.SetXY(x+tabPadX, rp.y+tabPadY+float64(k)*t.line)
			pdf.CellFormat(t.widths[c]-2*tabPadX, t.line, l, "", 0, t.align[c], false, 0, "")
		}
		x += t.widths[c]
	}
	rp.y += h
}

// tableEnd closes the part of a table on the current page with a rule.
func (rp *reportPainter) tableEnd(t *table) {
	pdf := rp.pdf
	pdf.SetDrawColor(160, 160, 160)
	pdf.SetLineWidth(0.2)
	pdf.Line(repMargin, rp.y, repMargin+t.width, rp.y)
}

// notes draws the paragraphs under a table, breaking pages between lines.
func (rp *reportPainter) notes(notes []string) {
	if len(notes) == 0 {
		return
	}
	pdf := rp.pdf
	rp.y += 2
	for _, note := range notes {
		for _, l := range rp.wrap(note, "I", noteFont, repTextW, 1000) {
			if rp.y+noteLine > rp.bottom {
				rp.newPage()
			}
			pdf.SetFont("Helvetica", "I", noteFont)
			pdf.SetTextColor(50, 50, 50)
			pdf.SetXY(repMargin, rp.y)
			pdf.CellFormat(repTextW, noteLine, l, "", 0, "LM", false, 0, "")
			rp.y += noteLine
		}
		rp.y += 1
	}
}
