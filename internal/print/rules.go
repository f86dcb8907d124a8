package print

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"loto/internal/rulebook"
)

// Rules page geometry in millimetres: one column of text in type large
// enough to be read pinned on a wall at the entrance.
const (
	rulesMargin = 18.0
	rulesTextW  = pageW - 2*rulesMargin
	rulesIndent = 5.0 // an item's text, right of its dash
	rulesSubInd = 10.0
	rulesBottom = pageH - 16
	rulesSize   = 10.5
	rulesLine   = 4.9
)

// RulesPDF writes the rules of the day (R34) as an A4 PDF: the title, then
// each section and its rules, the ids of docs/rules.md in grey after each,
// and on every page the event's name and "page i/N".
func RulesPDF(w io.Writer, r rulebook.Rulebook) error {
	if strings.TrimSpace(r.Title) == "" || len(r.Sections) == 0 {
		return fmt.Errorf("règlement vide : aucun événement enregistré")
	}
	pdf := newDoc(r.Title)
	pdf.SetCellMargin(0)
	rp := &rulesPainter{painter: newTextPainter(pdf)}
	pdf.AddPage()
	rp.y = 16
	pdf.SetTextColor(0, 0, 0)
	rp.lines(rp.wrap(r.Title, "B", 17, rulesTextW, 3), rulesMargin, 8)
	pdf.SetTextColor(70, 70, 70)
	rp.lines(rp.wrap(r.Subtitle, "", 11, rulesTextW, 2), rulesMargin, 5.5)
	rp.y += 2
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.4)
	pdf.Line(rulesMargin, rp.y, pageW-rulesMargin, rp.y)
	rp.y += 5
	for _, s := range r.Sections {
		rp.section(s)
	}
	n := pdf.PageCount()
	for i := 1; i <= n; i++ {
		pdf.SetPage(i)
		rp.footer(r.Title, i, n)
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("règlement : erreur PDF : %w", err)
	}
	return output(pdf, w)
}

// rulesPainter lays the rules out top to bottom; y is where the next line goes.
type rulesPainter struct {
	*painter
	y float64
}

// room starts a new page unless h millimetres fit above the bottom margin.
func (rp *rulesPainter) room(h float64) {
	if rp.y+h <= rulesBottom {
		return
	}
	rp.pdf.AddPage()
	rp.y = 16
}

// lines writes lines already in cp1252 at x, each h high, in the current font.
func (rp *rulesPainter) lines(lines []string, x, h float64) {
	for _, l := range lines {
		rp.pdf.SetXY(x, rp.y)
		rp.pdf.CellFormat(pageW-rulesMargin-x, h, l, "", 0, "LM", false, 0, "")
		rp.y += h
	}
}

// section writes a section's title, kept with its first item, then its items.
func (rp *rulesPainter) section(s rulebook.Section) {
	pdf := rp.pdf
	title := rp.wrap(s.Title, "B", 13, rulesTextW, 2)
	first := 0.0
	if len(s.Items) > 0 {
		first = rp.itemHeight(s.Items[0])
	}
	rp.room(float64(len(title))*6.5 + 3 + first)
	rp.y += 2
	pdf.SetFont("Helvetica", "B", 13)
	pdf.SetTextColor(20, 40, 90)
	rp.lines(title, rulesMargin, 6.5)
	rp.y += 1
	for _, it := range s.Items {
		rp.item(it)
	}
	rp.y += 1.5
}

// itemText is an item's paragraph with its rule ids, in cp1252.
func (rp *rulesPainter) itemText(it rulebook.Item) []string {
	text := it.Text
	if len(it.Rules) > 0 {
		text += " (" + strings.Join(it.Rules, ", ") + ")"
	}
	return rp.wrap(text, "", rulesSize, rulesTextW-rulesIndent, 1000)
}

// subText is a sub-item wrapped under its item.
func (rp *rulesPainter) subText(s string) []string {
	return rp.wrap(s, "", rulesSize-0.5, rulesTextW-rulesSubInd-3, 1000)
}

