package print

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Report is a titled list of tables, knowing nothing of the day: the caller
// fills it from the state and formats every amount.
type Report struct {
	Title    string    // e.g. "Rapport de la journée — Mega Loto"
	Subtitle string    // e.g. the date and the venue; may be empty
	Sections []Section // printed in order
	Footer   string    // printed on every page, e.g. the journal's head hash
}

// Section is one table of a report, with notes printed under it.
type Section struct {
	Title   string     // printed above the table
	Columns []string   // header row
	Rows    [][]string // each as long as Columns
	Align   []byte     // 'L' or 'R' per column; empty aligns all left
	Notes   []string   // paragraphs under the table
}

// Report page geometry in millimetres.
const (
	repMargin   = 15.0
	repTextW    = pageW - 2*repMargin
	repTop      = 15.0 // first page: the title starts here
	repRunTop   = 20.0 // other pages: content starts under the running head
	repFootLine = 3.6  // line height of the footer
	repFootMax  = 3    // footer lines at most; a hash must not be cut, so it wraps
)

// checkReport refuses a report that would print or export wrong.
func checkReport(r *Report) error {
	if strings.TrimSpace(r.Title) == "" {
		return fmt.Errorf("rapport sans titre")
	}
	for i := range r.Sections {
		s := &r.Sections[i]
		name := fmt.Sprintf("section n° %d", i+1)
		if strings.TrimSpace(s.Title) == "" {
			return fmt.Errorf("rapport %q, %s : titre vide", r.Title, name)
		}
		name = fmt.Sprintf("section %q", s.Title)
		if len(s.Columns) == 0 {
			return fmt.Errorf("%s : aucune colonne", name)
		}
		if len(s.Align) != 0 && len(s.Align) != len(s.Columns) {
			return fmt.Errorf("%s : %d alignements pour %d colonnes", name, len(s.Align), len(s.Columns))
		}
		for j, a := range s.Align {
			if a != 'L' && a != 'R' {
				return fmt.Errorf("%s, colonne %q : alignement %q inconnu (L ou R)", name, s.Columns[j], a)
			}
		}
		for j, row := range s.Rows {
			if len(row) != len(s.Columns) {
				return fmt.Errorf("%s, ligne %d : %d cellules pour %d colonnes", name, j+1, len(row), len(s.Columns))
			}
		}
	}
	return nil
}

// ReportPDF writes r as an A4 PDF: tables whose header row is repeated after
// each page break, and on every page the footer and "page i/N".
func ReportPDF(w io.Writer, r Report) error {
	if err := checkReport(&r); err != nil {
		return err
	}
	pdf := newDoc(r.Title)
	pdf.SetMargins(repMargin, repTop, repMargin)
	pdf.SetCellMargin(0)
	rp := &reportPainter{painter: newTextPainter(pdf), title: r.Title}
	rp.footer = rp.wrap(r.Footer, "", 8, repTextW-rp.pageNoW(), repFootMax)
	rp.bottom = pageH - 8 - float64(max(len(rp.footer), 1))*repFootLine - 4

	rp.firstPage(r.Title, r.Subtitle)
	for i := range r.Sections {
		rp.section(&r.Sections[i])
	}
	// Footers go on last, once the number of pages is known, so that
	// "page i/N" can be right-aligned on the margin.
	n := pdf.PageCount()
	for i := 1; i <= n; i++ {
		pdf.SetPage(i)
		rp.drawFooter(i, n)
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("rapport %q : erreur PDF : %w", r.Title, err)
	}
	return output(pdf, w)
}

// reportPainter draws a report page by page; y is where the next thing goes.
type reportPainter struct {
	*painter
	title  string
	footer []string // in cp1252, wrapped
	bottom float64  // content must end above this
	y      float64
}

// firstPage starts the document with the title and subtitle.
func (rp *reportPainter) firstPage(title, subtitle string) {
	pdf := rp.pdf
	pdf.AddPage()
	pdf.SetTextColor(0, 0, 0)
	lines := rp.wrap(title, "B", 16, repTextW, 2)
	rp.y = repTop
	for _, l := range lines {
		pdf.SetXY(repMargin, rp.y)
		pdf.CellFormat(repTextW, 7.5, l, "", 0, "LM", false, 0, "")
		rp.y += 7.5
	}
	if subtitle != "" {
		pdf.SetTextColor(80, 80, 80)
		for _, l := range rp.wrap(subtitle, "", 10, repTextW, 2) {
			pdf.SetXY(repMargin, rp.y+0.5)
			pdf.CellFormat(repTextW, 5, l, "", 0, "LM", false, 0, "")
			rp.y += 5
		}
	}
	rp.y += 2
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.4)
	pdf.Line(repMargin, rp.y, pageW-repMargin, rp.y)
	rp.y += 6
}

// newPage starts a continuation page under a running head with the title,
// so that a loose sheet still says which report it belongs to.
func (rp *reportPainter) newPage() {
	pdf := rp.pdf
	pdf.AddPage()
	title := rp.fitText(rp.title, "", 8, repTextW)
	pdf.SetTextColor(110, 110, 110)
	pdf.SetXY(repMargin, 9)
	pdf.CellFormat(repTextW, 4, title, "", 0, "LM", false, 0, "")
	pdf.SetDrawColor(180, 180, 180)
	pdf.SetLineWidth(0.2)
	pdf.Line(repMargin, 14, pageW-repMargin, 14)
	rp.y = repRunTop
}

// pageNoW is the room kept right of the footer text for "page i/N".
func (rp *reportPainter) pageNoW() float64 {
	rp.pdf.SetFont("Helvetica", "", 8)
	return rp.pdf.GetStringWidth("page 999/999") + 4
}

// drawFooter writes the footer of page i of n.
func (rp *reportPainter) drawFooter(i, n int) {
	pdf := rp.pdf
	top := pageH - 8 - float64(max(len(rp.footer), 1))*repFootLine
	pdf.SetDrawColor(180, 180, 180)
	pdf.SetLineWidth(0.2)
	pdf.Line(repMargin, top-1.5, pageW-repMargin, top-1.5)
	pdf.SetFont("Helvetica", "", 8)
	pdf.SetTextColor(90, 90, 90)
	for k, l := range rp.footer {
		pdf.SetXY(repMargin, top+float64(k)*repFootLine)
		pdf.CellFormat(repTextW, repFootLine, l, "", 0, "LM", false, 0, "")
	}
	pdf.SetXY(repMargin, top)
	pdf.CellFormat(repTextW, repFootLine, "page "+strconv.Itoa(i)+"/"+strconv.Itoa(n), "", 0, "RM", false, 0, "")
}
