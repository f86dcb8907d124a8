package loto

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"loto/internal/journal"
)

// SaleRequest is what a cashier enters, read at the edge: the cards
// handed over (serials or plate codes, the player does not choose them,
// R7) and the payments.
type SaleRequest struct {
	Desk     string
	Cards    []CardCode  // as scanned or typed (ParseCardCodes)
	Payments []Payment   // one per method; cash as tendered
	Identity *Identity   // with a cheque only (R8)
	Cheque   string      // the cheque's number, with a cheque only
	Ticket   *TicketCode // the reservation ticket of a buyer who has one; nil for a walk-in buyer (R3)
	// TakenAt is when the desk took the sale, by its clock; zero when it
	// did not say. A retry's is not compared: the first one's is kept.
	TakenAt time.Time
}

// Sale is a recorded sale as the cashier, the reports and the API see it:
// what the journal records of it (saleRecorded), with when, by whom and
// under which idempotency key, and the cheque payer's identity read from
// the personal record.
type Sale struct {
	ID       int       `json:"sale"`
	Desk     string    `json:"desk"`
	Session  int       `json:"session"`
	Cards    []string  `json:"serials"`
	Regular  int       `json:"regular"`
	Special  int       `json:"special"`
	Bundles  []Bundle  `json:"bundles"`
	Total    Cents     `json:"total_cents"`
	Payments []Payment `json:"payments"`
	Change   Cents     `json:"change_cents"`
	// Ticket is the number of the buyer's reservation ticket, 0 without
	// one: never its code, a bearer right to a free card.
	Ticket int    `json:"ticket,omitempty"`
	Hint   string `json:"hint,omitempty"` // e.g. a plate of 6 costs less than these 5 cards
	// Warnings tell the cashier what the buyer must know, e.g. that these
	// cards do not play the game already started (R14).
	Warnings []string  `json:"warnings,omitempty"`
	Seq      int64     `json:"seq"`
	Time     time.Time `json:"time"`
	Actor    string    `json:"actor"`
	Key      string    `json:"key"`
	// TakenAt is when the desk took the sale by its own clock (zero when
	// it did not say): earlier than Time for a sale held while cut off.
	TakenAt time.Time `json:"taken_at,omitzero"`
	// Anchor is the sale's own event, printed on its receipt (R27).
	Anchor journal.Anchor `json:"anchor"`
	// Identity and Cheque are the cheque payer's, read from the personal
	// record (R8); Personal says, when they are not there, why (P1).
	Identity *Identity     `json:"identity,omitempty"`
	Cheque   string        `json:"cheque,omitempty"`
	Personal PersonalState `json:"personal,omitempty"`
	// payer is the journal's reference to the payer's record, nil without a cheque.
	payer *personalRef
	// playsFrom is the game its cards play from, as recorded (R14).
	playsFrom int
}

// PlaysFrom is the game the sale's cards play from: the next game not
// started when the sale was recorded, which for a sale held while its desk
// was cut off may be later than when it was taken (R14); 0 when none was left.
func (s *Sale) PlaysFrom() int { return s.playsFrom }

// Receipt is a recorded sale as the cashier is told it, by the desk's page
// and by the command line alike: what to charge and give back, and the
// anchor printed on the receipt (R27); never the payer's identity nor the
// cheque's number, which the journal keeps apart (P1).
type Receipt struct {
	Sale     int            `json:"sale"`
	Desk     string         `json:"desk"`
	Cards    []string       `json:"cards"`
	Total    Cents          `json:"total_cents"`
	Change   Cents          `json:"change_cents"`
	Payments []Payment      `json:"payments"`
	Bundles  []Bundle       `json:"bundles"`
	Hint     string         `json:"hint,omitempty"`
	Warnings []string       `json:"warnings,omitempty"`
	Anchor   journal.Anchor `json:"anchor"`
	TakenAt  time.Time      `json:"taken_at,omitzero"` // the desk's time of sale, when it said it
	// PlaysFrom is the game the cards play from (R14), as recorded: a sale
	// held while the desk was cut off may reach the server after a start.
	PlaysFrom int `json:"plays_from,omitempty"`
}

// Receipt is the sale's receipt.
func (s Sale) Receipt() Receipt {
	return Receipt{Sale: s.ID, Desk: s.Desk, Cards: s.Cards, Total: s.Total, Change: s.Change, Payments: s.Payments,
		Bundles: s.Bundles, Hint: s.Hint, Warnings: s.Warnings, Anchor: s.Anchor, TakenAt: s.TakenAt, PlaysFrom: s.playsFrom}
}

