package drive

import "loto/internal/card"

// model is what the players of a game see on their cards: the numbers
// drawn marked, so that each knows when its card wins.
type model struct {
	cards []Card
	// at lists, for each number, the cards and rows that hold it.
	at    [91][]spot
	count [][3]int8 // marked numbers of each row of each card
	drawn []card.Number
}

// spot is a row of a card.
type spot struct {
	card int32
	row  int8
}

// model sets up the game's model: the cards sold that play in it (R31).
func (d *Driver) model(g Game) *model {
	d.mu.Lock()
	defer d.mu.Unlock()
	m := &model{}
	add := func(c *Card, ok bool) {
		if c == nil || !ok || !d.sold[c.Serial] {
			return
		}
		id := int32(len(m.cards))
		m.cards = append(m.cards, *c)
		for r := range 3 {
			for _, n := range c.Grid[r] {
				if n != 0 {
					m.at[n] = append(m.at[n], spot{id, int8(r)})
				}
			}
		}
	}
	for i := range d.plan.Players {
		pl := &d.plan.Players[i]
		add(pl.Free, g.Regular)
		for j := range pl.Regular {
			add(&pl.Regular[j], g.Regular)
		}
		add(pl.Special, g.Special)
	}
	m.count = make([][3]int8, len(m.cards))
	return m
}

// mark marks number n on every card that holds it.
func (m *model) mark(n card.Number) {
	m.drawn = append(m.drawn, n)
	for _, s := range m.at[n] {
		m.count[s.card][s.row]++
	}
}

// rows is the count of complete rows of card c.
func (m *model) rows(c int32) int {
	k := 0
	for _, v := range m.count[c] {
		if v == 5 {
			k++
		}
	}
	return k
}

// winners are the serials of the cards that win a stage of lines with n,
// the number just drawn: n completes one of their rows and they have lines
// complete rows (R16, R20), as the server judges it.
func (m *model) winners(lines int, n card.Number) []string {
	var out []string
	for _, s := range m.at[n] {
		if m.count[s.card][s.row] == 5 && m.rows(s.card) >= lines {
			out = append(out, m.cards[s.card].Serial)
		}
	}
	return out
}

// loser is a card in play that has not got lines complete rows, looked
// for from the from-th card on: a call on it is a mistake; "" when every
// card has them.
func (m *model) loser(lines, from int) string {
	for i := range m.cards {
		c := int32((from + i) % len(m.cards))
		if m.rows(c) < lines {
			return m.cards[c].Serial
		}
	}
	return ""
}
