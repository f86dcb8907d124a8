package loto

import (
	"fmt"
	"strconv"
	"strings"

	"loto/internal/card"
	"loto/internal/journal"
)

// The typed values of the requests of the desks and the door: a cashier's
// or a door's device (the CLI, later the web) reads what was scanned or
// typed once, at the edge, into these; the day checks them against its
// state and never reads a text again.

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

// parseSerial reads a typed or scanned serial; an unreadable one is invalid input.
func parseSerial(text string) (card.Serial, error) {
	s, err := card.ParseSerial(text)
	if err != nil && looksLikePlate(text) {
		return card.Serial{}, &Error{Code: EInvalid, Err: err,
			Message: fmt.Sprintf("« %s » est le code d'une plaque de 6 cartes : ici, donner le numéro d'une carte, comme A-001234-K7", Shown(strings.TrimSpace(text)))}
	}
	if err != nil {
		return card.Serial{}, &Error{Code: EInvalid, Err: err,
			Message: fmt.Sprintf("numéro de carte « %s » illisible : attendu série-numéro-contrôle, comme A-001234-K7", Shown(strings.TrimSpace(text)))}
	}
	return s, nil
}

// refOf reads a canonical serial from an event into a card reference.
func refOf(serial string) (CardRef, error) {
	s, err := card.ParseSerial(serial)
	if err != nil {
		return CardRef{}, err
	}
	return CardRef{Series: s.Series, Number: s.Number}, nil
}

// verify checks the check code of a serial with its series key (R10). The
// state keeps one Checker per series: it is used under the Day's lock only.
func (st *State) verify(s card.Serial) bool {
	c := st.checker(s.Series)
	return c != nil && c.Verify(s) == nil
}

// checker returns the series' Checker, nil without its key.
func (st *State) checker(code string) *card.Checker {
	c, ok := st.checkers[code]
	if !ok {
		key, found := st.secrets[seriesKeySecret(code)]
		if !found {
			return nil
		}
		c = card.NewChecker(key)
		st.checkers[code] = c
	}
	return c
}

// serialOf writes the serial of a card of the journal, with its check code.
func (st *State) serialOf(ref CardRef) (string, error) {
	if _, ok := st.series[ref.Series]; !ok {
		return "", Errorf(ENotFound, "la série %s n'existe pas", ref.Series)
	}
	c := st.checker(ref.Series)
	if c == nil {
		return "", internalf(nil, "clé de contrôle de la série %s absente", ref.Series)
	}
	s, err := c.Serial(ref.Series, ref.Number)
	if err != nil {
		return "", Errorf(EInvalid, "carte %s n° %d : %v", ref.Series, ref.Number, err)
	}
	return s.String(), nil
}

// lookupSerial finds the card of a serial read at the edge (R10): a wrong
// check code is invalid, an unknown series or number not found.
func (st *State) lookupSerial(s card.Serial) (card.Serial, card.Card, error) {
	series, ok := st.series[s.Series]
	if !ok {
		return s, card.Card{}, &Error{Code: ENotFound, Err: card.ErrUnknownSeries,
			Message: fmt.Sprintf("carte %s : la série %s est inconnue (R10)", s, s.Series)}
	}
	// A number beyond the series is told so whatever its check code: no
	// check code can be right for a card that does not exist.
	if s.Number > series.Cards {
		return s, card.Card{}, &Error{Code: ENotFound, Err: card.ErrUnknownSeries,
			Message: fmt.Sprintf("carte %s : hors de la série %s, qui compte %s", s, s.Series, plural(series.Cards, "carte", "cartes"))}
	}
	if st.checker(s.Series) == nil {
		return s, card.Card{}, internalf(nil, "erreur interne : la clé de contrôle de la série %s manque", s.Series)
	}
	if !st.verify(s) {
		return s, card.Card{}, &Error{Code: EInvalid, Err: card.ErrBadCheck,
			Message: fmt.Sprintf("carte %s : code de contrôle faux, carte refusée (R10)", s)}
	}
	c, err := st.grid(CardRef{Series: s.Series, Number: s.Number})
	return s, c, err
}

// cardAt rebuilds a card from its series seed.
func cardAt(seed []byte, rerolls map[int]int, number int) card.Card {
	return card.CardAt(seed, card.Rerolls(rerolls), number)
}

// buildSeries draws a series and returns the rerolls that keep its cards unique.
func buildSeries(seed []byte, cards int) (map[int]int, error) {
	r, err := card.BuildSeries(seed, cards)
	if err != nil {
		return nil, Errorf(EInvalid, "%v", err)
	}
	return r, nil
}

// A card's fate in the State: stamped (State.stamped, R9) by a sale, a
// free card's ticket or a stamp, or voided by a refund (State.voided,
// R28). The desks, the door and the stamps share these.

// hold stamps cards (R9) for a holder, the zero holder for the minimal
// sale of Stamp, and makes the game rebuild its cards in play.
func (st *State) hold(e journal.Event, serials []string, h holder) error {
	refs, err := refsIn(e, serials)
	if err != nil {
		return err
	}
	for i, ref := range refs {
		if _, dup := st.stamped[ref]; dup {
			return internalf(nil, "événement %d : la carte %s est déjà tamponnée", e.Seq, serials[i])
		}
		st.stamped[ref] = e.Seq
		if h != (holder{}) {
			st.ent.holders[ref] = h
		}
	}
	// A card stamped while a game runs plays from the next game: the index
	// of this one stays as it is (no rebuild for each sale during a game),
	// and between games there is no index to rebuild.
	return nil
}

// void voids cards (R28) and makes the game rebuild its cards in play.
func (st *State) void(e journal.Event, serials []string, reason string) error {
	refs, err := refsIn(e, serials)
	if err != nil {
		return err
	}
	for _, ref := range refs {
		st.voided[ref] = reason
	}
	st.dirty()
	return st.voidWinners(e, refs, reason)
}

// refsIn reads the serials of an event; one that does not parse is a corrupt journal.
func refsIn(e journal.Event, serials []string) ([]CardRef, error) {
	refs := make([]CardRef, len(serials))
	for i, s := range serials {
		ref, err := refOf(s)
		if err != nil {
			return nil, internalf(err, "événement %d : numéro de série %q", e.Seq, s)
		}
		refs[i] = ref
	}
	return refs, nil
}

// CardRef names one card: its series and its number in the series.
type CardRef struct {
	Series string
	Number int
}

// Stamped reports whether the card carries the day's stamp (R9).
func (st *State) Stamped(ref CardRef) bool { _, ok := st.stamped[ref]; return ok }

// Voided reports whether the card was voided by a refund (R28).
func (st *State) Voided(ref CardRef) bool { _, ok := st.voided[ref]; return ok }

// StampedCount is the number of cards stamped today, voided ones included.
func (st *State) StampedCount() int { return len(st.stamped) }
