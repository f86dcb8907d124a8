package loto

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

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

// ParseTakenAt reads the time a desk took a sale by its own clock, as
// RFC 3339 (a sale it held while cut off reaches the server later).
func ParseTakenAt(text string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, text)
	if err != nil {
		return time.Time{}, Errorf(EInvalid, "heure de la vente « %s » illisible : attendue comme 2026-12-01T14:05:00Z", Shown(text))
	}
	return t, nil
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

// applySale folds a sale into its desk's session: its cards held (hold),
// its payer's record opened, its money counted.
func (st *State) applySale(e journal.Event, p saleRecorded) error {
	ent := st.ent
	s := ent.open[p.Desk]
	if p.ID != len(ent.sales)+1 || s == nil || s.ID != p.Session {
		return internalf(nil, "événement %d : vente %d hors séquence ou caisse fermée", e.Seq, p.ID)
	}
	if err := st.hold(e, p.Cards, holder{sale: p.ID}); err != nil {
		return err
	}
	sale := saleOf(e, p)
	sale.playsFrom = st.playsFrom()
	if p.Payer != nil {
		var payer payerRecord
		ps, err := st.openPersonal(e, *p.Payer, &payer)
		if err != nil {
			return err
		}
		if sale.Personal = ps; ps == "" {
			id := payer.Identity
			sale.Identity, sale.Cheque = &id, payer.Cheque
		}
	}
	ent.sales = append(ent.sales, sale)
	s.Sales++
	s.Cards += len(p.Cards)
	for _, pay := range p.Payments {
		s.received[pay.Method] += pay.Cents
		s.payments[pay.Method]++
	}
	s.change += p.Change
	return nil
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

// Quote is what a basket of cards costs at a desk before anything is paid:
// the cards the codes name (a plate code stands for its cards), the
// cheapest combination of the price list (R7, R30) and the hint when more
// cards would cost no more. A cashier's page shows it as the cards are
// scanned; the sale prices the same way.
type Quote struct {
	Desk     string   `json:"desk"`
	Cards    []string `json:"cards"`
	Regular  int      `json:"regular"`
	Special  int      `json:"special"`
	Bundles  []Bundle `json:"bundles"`
	Total    Cents    `json:"total_cents"`
	Hint     string   `json:"hint,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
	// PlaysFrom is the game the cards would play from if sold now: the
	// next one not started (R14); 0 when none is left.
	PlaysFrom int `json:"plays_from,omitempty"`
}

// Quote prices the cards a cashier has scanned at an open desk, checking
// them as a sale would (R7, R10, R30: every card on sale, unsold, of the
// desk's kind), and records nothing.
func (d *Day) Quote(ctx context.Context, actor Actor, desk string, cards []CardCode) (Quote, error) {
	desk = actor.deskOr(desk)
	if err := Authorize(actor, CmdSell, desk); err != nil {
		return Quote{}, err
	}
	var p saleRecorded
	var err error
	var from int
	d.View(func(st *State) { p, err = st.priceCards(desk, cards); from = st.playsFrom() })
	if err != nil {
		return Quote{}, err
	}
	return Quote{Desk: p.Desk, Cards: p.Cards, Regular: p.Regular, Special: p.Special, Bundles: p.Bundles,
		Total: p.Total, Hint: p.Hint, Warnings: p.Warnings, PlaysFrom: from}, nil
}

// PlaysFrom is the game a card sold or issued now plays from (R14); 0
// when the programme has no game left.
func (d *Day) PlaysFrom() int {
	var n int
	d.View(func(st *State) { n = st.playsFrom() })
	return n
}

// playsFrom is the game a card sold or issued now plays from: the next
// game not started, since the one in play has its numbers fixed from its
// start (R14); 0 when the programme has no game left.
func (st *State) playsFrom() int {
	if n := len(st.games) + 1; st.event != nil && n <= len(st.event.Programme) {
		return n
	}
	return 0
}

// priceCards checks the cards of a sale at a desk against the state and
// prices them: the sale to record, without its payments.
func (st *State) priceCards(desk string, cards []CardCode) (saleRecorded, error) {
	if err := st.selling(); err != nil {
		return saleRecorded{}, err
	}
	dk, err := st.desk(desk)
	if err != nil {
		return saleRecorded{}, err
	}
	s := st.ent.open[dk.Name]
	if s == nil {
		return saleRecorded{}, Errorf(EInvalid, "la caisse « %s » est fermée : l'ouvrir avant de vendre", dk.Name)
	}
	refs, serials, err := st.saleCards(cards)
	if err != nil {
		return saleRecorded{}, err
	}
	p := saleRecorded{ID: len(st.ent.sales) + 1, Desk: dk.Name, Session: s.ID, Cards: serials}
	for i, ref := range refs {
		kind := st.series[ref.Series].Kind
		switch {
		case kind == Special && !dk.Special:
			return saleRecorded{}, Errorf(EInvalid, "la carte %s est une carte spéciale : elle se vend seulement à la caisse dédiée%s (R30)", serials[i], st.specialDesks())
		case kind != Special && dk.Special:
			return saleRecorded{}, Errorf(EInvalid, "la caisse « %s » est dédiée à la carte spéciale : la carte %s se vend aux autres caisses (R30)", dk.Name, serials[i])
		case kind == Special:
			p.Special++
		default:
			p.Regular++
		}
	}
	for _, k := range []struct {
		kind Kind
		n    int
	}{{Regular, p.Regular}, {Special, p.Special}} {
		// Before the first game the programme is the organiser's choice,
		// checked with the event; once a game has started, a card no later
		// game plays would be sold for nothing.
		if k.n > 0 && len(st.games) > 0 && !st.gameLeftFor(k.kind) {
			return saleRecorded{}, Errorf(EConflict, "plus aucune partie ne reste pour les cartes %s : la partie n° %d a commencé et aucune partie après elle ne les fait jouer (R14) ; ne pas les vendre", kindFrench(k.kind), len(st.games))
		}
	}
	prices := st.event.Prices
	var regular Cents
	for _, k := range []struct {
		kind  Kind
		tiers []PriceTier
		n     int
	}{{Regular, prices.Regular, p.Regular}, {Special, prices.Special, p.Special}} {
		c, b, ok := Price(k.kind, k.tiers, k.n)
		if !ok {
			return saleRecorded{}, Errorf(EInvalid, "aucun prix pour %s dans la liste des prix", cardsOfKind(k.n, k.kind))
		}
		if k.kind == Regular {
			regular = c
		}
		p.Total += c
		p.Bundles = append(p.Bundles, b...)
	}
	if p.Regular > 0 {
		p.Hint = priceHint(prices.Regular, p.Regular, regular)
	}
	if g := st.running(); g != nil && !g.Plays(st.head+1) {
		p.Warnings = append(p.Warnings, fmt.Sprintf("la partie n° %d a commencé : ces cartes jouent à partir de la partie suivante (R14)", g.Number))
	}
	return p, nil
}

// gameLeftFor reports whether a card of kind stamped now still has a game to
// play: one not started yet that accepts its kind (R14, R31). The game in
// play is none of them, since its numbers are fixed from its start.
func (st *State) gameLeftFor(kind Kind) bool {
	for _, g := range st.event.Programme[len(st.games):] {
		if g.Accepts(kind) {
			return true
		}
	}
	return false
}

// priceHint tells the cashier, for n regular cards at price, that more
// cards cost no more (5 cards at 22 EUR, a plate of 6 at 20 EUR); "" when
// no larger count within a plate costs as little.
func priceHint(tiers []PriceTier, n int, price Cents) string {
	m, c := cheaperWithMore(tiers, n, price)
	if m == 0 {
		return ""
	}
	these := fmt.Sprintf("ces %d", n)
	if n == 1 {
		these = "cette carte"
	}
	return fmt.Sprintf("conseil : %d cartes coûtent %s, pas plus que %s (%s)", m, c, these, price)
}

// PriceLine is the price of a count of cards of one kind, with the hint
// for that count: a line of the table a desk prices its basket from while
// the server cannot be reached.
type PriceLine struct {
	Cards int    `json:"cards"`
	Cents Cents  `json:"cents"`
	Hint  string `json:"hint,omitempty"`
}

// PriceTable prices 1 to most cards of each kind as the day's price list
// does (R7, R30), so that a desk cut from the server still charges what a
// sale would; a count the list cannot make is left out.
func (d *Day) PriceTable(most int) map[Kind][]PriceLine {
	ev := d.Event()
	out := map[Kind][]PriceLine{Regular: {}, Special: {}}
	if ev == nil {
		return out
	}
	for _, k := range []struct {
		kind  Kind
		tiers []PriceTier
	}{{Regular, ev.Prices.Regular}, {Special, ev.Prices.Special}} {
		for n := 1; n <= most; n++ {
			c, _, ok := Price(k.kind, k.tiers, n)
			if !ok {
				continue
			}
			l := PriceLine{Cards: n, Cents: c}
			if k.kind == Regular {
				l.Hint = priceHint(k.tiers, n, c)
			}
			out[k.kind] = append(out[k.kind], l)
		}
	}
	return out
}

// Method is a way to pay at a desk (R8).
type Method string

// The payment methods.
const (
	Cash     Method = "cash"
	BankCard Method = "card"
	Cheque   Method = "cheque"
)

// Methods lists the payment methods in the order reports show them.
var Methods = []Method{Cash, BankCard, Cheque}

// French names the method for people.
func (m Method) French() string {
	switch m {
	case Cash:
		return "espèces"
	case BankCard:
		return "carte bancaire"
	case Cheque:
		return "chèque"
	}
	return string(m)
}

// ParseMethod reads a method as typed: cash, card or cheque (or their French names).
func ParseMethod(text string) (Method, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "cash", "especes", "espèces":
		return Cash, nil
	case "card", "carte", "cb":
		return BankCard, nil
	case "cheque", "chèque", "check":
		return Cheque, nil
	}
	return "", Errorf(EInvalid, "moyen de paiement « %s » inconnu : cash (espèces), card (carte bancaire) ou cheque (chèque)", Shown(strings.TrimSpace(text)))
}

// Payment is the money one method brings to a sale; for cash, the amount
// tendered (the change comes back from it).
type Payment struct {
	Method Method `json:"method"`
	Cents  Cents  `json:"cents"`
}

// Identity is the identity document a cheque requires (R8): its kind (CNI,
// passeport, permis...) and its number.
type Identity struct {
	Kind   string `json:"kind"`
	Number string `json:"number"`
}

// maxChange is the most change a desk gives: more than the largest euro
// note means the amount tendered was mistyped.
const maxChange Cents = 50000

// ParsePayments reads payments as typed: "cash:30.00" or split between
// methods, "cash:10,card:15.50" (the decimal separator is the dot, the
// comma separates payments).
func ParsePayments(text string) ([]Payment, error) {
	if strings.TrimSpace(text) == "" {
		return nil, Errorf(EInvalid, "le paiement est requis, par exemple cash:25.00 ou cash:10,card:15")
	}
	var out []Payment
	for _, item := range strings.Split(text, ",") {
		m, amount, ok := strings.Cut(item, ":")
		if !ok {
			return nil, Errorf(EInvalid, "paiement « %s » illisible : écrire moyen:montant, par exemple cash:25.00 (un point avant les centimes, une virgule entre deux paiements)", Shown(strings.TrimSpace(item)))
		}
		method, err := ParseMethod(m)
		if err != nil {
			return nil, err
		}
		c, err := ParseCents(amount)
		if err != nil {
			return nil, err
		}
		out = append(out, Payment{Method: method, Cents: c})
	}
	return out, nil
}

// ParseIdentity reads an identity document as typed: its kind, then its
// number ("CNI 123456", "passeport 12AB34567").
func ParseIdentity(text string) (*Identity, error) {
	f := strings.Fields(text)
	if len(f) < 2 {
		return nil, Errorf(EInvalid, "pièce d'identité « %s » incomplète : écrire le type puis le numéro, par exemple « CNI 123456 » (R8)", Shown(strings.TrimSpace(text)))
	}
	id := &Identity{Kind: strings.Join(f[:len(f)-1], " "), Number: strings.ToUpper(f[len(f)-1])}
	if err := checkIdentity(id); err != nil {
		return nil, err
	}
	return id, nil
}

func checkIdentity(id *Identity) error {
	if id == nil || strings.TrimSpace(id.Kind) == "" || strings.TrimSpace(id.Number) == "" {
		return Errorf(EInvalid, "paiement par chèque : la pièce d'identité (type et numéro) est obligatoire (R8)")
	}
	if err := CheckText("type de la pièce d'identité", id.Kind, 40); err != nil {
		return err
	}
	if len(id.Number) > 30 || !alnum(id.Number) {
		return Errorf(EInvalid, "pièce d'identité « %s %s » invalide : un type court et un numéro en lettres et chiffres (R8)", Shown(id.Kind), Shown(id.Number))
	}
	return nil
}

func alnum(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return s != ""
}

// settle checks the payments of a sale of total and returns the change. The
// card and the cheque give no change, so they may not pass the total; the
// cash covers the rest and gives the change. A cheque needs the identity
// document and the cheque number (R8), which are refused without one.
func settle(total Cents, pays []Payment, id *Identity, cheque string) (Cents, error) {
	if len(pays) == 0 {
		return 0, Errorf(EInvalid, "le paiement est requis (espèces, carte ou chèque)")
	}
	by := map[Method]Cents{}
	for _, p := range pays {
		if _, known := methodIndex(p.Method); !known {
			return 0, Errorf(EInvalid, "moyen de paiement « %s » inconnu : cash, card ou cheque", Shown(string(p.Method)))
		}
		if _, dup := by[p.Method]; dup {
			return 0, Errorf(EInvalid, "deux paiements en %s : les réunir en un seul", p.Method.French())
		}
		if p.Cents <= 0 {
			return 0, Errorf(EInvalid, "montant de %s en %s invalide : au moins 0,01 €", p.Cents, p.Method.French())
		}
		if err := tooMuch("paiement en "+p.Method.French(), p.Cents, maxAmount); err != nil {
			return 0, err
		}
		by[p.Method] = p.Cents
	}
	if _, ok := by[Cheque]; ok {
		if err := checkIdentity(id); err != nil {
			return 0, err
		}
		if c := strings.TrimSpace(cheque); c == "" || len(c) > 20 || !alnum(c) {
			return 0, Errorf(EInvalid, "paiement par chèque : le numéro du chèque est requis (chiffres et lettres, 20 au plus)")
		}
	} else if id != nil || strings.TrimSpace(cheque) != "" {
		return 0, Errorf(EInvalid, "la pièce d'identité et le numéro de chèque ne servent qu'au paiement par chèque (R8)")
	}
	noCash := by[BankCard] + by[Cheque]
	if noCash > total {
		return 0, Errorf(EInvalid, "la carte et le chèque ne rendent pas de monnaie : %s pour un total de %s", noCash, total)
	}
	due, cash := total-noCash, by[Cash]
	switch {
	case cash < due && noCash == 0:
		return 0, Errorf(EInvalid, "espèces remises (%s) inférieures au total (%s) : il manque %s", cash, total, due-cash)
	case cash < due:
		return 0, Errorf(EInvalid, "les paiements (%s) ne couvrent pas le total de %s : il manque %s", listPayments(pays), total, due-cash)
	case cash > 0 && due == 0:
		return 0, Errorf(EInvalid, "espèces en trop : la carte et le chèque couvrent déjà le total de %s", total)
	case cash-due >= maxChange:
		return 0, Errorf(EInvalid, "monnaie à rendre de %s : plus qu'un billet de 500 €, vérifier le montant remis (%s)", cash-due, cash)
	}
	return cash - due, nil
}

// listPayments writes payments for people: "espèces 5,00 €, carte bancaire 10,00 €".
func listPayments(pays []Payment) string {
	parts := make([]string, len(pays))
	for i, p := range pays {
		parts[i] = p.Method.French() + " " + p.Cents.String()
	}
	return strings.Join(parts, ", ")
}

func methodIndex(m Method) (int, bool) {
	for i, x := range Methods {
		if x == m {
			return i, true
		}
	}
	return 0, false
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
