package loto

import (
	"context"
	"strings"
	"time"

	"loto/internal/journal"
)

// RefundReason is why a sale is refunded: the only two the rules allow.
type RefundReason string

// The refund reasons.
const (
	RefundExclusion    RefundReason = "exclusion"    // R28: a player who disturbs the game is excluded
	RefundPostponement RefundReason = "postponement" // R29: the loto is postponed
)

// French names the reason for people.
func (r RefundReason) French() string {
	switch r {
	case RefundExclusion:
		return "exclusion"
	case RefundPostponement:
		return "report du loto"
	}
	return string(r)
}

// refundReasonFrench names why a card was voided: a refund's reason in
// French, or the reason typed for a void as it was typed.
func refundReasonFrench(reason string) string { return RefundReason(reason).French() }

// errNoRefund is the refusal of any other refund or exchange (R9, R26).
func errNoRefund(what string) error {
	return Errorf(EInvalid, "remboursement refusé%s : les cartes ne sont ni échangées ni remboursées (R9, R26), sauf exclusion d'un joueur (R28) ou report du loto (R29)", what)
}

// errExclusionRefund refuses a refund for an exclusion outside the
// exclusion itself, which also voids the person's free cards (R28).
func errExclusionRefund() error {
	return Errorf(EInvalid, "le remboursement d'une personne exclue se fait par l'exclusion elle-même (loto exclude), qui annule aussi ses cartes gratuites (R28)")
}

// ParseRefundReason reads a reason as typed: postponement (report); an
// exclusion refunds through Exclude.
func ParseRefundReason(text string) (RefundReason, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "exclusion":
		return "", errExclusionRefund()
	case "postponement", "report":
		return RefundPostponement, nil
	case "":
		return "", errNoRefund(" sans raison")
	}
	return "", errNoRefund(" pour « " + Shown(strings.TrimSpace(text)) + " »")
}

// RefundRequest is a refund the organiser decides.
type RefundRequest struct {
	Sale   int
	Reason RefundReason
	Desk   string // where the cash is paid out; the sale's desk when empty
	Note   string // who and why, for the record (R27)
}

// Refund is a recorded refund as the organiser, the reports and the API
// see it: what the journal records of it (saleRefunded), with when, by whom
// and its event. The sale's cards are void (R28, R29), its total paid back
// in cash at a desk's open session.
type Refund struct {
	ID      int          `json:"refund"`
	Sale    int          `json:"sale"`
	Reason  RefundReason `json:"reason"`
	Desk    string       `json:"desk"`
	Session int          `json:"session"`
	Cents   Cents        `json:"cents"`
	Cards   []string     `json:"cards"`
	// FreeCards were voided, unpaid, by a refund of an older journal (see saleRefunded).
	FreeCards []string  `json:"free_cards,omitempty"`
	Note      string    `json:"note,omitempty"`
	Time      time.Time `json:"time"`
	By        string    `json:"by"`
	Seq       int64     `json:"seq"`
}

// refundOf reads the refund an event recorded.
func refundOf(e journal.Event) (Refund, error) {
	p, err := decodeFor[saleRefunded](e)
	if err != nil {
		return Refund{}, err
	}
	return Refund{ID: p.ID, Sale: p.Sale, Reason: p.Reason, Desk: p.Desk, Session: p.Session, Cents: p.Cents, Cards: p.Cards,
		FreeCards: p.FreeCards, Note: p.Note, Time: e.Time, By: actorName(e.Actor), Seq: e.Seq}, nil
}

