package loto

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"loto/internal/card"
	"loto/internal/journal"
)

// TypePersonExcluded is the event of an exclusion (R28); the refunds of the
// person's sales are recorded in the same batch, before it.
const TypePersonExcluded = "person.excluded"

// ExclusionRequest is the organiser's exclusion of a person who disturbs
// the game (R28): the tickets, sales and cards the person holds, as many
// as known, at least one.
type ExclusionRequest struct {
	Why     string        // why the person is excluded, for the record (R27)
	Tickets []TicketCode  // reservation tickets, as scanned or typed (ParseTickets)
	Sales   []int         // sale numbers
	Cards   []card.Serial // as scanned or typed (ParseSerials)
	Desk    string        // the desk that pays the refunds; each sale's own desk when empty
}

// Exclusion is a recorded exclusion as the organiser, the reports and the
// API see it: what the journal records of it (personExcluded), with when,
// by whom and its event.
type Exclusion struct {
	ID      int    `json:"exclusion"`
	Why     string `json:"why"`
	Tickets []int  `json:"tickets"` // ticket numbers, never their codes
	Sales   []int  `json:"sales"`
	// Refunds are those recorded with it, one per sale not refunded before.
	Refunds []int     `json:"refunds"`
	Desk    string    `json:"desk,omitempty"`
	Cents   Cents     `json:"cents"` // paid back in all
	Cards   []string  `json:"cards"` // every card voided
	Time    time.Time `json:"time"`
	By      string    `json:"by"`
	Seq     int64     `json:"seq"`
}

// Exclude excludes a person who disturbs the game (R28), in one act: every
// card the person holds is voided, so a claim on it is refused, and what
// the person paid is refunded in cash. From the tickets, sales and cards
// named it reaches the rest: a ticket's free card and the sales naming
// the ticket; a sale's cards and its ticket; a card's sale or ticket. A
// sale refunded already (a postponement) is not paid twice.
func (d *Day) Exclude(ctx context.Context, actor Actor, req ExclusionRequest) (Exclusion, error) {
	if err := Authorize(actor, CmdExclude, ""); err != nil {
		return Exclusion{}, err
	}
	req.Why, req.Desk = strings.TrimSpace(req.Why), strings.TrimSpace(req.Desk)
	if err := CheckText("raison de l'exclusion", req.Why, MaxNote); err != nil {
		return Exclusion{}, err
	}
	e, err := d.runKeyed(ctx, TypePersonExcluded, sameExclusion(req), func(st *State) ([]journal.Draft, int, error) {
		x, refunds, err := st.exclusionPlan(req)
		if err != nil {
			return nil, 0, err
		}
		var drafts []journal.Draft
		for _, r := range refunds {
			dr, err := draft(actor, TypeSaleRefunded, r)
			if err != nil {
				return nil, 0, err
			}
			drafts = append(drafts, dr)
		}
		dr, err := draft(actor, TypePersonExcluded, x)
		return append(drafts, dr), len(drafts), err
	})
	if err != nil {
		return Exclusion{}, err
	}
	return exclusionOf(e)
}

func exclusionOf(e journal.Event) (Exclusion, error) {
	p, err := decodeFor[personExcluded](e)
	if err != nil {
		return Exclusion{}, err
	}
	return Exclusion{ID: p.ID, Why: p.Why, Tickets: p.Tickets, Sales: p.Sales, Refunds: p.Refunds, Desk: p.Desk, Cents: p.Cents,
		Cards: p.Cards, Time: e.Time, By: actorName(e.Actor), Seq: e.Seq}, nil
}

// exclusionPlan finds what an exclusion reaches and plans its refunds.
func (st *State) exclusionPlan(req ExclusionRequest) (personExcluded, []saleRefunded, error) {
	if st.event == nil {
		return personExcluded{}, nil, Errorf(EInvalid, "l'événement du jour n'est pas créé")
	}
	if req.Why == "" {
		return personExcluded{}, nil, Errorf(EInvalid, "la raison de l'exclusion est requise (elle figure au journal, R27, R28)")
	}
	if len(req.Tickets)+len(req.Sales)+len(req.Cards) == 0 {
		return personExcluded{}, nil, Errorf(EInvalid, "nommer les billets, les ventes ou les cartes de la personne exclue (R28)")
	}
	reach, err := st.reached(req)
	if err != nil {
		return personExcluded{}, nil, err
	}
	x := personExcluded{ID: len(st.ent.exclusions) + 1, Why: req.Why, Tickets: reach.tickets, Sales: reach.sales, Refunds: []int{}}
	if req.Desk != "" {
		dk, err := st.desk(req.Desk)
		if err != nil {
			return personExcluded{}, nil, err
		}
		x.Desk = dk.Name
	}
	var refunds []saleRefunded
	for _, id := range reach.sales {
		sale := st.ent.sales[id-1]
		if st.ent.refundOf[id] != 0 {
			continue // refunded at the postponement: its cards are void already
		}
		desk := x.Desk
		if desk == "" {
			desk = sale.Desk
		}
		s := st.ent.open[desk]
		if s == nil {
			return personExcluded{}, nil, Errorf(EInvalid, "la caisse « %s » est fermée : l'ouvrir pour rembourser la vente n° %d (ou nommer une autre caisse)", Shown(desk), id)
		}
		r := saleRefunded{ID: len(st.ent.refunds) + len(refunds) + 1, Sale: id, Reason: RefundExclusion, Desk: desk, Session: s.ID,
			Cents: sale.Total, Cards: sale.Cards, Note: req.Why}
		refunds = append(refunds, r)
		x.Refunds, x.Cents = append(x.Refunds, r.ID), x.Cents+r.Cents
	}
	for _, ref := range reach.cards {
		if !st.Voided(ref) {
			s, _ := st.serialOf(ref)
			x.Cards = append(x.Cards, s)
		}
	}
	if len(x.Cards) == 0 {
		return personExcluded{}, nil, Errorf(EConflict, "rien à exclure : toutes les cartes nommées ou atteintes sont déjà annulées")
	}
	return x, refunds, nil
}

