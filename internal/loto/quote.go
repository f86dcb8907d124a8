package loto

import (
	"context"
	"fmt"
)

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
