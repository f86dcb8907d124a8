// Package print renders the day's paper as PDF: card plates, reservation tickets and reports.
// It also builds them from the day (DayReport, DayTickets, SeriesCards), so
// that the command line and the web print the same documents.
package print

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"loto/internal/card"
)

// CardSheet is what printing needs of one card; the caller rebuilds the grid
// from the series.
type CardSheet struct {
	Serial  string    // printed serial, e.g. "A-000123-K7"
	QR      string    // text of the QR code, e.g. "LOTO:A-000123-K7"
	Plate   int       // plate number (cards 6p-5..6p form plate p); 0 prints none
	Grid    card.Card // the 3x9 grid, 0 = blank
	Title   string    // event title, e.g. "Mega Loto Rotary Saint-Brieuc"
	Color   string    // series colour: a name (yellow, jaune, blue, ...) or "#rrggbb"
	Special bool      // the car card (R30), printed with a banner saying so
	// PlateCode is the code that sells the whole plate, e.g. "A-P000123-K7Q",
	// printed beside the plate number; empty prints none.
	PlateCode string
	// PlateQR is the text of the plate code's QR code, e.g.
	// "LOTO-PLATE:A-P000123-K7Q", printed under a plate of layout 6 so that a
	// cashier sells the sheet with one scan; empty prints none.
	PlateQR string
	// PlayerURL is the players' page at the day's public address, e.g.
	// "http://192.168.1.10:8080/joueur", printed with its QR code at the
	// other end of a plate's strip, where a plate of layout 6 has room;
	// empty prints none.
	PlayerURL string
}

// CardOptions say how cards are laid out on paper.
type CardOptions struct {
	Layout int // cards a page: 6, 3 or 1
	// Bleed is the paper in millimetres (0 to 5; print shops ask 3) added
	// around the A4 trim, into which the cut lines run; the PDF's TrimBox
	// and BleedBox say where the sheet is cut.
	Bleed float64
	// CropMarks draws marks outside the trim at its corners and at the
	// cut lines of layouts 3 and 1, for the print shop's guillotine.
	CropMarks bool
}

// MaxBleed is the widest bleed Cards accepts, in millimetres.
const MaxBleed = 5.0

// Cards writes a PDF of A4 pages holding opt.Layout (6, 3 or 1) cards
// each, with the print shop's options (bleed and crop marks), and calls
// progress, if not nil, as cards are drawn.
//
// A page never mixes plates: a new plate starts a new page, so a plate of 6
// comes out as one sheet and a plate of 3 as half of one.
func Cards(w io.Writer, cards []CardSheet, opt CardOptions, progress func(done, total int)) error {
	layout := opt.Layout
	if layout != 6 && layout != 3 && layout != 1 {
		return fmt.Errorf("mise en page inconnue : %d cartes par page (choisir 6, 3 ou 1)", layout)
	}
	if opt.Bleed < 0 || opt.Bleed > MaxBleed {
		return fmt.Errorf("fond perdu de %g mm invalide : entre 0 et %g mm", opt.Bleed, MaxBleed)
	}
	if len(cards) == 0 {
		return errors.New("aucune carte à imprimer")
	}
	palettes, err := checkCards(cards)
	if err != nil {
		return err
	}
	if progress == nil {
		progress = func(int, int) {}
	}

	sheet := newSheet(opt)
	pdf := sheet.doc(cards[0].Title)
	pdf.AliasNbPages("{nb}")
	p := newPainter(pdf)
	p.sheet = sheet

	stop := make(chan struct{})
	defer close(stop)
	qrs := qrAhead(cards, stop)
	onPage := 0
	for i := range cards {
		s := &cards[i]
		if onPage == layout || onPage == 0 || s.Plate != cards[i-1].Plate {
			p.newPage(s, layout)
			onPage = 0
		}
		qr := <-qrs
		if qr.err != nil {
			return fmt.Errorf("carte %s : %w", s.Serial, qr.err)
		}
		p.card(s, palettes[s.Color], qr.modules, marginX, cardTop(layout, onPage))
		onPage++
		if err := pdf.Error(); err != nil {
			return fmt.Errorf("carte %s : erreur PDF : %w", s.Serial, err)
		}
		progress(i+1, len(cards))
	}
	sheet.end(pdf)
	return output(pdf, w)
}

// checkCards refuses a card that would print wrong, before any page is
// drawn, and returns the palette of each colour used.
func checkCards(cards []CardSheet) (map[string]palette, error) {
	palettes := map[string]palette{}
	for i := range cards {
		s := &cards[i]
		name := s.Serial
		if name == "" {
			return nil, fmt.Errorf("carte n° %d de la liste : numéro de série vide", i+1)
		}
		if s.QR == "" {
			return nil, fmt.Errorf("carte %s : texte du code QR vide", name)
		}
		if s.Plate < 0 {
			return nil, fmt.Errorf("carte %s : numéro de planche négatif (%d)", name, s.Plate)
		}
		if s.PlateCode != "" && s.Plate == 0 {
			return nil, fmt.Errorf("carte %s : code de planche %s sans numéro de planche", name, s.PlateCode)
		}
		if s.PlateQR != "" && s.PlateCode == "" {
			return nil, fmt.Errorf("carte %s : code QR de planche sans code de planche", name)
		}
		if s.PlayerURL != "" && (i == 0 || s.PlayerURL != cards[i-1].PlayerURL) {
			if _, err := qrModules(s.PlayerURL); err != nil {
				return nil, fmt.Errorf("carte %s : %w", name, err)
			}
		}
		if s.PlateQR != "" {
			if _, err := qrModules(s.PlateQR); err != nil {
				return nil, fmt.Errorf("carte %s : %w", name, err)
			}
		}
		if err := s.Grid.Validate(); err != nil {
			return nil, fmt.Errorf("carte %s : grille invalide (%v)", name, err)
		}
		if _, ok := palettes[s.Color]; !ok {
			pal, err := paletteFor(s.Color)
			if err != nil {
				return nil, fmt.Errorf("carte %s : %w", name, err)
			}
			palettes[s.Color] = pal
		}
	}
	return palettes, nil
}

