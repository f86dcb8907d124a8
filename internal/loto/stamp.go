package loto

import (
	"context"

	"loto/internal/card"
	"loto/internal/journal"
)

// StampResult lists the cards a stamp recorded, as canonical serials.
type StampResult struct {
	Cards []string `json:"cards"`
}

// Stamp records cards as carrying the day's stamp (R9): the minimal sale,
// which the desks' sales replace. Each card must exist in a series on sale
// today with a right check code (R10) and not be stamped already; the
// serials are read at the edge (ParseSerials).
func (d *Day) Stamp(ctx context.Context, actor Actor, serials []card.Serial) (StampResult, error) {
	if err := Authorize(actor, CmdStamp, ""); err != nil {
		return StampResult{}, err
	}
	return answer[cardsStamped, StampResult](d.runKeyed(ctx, TypeCardsStamped, sameCards(serials, ""), func(st *State) ([]journal.Draft, int, error) {
		if err := st.selling(); err != nil { // R29: nothing is sold once the loto is postponed
			return nil, 0, err
		}
		cards, err := st.cardsOf(serials, func(ref CardRef, serial string) error {
			if st.Stamped(ref) {
				return Errorf(EConflict, "la carte %s est déjà tamponnée", serial)
			}
			return nil
		})
		if err != nil {
			return nil, 0, err
		}
		dr, err := draft(actor, TypeCardsStamped, cardsStamped{Cards: cards})
		return []journal.Draft{dr}, 0, err
	}))
}

// cardsOf checks serials of cards on sale today, each also by ok, and
// returns them in canonical form; a card given twice is refused.
func (st *State) cardsOf(serials []card.Serial, ok func(CardRef, string) error) ([]string, error) {
	if len(serials) == 0 {
		return nil, Errorf(EInvalid, "aucune carte donnée")
	}
	seen := map[CardRef]bool{}
	out := make([]string, 0, len(serials))
	for _, s := range serials {
		ref, serial, err := st.serialOnSale(s)
		if err != nil {
			return nil, err
		}
		if seen[ref] {
			return nil, Errorf(EInvalid, "la carte %s est donnée deux fois", serial)
		}
		seen[ref] = true
		if err := ok(ref, serial); err != nil {
			return nil, err
		}
		out = append(out, serial)
	}
	return out, nil
}

// serialOnSale checks a serial of a card of a series on sale today (R10).
func (st *State) serialOnSale(s card.Serial) (CardRef, string, error) {
	s, _, err := st.lookupSerial(s)
	if err != nil {
		return CardRef{}, "", err
	}
	ref := CardRef{Series: s.Series, Number: int(s.Number)}
	if _, sold := st.onSale(ref.Series); !sold {
		return CardRef{}, "", Errorf(EInvalid, "la série %s n'est pas en vente aujourd'hui (R10)", ref.Series)
	}
	return ref, s.String(), nil
}

func (st *State) applyStamp(e journal.Event, p cardsStamped) error {
	return st.hold(e, p.Cards, holder{})
}