// itemHeight is the height an item takes, its sub-items included.
func (rp *rulesPainter) itemHeight(it rulebook.Item) float64 {
	h := float64(len(rp.itemText(it)))*rulesLine + 1.2
	for _, s := range it.Sub {
		h += float64(len(rp.subText(s))) * (rulesLine - 0.3)
	}
	return h
}

// item writes a rule after a dash, as the rulebook does, the rule ids in
// grey; an item is never split across pages, so a game stays with its prizes.
func (rp *rulesPainter) item(it rulebook.Item) {
	pdf := rp.pdf
	rp.room(rp.itemHeight(it))
	lines := rp.itemText(it)
	ids := ""
	if len(it.Rules) > 0 {
		ids = rp.tr(" (" + strings.Join(it.Rules, ", ") + ")")
	}
	pdf.SetFont("Helvetica", "", rulesSize)
	pdf.SetTextColor(0, 0, 0)
	pdf.SetXY(rulesMargin, rp.y)
	pdf.CellFormat(rulesIndent, rulesLine, rp.tr("–"), "", 0, "LM", false, 0, "")
	for i, l := range lines {
		x := rulesMargin + rulesIndent
		pdf.SetTextColor(0, 0, 0)
		if i == len(lines)-1 && ids != "" && strings.HasSuffix(l, ids) {
			// The ids end the paragraph's last line: write them in grey.
			body := strings.TrimSuffix(l, ids)
			pdf.SetXY(x, rp.y)
			pdf.CellFormat(pdf.GetStringWidth(body), rulesLine, body, "", 0, "LM", false, 0, "")
			pdf.SetTextColor(120, 120, 120)
			pdf.SetXY(x+pdf.GetStringWidth(body), rp.y)
			pdf.CellFormat(pdf.GetStringWidth(ids), rulesLine, ids, "", 0, "LM", false, 0, "")
		} else {
			pdf.SetXY(x, rp.y)
			pdf.CellFormat(rulesTextW-rulesIndent, rulesLine, l, "", 0, "LM", false, 0, "")
		}
		rp.y += rulesLine
	}
	pdf.SetTextColor(0, 0, 0)
	for _, s := range it.Sub {
		sub := rp.subText(s)
		pdf.SetFont("Helvetica", "", rulesSize-0.5)
		pdf.SetXY(rulesMargin+rulesSubInd, rp.y)
		pdf.CellFormat(3, rulesLine-0.3, rp.tr("•"), "", 0, "LM", false, 0, "")
		for _, l := range sub {
			pdf.SetXY(rulesMargin+rulesSubInd+3, rp.y)
			pdf.CellFormat(rulesTextW-rulesSubInd-3, rulesLine-0.3, l, "", 0, "LM", false, 0, "")
			rp.y += rulesLine - 0.3
		}
	}
	rp.y += 1.2
}

// footer writes the title and "page i/N" at the foot of page i, so that a
// loose sheet says which rules it belongs to.
func (rp *rulesPainter) footer(title string, i, n int) {
	pdf := rp.pdf
	y := pageH - 11
	pdf.SetDrawColor(180, 180, 180)
	pdf.SetLineWidth(0.2)
	pdf.Line(rulesMargin, y-1.5, pageW-rulesMargin, y-1.5)
	pdf.SetTextColor(90, 90, 90)
	pageNo := "page " + strconv.Itoa(i) + "/" + strconv.Itoa(n)
	pdf.SetFont("Helvetica", "", 8)
	room := rulesTextW - pdf.GetStringWidth(pageNo) - 4
	pdf.SetXY(rulesMargin, y)
	pdf.CellFormat(room, 4, rp.fitText(title, "", 8, room), "", 0, "LM", false, 0, "")
	pdf.SetFont("Helvetica", "", 8)
	pdf.SetXY(rulesMargin, y)
	pdf.CellFormat(rulesTextW, 4, pageNo, "", 0, "RM", false, 0, "")
}