// saleOf is the sale an event recorded, before the payer's record is read.
func saleOf(e journal.Event, p saleRecorded) *Sale {
	return &Sale{ID: p.ID, Desk: p.Desk, Session: p.Session, Cards: p.Cards, Regular: p.Regular, Special: p.Special,
		Bundles: p.Bundles, Total: p.Total, Payments: p.Payments, Change: p.Change, Ticket: p.Ticket, Hint: p.Hint,
		Warnings: p.Warnings, Seq: e.Seq, Time: e.Time, TakenAt: p.TakenAt, Actor: actorName(e.Actor), Key: e.Key, Anchor: anchorOf(e), payer: p.Payer}
}

// maxSaleCards bounds one sale: more is a scanning loop gone wrong.
const maxSaleCards = 1000

// Sell records a sale at an open desk (R7, R8, R9, R10, R30): every card
// exists in a series on sale, is neither sold nor issued yet, and special
// cards go only through the special desk, which sells nothing else. The
// price is the cheapest combination of the price list; the payments must
// cover it. The sale stamps its cards (R9). It needs an idempotency key
// (WithKey): a retry with the key returns the first sale, never a second.
func (d *Day) Sell(ctx context.Context, actor Actor, req SaleRequest) (Sale, error) {
	req.Desk = actor.deskOr(req.Desk)
	if err := Authorize(actor, CmdSell, req.Desk); err != nil {
		return Sale{}, err
	}
	if strings.TrimSpace(keyOf(ctx)) == "" {
		return Sale{}, Errorf(EInvalid, "une vente demande une clé d'idempotence : une vente répétée rend la première")
	}
	e, err := d.runKeyed(ctx, TypeSaleRecorded, sameSale(req), func(st *State) ([]journal.Draft, int, error) {
		p, err := st.salePlan(req)
		if err != nil {
			return nil, 0, err
		}
		if req.Identity == nil { // settle let the sale through: no cheque
			dr, err := draft(actor, TypeSaleRecorded, p)
			return []journal.Draft{dr}, 0, err
		}
		sl, err := d.sealer(st, actor)
		if err != nil {
			return nil, 0, err
		}
		ref, rec, err := sl.seal(saleRef(p.ID), func(salt string) any {
			return payerRecord{Salt: salt, Identity: *req.Identity, Cheque: strings.TrimSpace(req.Cheque)}
		})
		if err != nil {
			return nil, 0, err
		}
		p.Payer = &ref
		dr, err := draft(actor, TypeSaleRecorded, p)
		dr.Personal = map[string][]byte{ref.Ref: rec}
		drafts, main := sl.batch([]journal.Draft{dr}, 0)
		return drafts, main, err
	})
	if err != nil {
		return Sale{}, err
	}
	// The answer is the sale the fold recorded of the event: its payload
	// is not read again.
	d.mu.Lock()
	defer d.mu.Unlock()
	s := d.st.saleAt(e.Seq)
	if s == nil {
		return Sale{}, internalf(nil, "vente de l'événement n° %d absente de l'état", e.Seq)
	}
	return *s, nil
}

// saleAt is the sale event seq recorded, nil for none: the sales are in
// the journal's order.
func (st *State) saleAt(seq int64) *Sale {
	sales := st.ent.sales
	i, found := slices.BinarySearchFunc(sales, seq, func(s *Sale, seq int64) int { return cmp.Compare(s.Seq, seq) })
	if !found {
		return nil
	}
	return sales[i]
}

// salePlan checks a sale against the state and prices it.
func (st *State) salePlan(req SaleRequest) (saleRecorded, error) {
	p, err := st.priceCards(req.Desk, req.Cards)
	if err != nil {
		return saleRecorded{}, err
	}
	p.Payments = req.Payments
	if !req.TakenAt.IsZero() {
		p.TakenAt = req.TakenAt.UTC()
	}
	if p.Change, err = settle(p.Total, req.Payments, req.Identity, req.Cheque); err != nil {
		return saleRecorded{}, err
	}
	if req.Ticket != nil {
		t, err := st.ticket(*req.Ticket)
		if err != nil {
			return saleRecorded{}, err
		}
		p.Ticket = t.Number
	}
	return p, nil
}

