package print

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/go-pdf/fpdf"
)

// TicketSheet is what printing needs of one reservation ticket; the caller
// makes the code and its QR text.
type TicketSheet struct {
	Code    string // ticket code with its check code, e.g. "R-00042-7KQ"
	QR      string // text of the QR code, e.g. "LOTO-TICKET:R-00042-7KQ"
	Name    string // holder
	Contact string // phone or e-mail, may be empty
	Event   string // event title, e.g. "Mega Loto Rotary Saint-Brieuc"
	When    string // e.g. "dimanche 6 décembre 2026, ouverture des portes 8h00"
	Venue   string // e.g. "Salle Hermione, Saint-Brieuc"
	Rules   string // where the rules are published (R34), e.g. "/reglement"; empty prints no line
	// A full address (http:// or https://, the event's public_url) is
	// printed whole and drawn as a second, smaller QR code for a phone.
}

// fullAddress reports whether the rules' address is one a phone can open.
func (t *TicketSheet) fullAddress() bool {
	return strings.HasPrefix(t.Rules, "https://") || strings.HasPrefix(t.Rules, "http://")
}

// ticketNotice is what the holder must know (R2, R4, R5): the ticket opens
// the door, is worth one free card, and is crossed out when used.
const ticketNotice = "Billet de réservation — donne droit à une carte de jeu gratuite, à présenter à l'entrée (il sera barré)"

// ticketRules leads the address of the rules on a ticket (R34);
// ticketRulesQR the full address, above it, beside its QR code.
const (
	ticketRules   = "Règlement du jeu : "
	ticketRulesQR = "Règlement du jeu (code QR ci-contre) :"
)

// Ticket geometry in millimetres. Eight tickets of A7 size tile an A4 page in
// two columns of four, so a guillotine cuts a sheet in three strokes.
const (
	ticketCols, ticketRows = 2, 4
	ticketsPerPage         = ticketCols * ticketRows
	ticketSlotW            = pageW / ticketCols
	ticketSlotH            = pageH / ticketRows
	ticketInset            = 5.0 // from the cut lines: a crooked cut spares the frame
	ticketW                = ticketSlotW - 2*ticketInset
	ticketH                = ticketSlotH - 2*ticketInset
	ticketBandH            = 9.0
	ticketQR               = 34.0
	ticketPad              = 3.0
	ticketTextW            = ticketW - 3*ticketPad - ticketQR // the column left of the QR code
	// The rules' QR code, in the bottom right corner, below the ticket's;
	// it is smaller, so the door's scanner does not take one for the other.
	ticketRulesQRSize = 15.0
	ticketFootW       = ticketW - 2*ticketPad - ticketRulesQRSize - 2 // the small print left of it
)

// Ticket colours: neutral, so a ticket is never mistaken for a game card of
// a series colour.
var (
	ticketBand   = rgb{214, 226, 240}
	ticketBorder = rgb{50, 80, 120}
)

// ticketOrigin returns the top-left corner of the frame of the ticket at
// index i (0-based) on its page; tickets fill a page row by row.
func ticketOrigin(i int) (x, y float64) {
	return float64(i%ticketCols)*ticketSlotW + ticketInset, float64(i/ticketCols)*ticketSlotH + ticketInset
}