// RefundSale refunds a whole sale once the loto is postponed (R29): its
// cards are voided, so a claim on them is refused, and its total is paid
// out in cash at a desk with an open session (the desk's expected cash
// goes down by as much). An exclusion refunds through Exclude (R28);
// anything else is refused.
func (d *Day) RefundSale(ctx context.Context, actor Actor, req RefundRequest) (Refund, error) {
	if err := Authorize(actor, CmdRefund, ""); err != nil {
		return Refund{}, err
	}
	if err := CheckText("note du remboursement", strings.TrimSpace(req.Note), MaxNote); err != nil {
		return Refund{}, err
	}
	e, err := d.runKeyed(ctx, TypeSaleRefunded, sameRefund(req), func(st *State) ([]journal.Draft, int, error) {
		if st.event == nil {
			return nil, 0, Errorf(EInvalid, "l'événement du jour n'est pas créé")
		}
		switch req.Reason {
		case RefundExclusion:
			return nil, 0, errExclusionRefund()
		case RefundPostponement:
			if st.ent.postponed == nil {
				return nil, 0, errNoRefund(" : le loto n'est pas reporté")
			}
		default:
			return nil, 0, errNoRefund("")
		}
		if req.Sale < 1 || req.Sale > len(st.ent.sales) {
			return nil, 0, Errorf(ENotFound, "vente n° %d inconnue", req.Sale)
		}
		sale := st.ent.sales[req.Sale-1]
		if id := st.ent.refundOf[sale.ID]; id != 0 {
			r := st.ent.refunds[id-1]
			return nil, 0, Errorf(EConflict, "la vente n° %d est déjà remboursée (remboursement n° %d, %s, caisse « %s »)", sale.ID, r.ID, hhmm(r.Time), r.Desk)
		}
		desk := req.Desk
		if strings.TrimSpace(desk) == "" {
			desk = sale.Desk
		}
		dk, err := st.desk(desk)
		if err != nil {
			return nil, 0, err
		}
		s := st.ent.open[dk.Name]
		if s == nil {
			return nil, 0, Errorf(EInvalid, "la caisse « %s » est fermée : l'ouvrir pour payer le remboursement", dk.Name)
		}
		p := saleRefunded{ID: len(st.ent.refunds) + 1, Sale: sale.ID, Reason: req.Reason, Desk: dk.Name, Session: s.ID,
			Cents: sale.Total, Cards: sale.Cards, Note: strings.TrimSpace(req.Note)}
		dr, err := draft(actor, TypeSaleRefunded, p)
		return []journal.Draft{dr}, 0, err
	})
	if err != nil {
		return Refund{}, err
	}
	return refundOf(e)
}

// Postponement is the organiser's decision to postpone the loto (R29).
type Postponement struct {
	Time   time.Time `json:"time"`
	By     string    `json:"by"`
	Reason string    `json:"reason"`
	// ToRefund lists every sale not refunded yet, filled by Postpone and the report.
	ToRefund []Sale `json:"to_refund"`
}

// Postpone postpones the loto for lack of players (R29): sales, free cards
// and new reservations stop, and the answer lists every sale to refund.
// It is refused once a game has started.
func (d *Day) Postpone(ctx context.Context, actor Actor, reason string) (Postponement, error) {
	if err := Authorize(actor, CmdPostpone, ""); err != nil {
		return Postponement{}, err
	}
	reason = strings.TrimSpace(reason)
	if reason == "" {
		reason = "manque de joueurs"
	}
	if err := CheckText("raison du report", reason, MaxNote); err != nil {
		return Postponement{}, err
	}
	_, err := d.runKeyed(ctx, TypeEventPostponed, samePostponement(reason), func(st *State) ([]journal.Draft, int, error) {
		if st.event == nil {
			return nil, 0, Errorf(EInvalid, "l'événement du jour n'est pas créé")
		}
		if pp := st.ent.postponed; pp != nil {
			return nil, 0, Errorf(EConflict, "le loto est déjà reporté (depuis %s, par « %s »)", hhmm(pp.Time), pp.By)
		}
		if len(st.games) > 0 {
			return nil, 0, Errorf(EConflict, "la partie %d a commencé : le loto ne peut plus être reporté", len(st.games))
		}
		dr, err := draft(actor, TypeEventPostponed, eventPostponed{Reason: reason})
		return []journal.Draft{dr}, 0, err
	})
	if err != nil {
		return Postponement{}, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.st.postponement(), nil
}

// postponement returns the postponement with the sales still to refund, nil-valued when none.
func (st *State) postponement() Postponement {
	pp := st.ent.postponed
	if pp == nil {
		return Postponement{}
	}
	out := *pp
	out.ToRefund = st.toRefund()
	return out
}

// toRefund lists the sales not refunded yet.
func (st *State) toRefund() []Sale {
	out := []Sale{}
	for _, s := range st.ent.sales {
		if st.ent.refundOf[s.ID] == 0 {
			out = append(out, *s)
		}
	}
	return out
}

// Refunds returns every refund of the day, in order.
func (d *Day) Refunds() []Refund {
	d.mu.Lock()
	defer d.mu.Unlock()
	return copies(d.st.ent.refunds)
}

func (st *State) applyVoid(e journal.Event, p cardsVoided) error {
	return st.void(e, p.Cards, p.Reason)
}
