package loto

import (
	"fmt"
	"strings"

	"loto/internal/card"
)

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

// lookup reads a serial and finds its card (R10): malformed text and a
// wrong check code are invalid, an unknown series or number not found.
func (st *State) lookup(text string) (card.Serial, card.Card, error) {
	s, err := parseSerial(text)
	if err != nil {
		return card.Serial{}, card.Card{}, err
	}
	return st.lookupSerial(s)
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