// Tickets writes a PDF of A4 pages holding eight reservation tickets each,
// with cut lines, and calls progress, if not nil, as tickets are drawn.
func Tickets(w io.Writer, tickets []TicketSheet, progress func(done, total int)) error {
	if len(tickets) == 0 {
		return errors.New("aucun billet à imprimer")
	}
	if err := checkTickets(tickets); err != nil {
		return err
	}
	if progress == nil {
		progress = func(int, int) {}
	}

	pdf := newDoc("Billets de réservation — " + tickets[0].Event)
	pdf.SetCellMargin(0)
	p := newTextPainter(pdf)
	notice := p.wrap(ticketNotice, "", 7.5, ticketW-2*ticketPad, 2)
	narrow := p.wrap(ticketNotice, "", 7.5, ticketFootW, 2) // beside the rules' QR code
	// Every ticket of a run points to the same rules: one QR code for all.
	var rulesQR [][]bool
	rulesFor := ""

	for i := range tickets {
		t := &tickets[i]
		if i%ticketsPerPage == 0 {
			pdf.AddPage()
			ticketCutLines(pdf)
		}
		qr, err := qrModules(t.QR)
		if err != nil {
			return fmt.Errorf("billet %s : %w", t.Code, err)
		}
		x, y := ticketOrigin(i % ticketsPerPage)
		if !t.fullAddress() {
			p.ticket(t, qr, notice, x, y)
		} else {
			if rulesFor != t.Rules {
				if rulesQR, err = qrModules(t.Rules); err != nil {
					return fmt.Errorf("billet %s : %w", t.Code, err)
				}
				rulesFor = t.Rules
			}
			p.ticket(t, qr, narrow, x, y)
			p.ticketRules(t.Rules, rulesQR, len(narrow), x, y)
		}
		if err := pdf.Error(); err != nil {
			return fmt.Errorf("billet %s : erreur PDF : %w", t.Code, err)
		}
		progress(i+1, len(tickets))
	}
	return output(pdf, w)
}

// checkTickets refuses a ticket that would print useless, before any page
// is drawn: without its code or name the door cannot check it by hand.
func checkTickets(tickets []TicketSheet) error {
	for i := range tickets {
		t := &tickets[i]
		if strings.TrimSpace(t.Code) == "" {
			return fmt.Errorf("billet n° %d de la liste : code du billet vide", i+1)
		}
		if t.QR == "" {
			return fmt.Errorf("billet %s : texte du code QR vide", t.Code)
		}
		if strings.TrimSpace(t.Name) == "" {
			return fmt.Errorf("billet %s : nom du titulaire vide", t.Code)
		}
	}
	return nil
}

// ticket draws one ticket with the top-left corner of its frame at (x, y).
func (p *painter) ticket(t *TicketSheet, qr [][]bool, notice []string, x, y float64) {
	pdf := p.pdf
	pdf.SetFillColor(255, 255, 255)
	setDraw(pdf, ticketBorder)
	pdf.SetLineWidth(0.5)
	pdf.RoundedRect(x, y, ticketW, ticketH, 2.5, "1234", "DF")

	// Band: the event, as on the game cards.
	setFill(pdf, ticketBand)
	pdf.RoundedRect(x, y, ticketW, ticketBandH, 2.5, "12", "F")
	pdf.SetLineWidth(0.3)
	pdf.Line(x, y+ticketBandH, x+ticketW, y+ticketBandH)
	pdf.SetTextColor(20, 20, 20)
	title := p.fitText(t.Event, "B", 11, ticketW-2*ticketPad)
	pdf.SetXY(x+ticketPad, y)
	pdf.CellFormat(ticketW-2*ticketPad, ticketBandH, title, "", 0, "LM", false, 0, "")

	top := y + ticketBandH + 2
	drawQR(pdf, qr, x+ticketW-ticketPad-ticketQR, top, ticketQR)

	// The column left of the code: when and where, then who, then the code
	// in type large enough to be typed in by hand if the QR code is damaged.
	tx := x + ticketPad
	pdf.SetTextColor(40, 40, 40)
	ty := top + 0.5
	when := p.wrap(t.When, "", 8.5, ticketTextW, 2)
	lines := append(when, p.wrap(t.Venue, "", 8.5, ticketTextW, 3-len(when))...)
	for _, line := range lines {
		pdf.SetXY(tx, ty)
		pdf.CellFormat(ticketTextW, 3.8, line, "", 0, "LM", false, 0, "")
		ty += 3.8
	}

	ty = top + 13
	pdf.SetFont("Helvetica", "", 7)
	pdf.SetTextColor(110, 110, 110)
	pdf.SetXY(tx, ty)
	pdf.CellFormat(ticketTextW, 3, "Titulaire", "", 0, "LM", false, 0, "")
	pdf.SetTextColor(0, 0, 0)
	name := p.fitText(t.Name, "B", 12, ticketTextW)
	pdf.SetXY(tx, ty+3)
	pdf.CellFormat(ticketTextW, 5.5, name, "", 0, "LM", false, 0, "")
	if t.Contact != "" {
		contact := p.fitText(t.Contact, "", 8.5, ticketTextW)
		pdf.SetTextColor(40, 40, 40)
		pdf.SetXY(tx, ty+8.5)
		pdf.CellFormat(ticketTextW, 3.8, contact, "", 0, "LM", false, 0, "")
	}

	// The code sits on the line of the QR code's lower edge.
	pdf.SetTextColor(0, 0, 0)
	p.fitMono(t.Code, 20, ticketTextW)
	pdf.SetXY(tx, top+ticketQR-8)
	pdf.CellFormat(ticketTextW, 8, p.tr(t.Code), "", 0, "LB", false, 0, "")

	// The notice reads as the ticket's small print, under a rule, with
	// where the rules of the day are published just above it (R34).
	ny := y + ticketH - ticketPad - float64(len(notice))*3.3
	width := ticketW - 2*ticketPad
	if t.fullAddress() {
		width = ticketFootW
	} else if t.Rules != "" {
		rules := p.fitText(ticketRules+t.Rules, "", 7.5, ticketW-2*ticketPad)
		pdf.SetTextColor(40, 40, 40)
		pdf.SetXY(tx, ny-6)
		pdf.CellFormat(ticketW-2*ticketPad, 3.3, rules, "", 0, "LM", false, 0, "")
	}
	setDraw(pdf, ticketBand)
	pdf.SetLineWidth(0.4)
	pdf.Line(tx, ny-1.5, tx+width, ny-1.5)
	pdf.SetFont("Helvetica", "", 7.5)
	pdf.SetTextColor(40, 40, 40)
	for _, line := range notice {
		pdf.SetXY(tx, ny)
		pdf.CellFormat(width, 3.3, line, "", 0, "LM", false, 0, "")
		ny += 3.3
	}
}

