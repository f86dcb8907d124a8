package print

import (
	"strconv"

	"github.com/go-pdf/fpdf"
)

// Sizes in millimetres. A card has the same size whatever the layout, as a
// printer's cards do: players compare cards, and a plate of 3 is half a plate
// of 6.
const (
	pageW, pageH = 210.0, 297.0
	marginX      = 8.0
	cardW        = pageW - 2*marginX
	cardH        = 42.0
	bandH        = 8.0  // header band: title, plate, serial
	cellW        = 14.5 // grid cell
	cellH        = 10.0
	pad          = 3.0
	qrSize       = 28.0
	footerY      = pageH - 5
)

// slotH is the height of the area cut out around each card in layouts 3
// and 1: a third of the page, so a sheet cuts into equal pieces.
const slotH = pageH / 3

// cardTop returns the top of the card at index i (0-based) on its page.
func cardTop(layout, i int) float64 {
	if layout == 6 {
		return plateTop + float64(i)*(cardH+plateGap)
	}
	return float64(i)*slotH + (slotH-cardH)/2
}

// A page of layout 6 holds a plate: six cards from plateTop, plateGap
// apart, then the plate code's QR code at plateQRY, clear of the edge that
// a desk printer leaves blank.
const (
	plateTop    = 6.0
	plateGap    = 3.0
	plateQRSize = 15.0
	plateQRY    = plateTop + 6*cardH + 5*plateGap + 3
)

// Rectangles of one card's parts, relative to its top-left corner; the tests
// use them to find the parts in rendered pixels.
var (
	gridX, gridY     = pad, bandH + (cardH-bandH-3*cellH)/2
	qrX, qrY         = gridX + 9*cellW + pad, bandH + (cardH-bandH-qrSize)/2
	stampX, stampY   = qrX + qrSize + pad, gridY
	stampW, stampH   = cardW - pad - stampX, 3 * cellH
	bannerX, bannerW = 58.0, 50.0 // the special card's banner, between the title and the plate
	minTitleW        = 40.0       // the title's least width on an ordinary card
)

// carRed marks the special car card: a colour no series tint comes near.
var carRed = rgb{170, 0, 25}

// painter draws cards on one document; it holds what every card shares.
type painter struct {
	pdf   *fpdf.Fpdf
	sheet *sheet              // the paper around the A4 trim, for cards
	tr    func(string) string // UTF-8 to cp1252, the encoding of the core fonts
	cells [91]string          // number labels, formatted once
	// playerQR is the QR code of playerText, the players' address that
	// every plate of a run prints: encoded once.
	playerText string
	playerQR   [][]bool
}

func newPainter(pdf *fpdf.Fpdf) *painter {
	p := &painter{pdf: pdf, tr: pdf.UnicodeTranslatorFromDescriptor("")}
	for n := 1; n <= 90; n++ {
		p.cells[n] = strconv.Itoa(n)
	}
	return p
}

// card draws one card with its top-left corner at (x, y).
func (p *painter) card(s *CardSheet, pal palette, qr [][]bool, x, y float64) {
	pdf := p.pdf
	setFill(pdf, pal.tint)
	setDraw(pdf, pal.border)
	pdf.SetLineWidth(0.5)
	if s.Special {
		// The car card (R30) is checked at a dedicated desk and in the car
		// game (R31): its frame says so from across the table.
		setDraw(pdf, carRed)
		pdf.SetLineWidth(1.2)
	}
	pdf.RoundedRect(x, y, cardW, cardH, 2.5, "1234", "DF")

	p.band(s, pal, x, y)
	p.grid(s, pal, x+gridX, y+gridY)
	drawQR(pdf, qr, x+qrX, y+qrY, qrSize)
	p.stamp(pal, x+stampX, y+stampY)
}

// band draws the header: title on the left; plate number, plate code and
// serial on the right; and for the car card (R30) a banner no one can miss
// between them.
func (p *painter) band(s *CardSheet, pal palette, x, y float64) {
	pdf := p.pdf
	setFill(pdf, pal.band)
	pdf.RoundedRect(x, y, cardW, bandH, 2.5, "12", "F")
	setDraw(pdf, pal.border)
	pdf.SetLineWidth(0.3)
	pdf.Line(x, y+bandH, x+cardW, y+bandH)

	// The right side is laid out first: the serial and the plate code are
	// read and typed, so they keep their size and the title gives way.
	room := cardW - 2*pad - minTitleW - 3
	if s.Special {
		room = cardW - pad - (bannerX + bannerW) - 2
	}
	right := p.plateAndSerial(s, x+cardW-pad, y, room)
	titleW := cardW - 2*pad - right - 3
	if s.Special {
		titleW = bannerX - 2*pad
		setFill(pdf, carRed)
		pdf.Rect(x+bannerX, y+0.8, bannerW, bandH-1.6, "F")
		pdf.SetTextColor(255, 255, 255)
		pdf.SetFont("Helvetica", "B", 10)
		pdf.SetXY(x+bannerX, y)
		pdf.CellFormat(bannerW, bandH, p.tr("CARTE SPÉCIALE VOITURE"), "", 0, "CM", false, 0, "")
	}

	pdf.SetTextColor(20, 20, 20)
	title := p.fitText(s.Title, "B", 11, titleW)
	pdf.SetXY(x+pad, y)
	pdf.CellFormat(titleW, bandH, title, "", 0, "LM", false, 0, "")
}