// selling refuses sales, free cards and reservations once the loto is
// postponed (R29) or the day is over (R9).
func (st *State) selling() error {
	if st.event == nil {
		return Errorf(EInvalid, "l'événement du jour n'est pas créé : rien ne se vend")
	}
	if pp := st.ent.postponed; pp != nil {
		return Errorf(EConflict, "le loto est reporté depuis %s : les ventes sont arrêtées (R29)", hhmm(pp.Time))
	}
	if why := st.dayOver(); why != "" {
		return Errorf(EConflict, "la journée est finie (%s) : plus rien ne se vend, ne se remet à l'entrée ni ne se réserve (R9)", why)
	}
	return nil
}

// dayOver says why the day is over, "" while it is not: the last game of
// the programme has had its last award, or the organiser ended the day
// (event end). A card sold after it would play no game at all.
func (st *State) dayOver() string {
	if n := len(st.games); n > 0 && n == len(st.event.Programme) && st.games[n-1].Phase == PhaseOver {
		return "le dernier lot du programme est attribué"
	}
	if st.ended {
		return "close par l'organisateur"
	}
	return ""
}

// specialDesks names the special desks, for a refusal.
func (st *State) specialDesks() string {
	var names []string
	for _, dk := range st.event.Desks {
		if dk.Special {
			names = append(names, "« "+dk.Name+" »")
		}
	}
	if len(names) == 0 {
		return ""
	}
	return " " + strings.Join(names, ", ")
}

// saleCards reads the serials and plate codes of a sale: each card exists
// in a series on sale (R10), appears once and is neither sold nor issued.
// A plate code sells its whole plate (the last plate of a series may have
// fewer than 6 cards): a plate with a card already sold or issued is
// refused, since the cashier is charging for a plate of 6.
func (st *State) saleCards(codes []CardCode) ([]CardRef, []string, error) {
	if len(codes) == 0 {
		return nil, nil, Errorf(EInvalid, "aucune carte donnée : scanner ou taper les cartes remises")
	}
	seen := map[CardRef]bool{}
	var refs []CardRef
	var serials []string
	add := func(ref CardRef, serial string) error {
		if seen[ref] {
			return Errorf(EInvalid, "la carte %s est donnée deux fois", serial)
		}
		seen[ref] = true
		refs, serials = append(refs, ref), append(serials, serial)
		if len(refs) > maxSaleCards {
			return Errorf(EInvalid, "plus de %d cartes dans une vente : la partager", maxSaleCards)
		}
		return nil
	}
	for _, code := range codes {
		if code.IsPlate() {
			cards, plate, err := st.plateCards(code.Plate)
			if err != nil {
				return nil, nil, err
			}
			if err := st.plateUnsold(plate, cards); err != nil {
				return nil, nil, err
			}
			for _, ref := range cards {
				serial, err := st.serialOf(ref)
				if err != nil {
					return nil, nil, err
				}
				if err := add(ref, serial); err != nil {
					return nil, nil, err
				}
			}
			continue
		}
		ref, serial, err := st.serialOnSale(code.Serial)
		if err != nil {
			return nil, nil, err
		}
		if st.Stamped(ref) {
			return nil, nil, st.heldBy(ref, serial)
		}
		if err := add(ref, serial); err != nil {
			return nil, nil, err
		}
	}
	return refs, serials, nil
}

// plateUnsold refuses a plate with cards already sold or issued, naming
// them with who has them.
func (st *State) plateUnsold(plate PlateCode, cards []CardRef) error {
	var held []CardRef
	for _, ref := range cards {
		if st.Stamped(ref) {
			held = append(held, ref)
		}
	}
	switch {
	case len(held) == 0:
		return nil
	case len(held) == len(cards):
		return Errorf(EConflict, "la plaque %s n'a plus de carte à vendre : %s", plate, st.heldList(held))
	}
	return Errorf(EConflict, "la plaque %s est entamée : %s ; scanner une à une les cartes remises", plate, st.heldList(held))
}