// ticketRules draws the rules' full address above the small print of
// noticeLines lines, never cut short (its type shrinks to fit), and its QR
// code in the ticket's bottom right corner: a player opens it on a phone.
func (p *painter) ticketRules(address string, qr [][]bool, noticeLines int, x, y float64) {
	pdf := p.pdf
	tx := x + ticketPad
	ny := y + ticketH - ticketPad - float64(noticeLines)*3.3
	label := p.fitText(ticketRulesQR, "", 7, ticketFootW)
	pdf.SetTextColor(70, 70, 70)
	pdf.SetXY(tx, ny-9)
	pdf.CellFormat(ticketFootW, 3, label, "", 0, "LM", false, 0, "")
	pdf.SetFont("Helvetica", "B", 8.5)
	text := p.tr(address)
	if tw := pdf.GetStringWidth(text); tw > ticketFootW {
		pdf.SetFontSize(8.5 * ticketFootW / tw)
	}
	pdf.SetTextColor(0, 0, 0)
	pdf.SetXY(tx, ny-6)
	pdf.CellFormat(ticketFootW, 3.5, text, "", 0, "LM", false, 0, "")
	drawQR(pdf, qr, x+ticketW-ticketPad-ticketRulesQRSize, y+ticketH-ticketPad-ticketRulesQRSize, ticketRulesQRSize)
}

// ticketCutLines draws the dashed lines between the tickets of a page.
func ticketCutLines(pdf *fpdf.Fpdf) {
	pdf.SetDrawColor(170, 170, 170)
	pdf.SetLineWidth(0.2)
	pdf.SetDashPattern([]float64{2, 2}, 0)
	for c := 1; c < ticketCols; c++ {
		pdf.Line(float64(c)*ticketSlotW, 0, float64(c)*ticketSlotW, pageH)
	}
	for r := 1; r < ticketRows; r++ {
		pdf.Line(0, float64(r)*ticketSlotH, pageW, float64(r)*ticketSlotH)
	}
	pdf.SetDashPattern(nil, 0)
}