// plateAndSerial writes, right-aligned at right, "Planche n° p", the plate
// code and the serial, and returns the width they take. The plate label and
// code shrink, down to 6 pt, to fit room.
func (p *painter) plateAndSerial(s *CardSheet, right, y, room float64) float64 {
	pdf := p.pdf
	pdf.SetTextColor(20, 20, 20)
	pdf.SetFont("Courier", "B", 11)
	serialW := pdf.GetStringWidth(s.Serial)
	var label string
	if s.Plate > 0 {
		label = p.tr("Planche n° " + strconv.Itoa(s.Plate))
	}
	size := 9.0
	labelW, codeW := 0.0, 0.0
	for {
		pdf.SetFont("Helvetica", "", size)
		labelW = pdf.GetStringWidth(label)
		pdf.SetFont("Courier", "B", size)
		codeW = pdf.GetStringWidth(s.PlateCode)
		if serialW+3+labelW+1.5+codeW <= room || size <= 6 {
			break
		}
		size -= 0.5
	}

	x := right - serialW
	pdf.SetFont("Courier", "B", 11)
	pdf.SetXY(x, y)
	pdf.CellFormat(serialW, bandH, s.Serial, "", 0, "RM", false, 0, "")
	if s.PlateCode != "" {
		x -= 3 + codeW
		pdf.SetFont("Courier", "B", size)
		pdf.SetXY(x, y)
		pdf.CellFormat(codeW, bandH, s.PlateCode, "", 0, "RM", false, 0, "")
	}
	if label != "" {
		gap := 3.0
		if s.PlateCode != "" {
			gap = 1.5 // the label names the code beside it
		}
		x -= gap + labelW
		pdf.SetFont("Helvetica", "", size)
		pdf.SetXY(x, y)
		pdf.CellFormat(labelW, bandH, label, "", 0, "RM", false, 0, "")
	}
	return right - x
}

// fitText sets a Helvetica font no larger than size in which text fits w,
// shrinking down to 8 pt, and returns text in cp1252, cut short with an
// ellipsis if it still does not fit.
func (p *painter) fitText(text, style string, size, w float64) string {
	pdf := p.pdf
	out := p.tr(text)
	pdf.SetFont("Helvetica", style, size)
	for size > 8 && pdf.GetStringWidth(out) > w {
		size -= 0.5
		pdf.SetFontSize(size)
	}
	if pdf.GetStringWidth(out) <= w {
		return out
	}
	return p.shorten(out, w) + ellipsis
}

// grid draws the 3x9 grid: numbers large and black on white, blanks shaded.
func (p *painter) grid(s *CardSheet, pal palette, x, y float64) {
	pdf := p.pdf
	setDraw(pdf, pal.border)
	pdf.SetLineWidth(0.3)
	pdf.SetFont("Helvetica", "B", 22)
	pdf.SetTextColor(0, 0, 0)
	for r := range 3 {
		for c := range 9 {
			cx, cy := x+float64(c)*cellW, y+float64(r)*cellH
			n := s.Grid[r][c]
			if n == 0 {
				setFill(pdf, pal.blank)
				pdf.Rect(cx, cy, cellW, cellH, "FD")
				continue
			}
			pdf.SetFillColor(255, 255, 255)
			pdf.SetXY(cx, cy)
			pdf.CellFormat(cellW, cellH, p.cells[n], "1", 0, "CM", true, 0, "")
		}
	}
	pdf.SetLineWidth(0.6)
	pdf.Rect(x, y, 9*cellW, 3*cellH, "D")
}

// stamp draws the empty box where the cashier stamps the card (R9).
func (p *painter) stamp(pal palette, x, y float64) {
	pdf := p.pdf
	pdf.SetFillColor(255, 255, 255)
	setDraw(pdf, pal.border)
	pdf.SetLineWidth(0.3)
	pdf.SetDashPattern([]float64{1.2, 0.8}, 0)
	pdf.RoundedRect(x, y, stampW, stampH, 1.5, "1234", "DF")
	pdf.SetDashPattern(nil, 0)
	pdf.SetFont("Helvetica", "", 7)
	pdf.SetTextColor(90, 90, 90)
	pdf.SetXY(x, y+1)
	pdf.CellFormat(stampW, 3, "Tampon du jour", "", 0, "CT", false, 0, "")
}

// cutLines draws the dashed lines below the first slots slots, for cutting
// the cards of layouts 3 and 1 apart, across the page and its bleed.
func cutLines(pdf *fpdf.Fpdf, slots int, bleed float64) {
	pdf.SetDrawColor(170, 170, 170)
	pdf.SetLineWidth(0.2)
	pdf.SetDashPattern([]float64{2, 2}, 0)
	for i := 1; i <= slots && float64(i)*slotH < pageH-1; i++ {
		pdf.Line(-bleed, float64(i)*slotH, pageW+bleed, float64(i)*slotH)
	}
	pdf.SetDashPattern(nil, 0)
}

func setFill(pdf *fpdf.Fpdf, c rgb) { pdf.SetFillColor(c.r, c.g, c.b) }
func setDraw(pdf *fpdf.Fpdf, c rgb) { pdf.SetDrawColor(c.r, c.g, c.b) }
