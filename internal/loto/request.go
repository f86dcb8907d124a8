package loto

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"loto/internal/card"
)

// The typed values of the requests of the desks and the door: a cashier's
// or a door's device (the CLI, later the web) reads what was scanned or
// typed once, at the edge, into these; the day checks them against its
// state and never reads a text again.

// ParseTakenAt reads the time a desk took a sale by its own clock, as
// RFC 3339 (a sale it held while cut off reaches the server later).
func ParseTakenAt(text string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, text)
	if err != nil {
		return time.Time{}, Errorf(EInvalid, "heure de la vente « %s » illisible : attendue comme 2026-12-01T14:05:00Z", Shown(text))
	}
	return t, nil
}

// CardCode is a card handed over at a desk, as scanned or typed: one card
// by its serial, or a whole plate of 6 by its plate code.
type CardCode struct {
	Serial card.Serial // the card, when Plate is the zero PlateCode
	Plate  PlateCode   // the plate, when it has a number
}

// IsPlate reports whether the code names a whole plate.
func (c CardCode) IsPlate() bool { return c.Plate.Plate > 0 }

// String writes the code as printed.
func (c CardCode) String() string {
	if c.IsPlate() {
		return c.Plate.String()
	}
	return c.Serial.String()
}

// ParseCardCode reads a card's serial or a plate code, as typed or
// scanned; it checks the form only, the day checks the rest (R10).
func ParseCardCode(text string) (CardCode, error) {
	if p, err := ParsePlateCode(text); err == nil {
		return CardCode{Plate: p}, nil
	}
	s, err := ParseSerial(text)
	if err != nil {
		return CardCode{}, Errorf(EInvalid, "« %s » illisible : attendu le numéro d'une carte, comme A-001234-K7, ou le code d'une plaque, comme A-P000123-K7Q", Shown(strings.TrimSpace(text)))
	}
	return CardCode{Serial: s}, nil
}

// ParseCardCodes reads the cards of a sale; the first unreadable one is refused.
func ParseCardCodes(texts []string) ([]CardCode, error) {
	out := make([]CardCode, 0, len(texts))
	for _, t := range texts {
		c, err := ParseCardCode(t)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// ParseSerial reads a card's serial as typed or scanned (any case, with or
// without dashes), refusing a plate code where one card is asked for.
func ParseSerial(text string) (card.Serial, error) { return parseSerial(text) }

// TicketCode is a reservation ticket as scanned or typed: its number and
// its check code (R5), checked by the day against its key.
type TicketCode struct {
	Number int
	Check  string
}

// String writes the code as printed: R-000042-7KQ.
func (t TicketCode) String() string { return fmt.Sprintf("R-%06d-%s", t.Number, t.Check) }

// ParseTicketCode reads a ticket code as typed or scanned: any case, with
// or without dashes and spaces, or its QR text.
func ParseTicketCode(text string) (TicketCode, error) {
	t := scanned(text, ticketQRPrefix)
	if len(t) != 1+6+3 || t[0] != 'R' || !digitsOnly(t[1:7]) {
		return TicketCode{}, Errorf(EInvalid, "billet « %s » illisible : attendu un code comme R-000042-7KQ", Shown(strings.TrimSpace(text)))
	}
	n, _ := strconv.Atoi(t[1:7])
	return TicketCode{Number: n, Check: t[7:]}, nil
}

// ParseTickets reads ticket codes; the first unreadable one is refused.
func ParseTickets(texts []string) ([]TicketCode, error) {
	out := make([]TicketCode, 0, len(texts))
	for _, text := range texts {
		t, err := ParseTicketCode(text)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// ParseSerials reads serials; the first unreadable one is refused.
func ParseSerials(texts []string) ([]card.Serial, error) {
	out := make([]card.Serial, 0, len(texts))
	for _, text := range texts {
		s, err := ParseSerial(text)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
