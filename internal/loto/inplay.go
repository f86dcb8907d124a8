package loto

import (
	"sort"

	"loto/internal/card"
	"loto/internal/game"
)

// inPlay is the winner index of a game over its cards in play: stamped (R9),
// not voided (R28), of a series kind the game accepts (R31, R32). It is a
// cache of the state, built when first needed and again after a sale or a
// refund during the game, so replaying a journal never builds the indexes of
// past games.
type inPlay struct {
	ix    *game.Index
	refs  []CardRef         // card id -> card
	id    map[CardRef]int32 // card -> card id
	stale bool
}

func (p *inPlay) mark(n card.Number) {
	if p != nil && !p.stale {
		p.ix.Mark(n)
	}
}

func (p *inPlay) unmark(n card.Number) {
	if p != nil && !p.stale {
		p.ix.Unmark(n)
	}
}

// dirty makes the running game rebuild its index: the cards in play changed.
func (st *State) dirty() {
	if g := st.running(); g != nil && g.play != nil {
		g.play.stale = true
	}
}

// inPlayRefs lists the cards in play for a game, in series then number order
// so that the plates of 6 stay together (the index packs them best so).
func (st *State) inPlayRefs(g *GameRecord) []CardRef {
	var refs []CardRef
	for ref, at := range st.stamped {
		if _, void := st.voided[ref]; void || !g.Plays(at) {
			continue
		}
		if s, ok := st.series[ref.Series]; ok && g.Spec.Accepts(s.Kind) {
			refs = append(refs, ref)
		}
	}
	sort.Slice(refs, func(i, j int) bool {
		if refs[i].Series != refs[j].Series {
			return seriesLess(refs[i].Series, refs[j].Series)
		}
		return refs[i].Number < refs[j].Number
	})
	return refs
}

// play returns the game's index, built over the cards in play now with every number drawn marked.
func (st *State) play(g *GameRecord) (*inPlay, error) {
	if g.play != nil && !g.play.stale {
		return g.play, nil
	}
	refs := st.inPlayRefs(g)
	grids := make([]card.Card, len(refs))
	id := make(map[CardRef]int32, len(refs))
	for i, ref := range refs {
		c, err := st.grid(ref)
		if err != nil {
			return nil, err
		}
		grids[i] = c
		id[ref] = int32(i)
	}
	ix, err := game.BuildIndex(grids)
	if err != nil {
		return nil, internalf(err, "index des cartes en jeu")
	}
	for _, n := range g.drawn.List() {
		ix.Mark(n)
	}
	g.play = &inPlay{ix: ix, refs: refs, id: id}
	return g.play, nil
}

// grid returns the card's grid, rebuilt from its series seed (and cached).
func (st *State) grid(ref CardRef) (card.Card, error) {
	if c, ok := st.grids[ref]; ok {
		return c, nil
	}
	s, ok := st.series[ref.Series]
	if !ok {
		return card.Card{}, Errorf(ENotFound, "la série %s n'existe pas", ref.Series)
	}
	seed, ok := st.secrets[seriesSeedSecret(ref.Series)]
	if !ok {
		return card.Card{}, internalf(nil, "graine de la série %s absente", ref.Series)
	}
	if ref.Number < 1 || ref.Number > s.Cards {
		return card.Card{}, Errorf(ENotFound, "la série %s n'a pas de carte n° %d (elle en compte %d)", ref.Series, ref.Number, s.Cards)
	}
	c := cardAt(seed, s.Rerolls, ref.Number)
	st.grids[ref] = c
	return c, nil
}

// indexed returns the running game and its index once a number is drawn;
// the game is nil before its first number and between games.
func (st *State) indexed() (*GameRecord, *inPlay, error) {
	g := st.running()
	if g == nil || g.drawn.Len() == 0 {
		return nil, nil, nil
	}
	p, err := st.play(g)
	if err != nil {
		return nil, nil, err
	}
	return g, p, nil
}

// Callable is how many cards in play could call out now for the stage in
// play, with the last number drawn (R16); 0 outside the draw.
func (st *State) Callable() (int, error) {
	g, p, err := st.indexed()
	if g == nil || err != nil {
		return 0, err
	}
	return p.ix.Count(g.StageSpec().Lines, g.Last()), nil
}

// OneAway is how many cards in play lack one number only to win the
// stage being played: the hall's suspense, for the host and the board.
func (st *State) OneAway() (int, error) {
	g, p, err := st.indexed()
	if g == nil || err != nil {
		return 0, err
	}
	return p.ix.OneAway(g.StageSpec().Lines), nil
}

// CallableCards lists the serials of the cards that could call out now (R16),
// for the host and for simulated players.
func (st *State) CallableCards() ([]string, error) {
	g, p, err := st.indexed()
	if g == nil || err != nil {
		return nil, err
	}
	var out []string
	for _, id := range p.ix.Winners(g.StageSpec().Lines, g.Last()) {
		s, err := st.serialOf(p.refs[id])
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