// heldList says who already has each of cards, the cards of one sale together.
func (st *State) heldList(cards []CardRef) string {
	var parts []string
	for i := 0; i < len(cards); {
		h := st.ent.holders[cards[i]]
		j := i + 1
		for h.sale > 0 && j < len(cards) && st.ent.holders[cards[j]] == h {
			j++
		}
		var serials []string
		for _, ref := range cards[i:j] {
			s, _ := st.serialOf(ref)
			serials = append(serials, s)
		}
		if j-i == 1 {
			parts = append(parts, ErrorMessage(st.heldBy(cards[i], serials[0])))
		} else {
			s := st.ent.sales[h.sale-1]
			parts = append(parts, fmt.Sprintf("les cartes %s sont déjà vendues (vente n° %d, caisse « %s », %s)",
				strings.Join(serials, ", "), s.ID, s.Desk, hhmm(s.Time)))
		}
		i = j
	}
	return strings.Join(parts, " ; ")
}

// heldBy says who already has a card: which sale, desk and time, or which
// ticket, door and time.
func (st *State) heldBy(ref CardRef, serial string) error {
	h := st.ent.holders[ref]
	switch {
	case h.sale > 0:
		s := st.ent.sales[h.sale-1]
		return Errorf(EConflict, "la carte %s est déjà vendue (vente n° %d, caisse « %s », %s)", serial, s.ID, s.Desk, hhmm(s.Time))
	case h.ticket > 0:
		t := st.ent.tickets[h.ticket-1]
		return Errorf(EConflict, "la carte %s est déjà remise gratuitement (billet n° %d, entrée « %s », %s)", serial, t.Number, t.Crossed.Door, hhmm(t.Crossed.Time))
	}
	return Errorf(EConflict, "la carte %s est déjà tamponnée (événement n° %d)", serial, st.stamped[ref])
}

// Sales returns every sale of the day, in order.
func (d *Day) Sales() []Sale {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]Sale, 0, len(d.st.ent.sales))
	for _, s := range d.st.ent.sales {
		out = append(out, *s)
	}
	return out
}

// sameSale: the same desk, the same cards in any order, the same payments,
// identity document, cheque and ticket.
func sameSale(req SaleRequest) sameRequest {
	return func(st *State, e journal.Event) error {
		s, err := decodeFor[saleRecorded](e)
		if err != nil {
			return err
		}
		var d diffs
		d.check(st.deskName(req.Desk) == s.Desk, "une autre caisse")
		d.check(sameSet(st.requestSerials(req.Cards), s.Cards), "d'autres cartes")
		d.check(samePayments(req.Payments, s.Payments), "d'autres paiements")
		d.check(s.ID >= 1 && s.ID <= len(st.ent.sales) && samePayer(req, st.ent.sales[s.ID-1]), "une autre pièce d'identité ou un autre chèque")
		d.check(st.ticketNumber(req.Ticket) == s.Ticket, "un autre billet")
		return d.err(e, fmt.Sprintf("la vente n° %d (caisse « %s », %s)", s.ID, s.Desk, hhmm(e.Time)))
	}
}

// samePayer compares a sale request's identity document and cheque with
// those the sale recorded; once its record is erased nothing is left to
// compare, and a retry gets the first answer.
func samePayer(req SaleRequest, s *Sale) bool {
	if s.Personal != "" {
		return (req.Identity != nil) == (s.payer != nil)
	}
	return sameIdentity(req.Identity, s.Identity) && strings.TrimSpace(req.Cheque) == s.Cheque
}

// requestSerials are the serials a sale request names, a plate code standing
// for its cards; a plate the state refuses is kept as written (it then
// matches no recorded serial).
func (st *State) requestSerials(codes []CardCode) []string {
	var out []string
	for _, code := range codes {
		if code.IsPlate() {
			if cards, _, err := st.plateCards(code.Plate); err == nil {
				for _, ref := range cards {
					s, _ := st.serialOf(ref)
					out = append(out, s)
				}
				continue
			}
		}
		out = append(out, code.String())
	}
	return out
}

// samePayments compares payments in any order.
func samePayments(a, b []Payment) bool {
	key := func(ps []Payment) []string {
		out := make([]string, len(ps))
		for i, p := range ps {
			out[i] = fmt.Sprintf("%s:%d", p.Method, p.Cents)
		}
		return out
	}
	return sameSet(key(a), key(b))
}

func sameIdentity(a, b *Identity) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// ticketNumber is the number of a ticket as recorded, 0 when none and -1
// when its check code is wrong (no recorded ticket has it).
func (st *State) ticketNumber(tc *TicketCode) int {
	if tc == nil {
		return 0
	}
	if t, err := st.ticket(*tc); err == nil {
		return t.Number
	}
	return -1
}