// reach is what an exclusion reaches: ticket numbers, sale numbers, and
// the cards they hold, each once, in order.
type reach struct {
	tickets, sales []int
	cards          []CardRef
}

// reached follows the tickets, sales and cards named to every ticket, sale
// and card of the person, until nothing new is found.
func (st *State) reached(req ExclusionRequest) (reach, error) {
	var r reach
	tickets, sales, cards := map[int]bool{}, map[int]bool{}, map[CardRef]bool{}
	addCard := func(ref CardRef) {
		if !cards[ref] {
			cards[ref] = true
			r.cards = append(r.cards, ref)
		}
	}
	var todoTickets, todoSales []int
	addTicket := func(n int) {
		if !tickets[n] {
			tickets[n] = true
			todoTickets = append(todoTickets, n)
		}
	}
	addSale := func(id int) {
		if !sales[id] {
			sales[id] = true
			todoSales = append(todoSales, id)
		}
	}
	for _, tc := range req.Tickets {
		t, err := st.ticket(tc)
		if err != nil {
			return reach{}, err
		}
		addTicket(t.Number)
	}
	for _, id := range req.Sales {
		if id < 1 || id > len(st.ent.sales) {
			return reach{}, Errorf(ENotFound, "vente n° %d inconnue", id)
		}
		addSale(id)
	}
	for _, s := range req.Cards {
		ref, serial, err := st.serialOnSale(s)
		if err != nil {
			return reach{}, err
		}
		if !st.Stamped(ref) {
			return reach{}, Errorf(EInvalid, "la carte %s n'a été ni vendue ni remise aujourd'hui : rien à annuler", serial)
		}
		addCard(ref)
		switch h := st.ent.holders[ref]; {
		case h.sale > 0:
			addSale(h.sale)
		case h.ticket > 0:
			addTicket(h.ticket)
		}
	}
	for len(todoTickets)+len(todoSales) > 0 {
		for _, n := range todoTickets {
			t := st.ent.tickets[n-1]
			if t.Crossed != nil {
				if ref, err := refOf(t.Crossed.Card); err == nil {
					addCard(ref)
				}
			}
			for _, s := range st.ent.sales {
				if s.Ticket == t.Number {
					addSale(s.ID)
				}
			}
		}
		todoTickets = nil
		for _, id := range todoSales {
			s := st.ent.sales[id-1]
			for _, c := range s.Cards {
				if ref, err := refOf(c); err == nil {
					addCard(ref)
				}
			}
			if s.Ticket > 0 {
				addTicket(s.Ticket)
			}
		}
		todoSales = nil
	}
	r.tickets, r.sales = sortedKeys(tickets), sortedKeys(sales)
	return r, nil
}

func sortedKeys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// applyExclusion folds an exclusion: its refunds came before it in its
// batch; it voids every card it names (R28).
func (st *State) applyExclusion(e journal.Event) error {
	x, err := exclusionOf(e)
	if err != nil {
		return err
	}
	if x.ID != len(st.ent.exclusions)+1 {
		return internalf(nil, "événement %d : exclusion %d hors séquence", e.Seq, x.ID)
	}
	for _, id := range x.Refunds {
		if id < 1 || id > len(st.ent.refunds) {
			return internalf(nil, "événement %d : remboursement %d de l'exclusion absent", e.Seq, id)
		}
	}
	if err := st.void(e, x.Cards, string(RefundExclusion)); err != nil {
		return err
	}
	st.ent.exclusions = append(st.ent.exclusions, &x)
	return nil
}

// Exclusions returns every exclusion of the day, in order.
func (d *Day) Exclusions() []Exclusion {
	d.mu.Lock()
	defer d.mu.Unlock()
	return copies(d.st.ent.exclusions)
}

// sameExclusion: the same reason and the same tickets, sales and cards
// named, in any order; the same desk when one is named.
func sameExclusion(req ExclusionRequest) sameRequest {
	return func(st *State, e journal.Event) error {
		x, err := decodeFor[personExcluded](e)
		if err != nil {
			return err
		}
		named, err := st.reached(req)
		var d diffs
		d.check(req.Why == x.Why, "une autre raison")
		d.check(err == nil && slices.Equal(named.tickets, x.Tickets) && slices.Equal(named.sales, x.Sales), "d'autres billets, ventes ou cartes")
		d.check(req.Desk == "" || st.deskName(req.Desk) == x.Desk, "une autre caisse")
		return d.err(e, fmt.Sprintf("l'exclusion n° %d (%s)", x.ID, hhmm(e.Time)))
	}
}
