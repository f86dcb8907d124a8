package loto

import (
	"fmt"
	"time"

	"loto/internal/card"
)

// CardState is what a card is today, for a controller checking it.
type CardState string

// The states of a card today.
const (
	CardSold      CardState = "sold"        // a sale stamped it (R9)
	CardFree      CardState = "free"        // issued free with a reservation ticket (R4)
	CardStamped   CardState = "stamped"     // stamped without a sale (the minimal sale of Stamp)
	CardUnsold    CardState = "unsold"      // not stamped today: void (R9)
	CardVoided    CardState = "voided"      // refunded and voided (R28, R29)
	CardNotOnSale CardState = "not_on_sale" // its series is not on sale today (R10)
)

// CardStatus is a card's state today with who holds it and, in Text, the
// line in French a controller reads: a valid serial alone does not make a
// card that plays.
type CardStatus struct {
	Serial string    `json:"serial"`
	State  CardState `json:"state"`
	Sale   int       `json:"sale,omitempty"`
	Desk   string    `json:"desk,omitempty"`
	Ticket int       `json:"ticket,omitempty"` // the ticket's number, never its code
	Door   string    `json:"door,omitempty"`
	Time   time.Time `json:"time,omitzero"`
	Reason string    `json:"reason,omitempty"` // why a voided card was voided
	Refund int       `json:"refund,omitempty"`
	Text   string    `json:"text"`
}

// CardStatus looks a serial up (R10) and says what the card is today: sold
// (sale, desk, time), free (ticket, door, time), not sold, voided (reason,
// refund) or of a series not on sale. An unknown card or a wrong check
// code is an error, as for Card.
func (d *Day) CardStatus(s card.Serial) (CardStatus, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	s, _, err := d.st.lookupSerial(s)
	if err != nil {
		return CardStatus{}, err
	}
	return d.st.cardStatus(CardRef{Series: s.Series, Number: s.Number}, s.String()), nil
}

func (st *State) cardStatus(ref CardRef, serial string) CardStatus {
	cs := CardStatus{Serial: serial}
	if st.event == nil {
		cs.State, cs.Text = CardNotOnSale, "l'événement du jour n'est pas créé : aucune carte n'est en vente (R10)"
		return cs
	}
	if _, ok := st.onSale(ref.Series); !ok {
		cs.State, cs.Text = CardNotOnSale, fmt.Sprintf("la série %s n'est pas en vente aujourd'hui : carte refusée (R10)", ref.Series)
		return cs
	}
	at, stamped := st.stamped[ref]
	if !stamped {
		cs.State, cs.Text = CardUnsold, "carte pas vendue aujourd'hui : sans le tampon du jour, elle est nulle (R9)"
		return cs
	}
	switch h := st.ent.holders[ref]; {
	case h.sale > 0:
		s := st.ent.sales[h.sale-1]
		cs.State, cs.Sale, cs.Desk, cs.Time = CardSold, s.ID, s.Desk, s.Time
		cs.Text = fmt.Sprintf("carte vendue : vente n° %d, caisse « %s », %s", s.ID, s.Desk, hhmm(s.Time))
	case h.ticket > 0:
		t := st.ent.tickets[h.ticket-1]
		cs.State, cs.Ticket, cs.Door, cs.Time = CardFree, t.Number, t.Crossed.Door, t.Crossed.Time
		cs.Text = fmt.Sprintf("carte gratuite : billet n° %d, entrée « %s », %s", t.Number, t.Crossed.Door, hhmm(t.Crossed.Time))
	default:
		cs.State, cs.Text = CardStamped, fmt.Sprintf("carte tamponnée (événement n° %d)", at)
	}
	if reason, void := st.voided[ref]; void {
		cs.State, cs.Reason, cs.Refund = CardVoided, reason, st.refundVoiding(ref)
		why := refundReasonFrench(reason)
		if cs.Refund > 0 {
			why += fmt.Sprintf(", remboursement n° %d", cs.Refund)
		}
		cs.Text = fmt.Sprintf("carte annulée (%s) : nulle (R28) ; %s", why, cs.Text)
		return cs
	}
	if g := st.running(); g != nil && !g.Plays(at) {
		cs.Text += fmt.Sprintf(" ; après le début de la partie n° %d : elle joue à partir de la partie suivante (R14)", g.Number)
	}
	return cs
}

// refundVoiding is the refund that voided a card, 0 when none did (a
// free card, or a card stamped outside a sale, voided by an exclusion).
func (st *State) refundVoiding(ref CardRef) int {
	if h := st.ent.holders[ref]; h.sale > 0 {
		return st.ent.refundOf[h.sale]
	}
	return 0
}