// newPage starts a page for the cards from s on and writes its footer, which
// lets whoever sorts the printout check that no sheet is missing.
func (p *painter) newPage(s *CardSheet, layout int) {
	pdf := p.pdf
	p.sheet.page(pdf, layout)
	if layout != 6 {
		cutLines(pdf, layout, p.sheet.bleed)
	}
	var suffix string
	if s.Plate > 0 {
		suffix = " — planche n° " + strconv.Itoa(s.Plate)
	}
	// A page of layout 6 is the whole plate: its code in the footer sells
	// the sheet as it lies on the desk.
	if layout == 6 && s.PlateCode != "" {
		suffix += " (" + s.PlateCode + ")"
	}
	suffix = p.tr(suffix + " — feuille " + strconv.Itoa(pdf.PageNo()) + "/{nb}")
	if layout == 6 && s.PlateQR != "" {
		p.plateStrip(s, suffix)
		return
	}
	pdf.SetFont("Helvetica", "", 7)
	title := p.fitText(s.Title, "", 7, cardW-pdf.GetStringWidth(suffix))
	pdf.SetTextColor(130, 130, 130)
	pdf.SetXY(marginX, footerY)
	pdf.CellFormat(cardW, 4, title+suffix, "", 0, "CM", false, 0, "")
}

// plateStrip writes the foot of a whole plate's page: the plate code's QR
// code, which sells the six cards in one scan, what it is, and the footer.
func (p *painter) plateStrip(s *CardSheet, suffix string) {
	pdf := p.pdf
	modules, _ := qrModules(s.PlateQR) // checked by checkCards
	drawQR(pdf, modules, marginX, plateQRY, plateQRSize)
	tx, tw := marginX+plateQRSize+3, cardW-plateQRSize-3
	pdf.SetTextColor(20, 20, 20)
	label := p.tr("Planche n° " + strconv.Itoa(s.Plate) + " — ")
	pdf.SetFont("Helvetica", "B", 10)
	labelW := pdf.GetStringWidth(label)
	pdf.SetXY(tx, plateQRY+1)
	pdf.CellFormat(labelW, 5, label, "", 0, "LM", false, 0, "")
	pdf.SetFont("Courier", "B", 11)
	pdf.SetXY(tx+labelW, plateQRY+1)
	pdf.CellFormat(tw-labelW, 5, s.PlateCode, "", 0, "LM", false, 0, "")
	pdf.SetFont("Helvetica", "", 8)
	pdf.SetXY(tx, plateQRY+6)
	pdf.CellFormat(tw, 4, p.tr("Ce code QR vend les cartes de toute la planche en un seul passage à la caisse."), "", 0, "LM", false, 0, "")
	pdf.SetFont("Helvetica", "", 7)
	title := p.fitText(s.Title, "", 7, tw-pdf.GetStringWidth(suffix))
	pdf.SetTextColor(130, 130, 130)
	pdf.SetXY(tx, plateQRY+plateQRSize-4)
	pdf.CellFormat(tw, 4, title+suffix, "", 0, "LM", false, 0, "")
	if s.PlayerURL != "" {
		p.playerStrip(s.PlayerURL)
	}
}

// playerWidth is the room the players' address has, right of the plate's
// caption and left of its QR code.
const playerWidth = 52.0

// playerStrip writes, at the right end of a plate's strip, the players'
// page's address and its QR code: a player follows the plate's cards on a
// phone. The address is never cut short: its type shrinks to fit.
func (p *painter) playerStrip(address string) {
	pdf := p.pdf
	if p.playerText != address {
		p.playerQR, _ = qrModules(address) // checked by checkCards
		p.playerText = address
	}
	modules := p.playerQR
	qx := marginX + cardW - plateQRSize
	drawQR(pdf, modules, qx, plateQRY, plateQRSize)
	tx := qx - 2 - playerWidth
	pdf.SetTextColor(20, 20, 20)
	label := p.fitText("Suivre ses cartes sur son téléphone :", "", 7.5, playerWidth)
	pdf.SetXY(tx, plateQRY+4)
	pdf.CellFormat(playerWidth, 4, label, "", 0, "RM", false, 0, "")
	pdf.SetFont("Helvetica", "B", 8)
	text := p.tr(address)
	if w := pdf.GetStringWidth(text); w > playerWidth {
		pdf.SetFontSize(8 * playerWidth / w)
	}
	pdf.SetXY(tx, plateQRY+8)
	pdf.CellFormat(playerWidth, 4, text, "", 0, "RM", false, 0, "")
}
