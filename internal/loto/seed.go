package loto

import (
	"encoding/hex"

	"loto/internal/journal"
)

// A game's numbers and tie tokens come from a seed drawn when the game
// starts, never before (R14): a copy of the database taken before the start
// holds nothing that foretells them. The start event commits to the seed
// (its SHA-256, shown before the first number), the seed itself is a secret
// kept beside the journal while the game is played, and an event reveals it
// when the game ends, so that anyone can recompute every draw (AuditDraws).

// newGameSeed draws the seed of a game about to start and its commitment.
func (d *Day) newGameSeed() (seed []byte, commitment string, err error) {
	seed, err = d.randomBytes(32)
	if err != nil {
		return nil, "", err
	}
	return seed, sha256Hex(seed), nil
}

// gameSeed returns the secret seed of a game in play.
func (st *State) gameSeed(g *GameRecord) ([]byte, error) {
	seed, ok := st.secrets[gameSeedSecret(g.Number)]
	if !ok {
		return nil, internalf(nil, "graine de la partie %d absente", g.Number)
	}
	return seed, nil
}

// revealDraft is the event that reveals the seed of a game ending now:
// after its last award, or cut short when the day ends during it.
func (st *State) revealDraft(actor Actor, g *GameRecord, cutShort bool) (journal.Draft, error) {
	seed, err := st.gameSeed(g)
	if err != nil {
		return journal.Draft{}, err
	}
	return draft(actor, TypeSeedRevealed, seedRevealed{Game: g.Number, Seed: hex.EncodeToString(seed), CutShort: cutShort})
}

// applyReveal folds the reveal of a game's seed, which must match the
// commitment of its start. A game cut short ends here.
func (st *State) applyReveal(e journal.Event, p seedRevealed) error {
	if p.Game < 1 || p.Game > len(st.games) {
		return internalf(nil, "événement %d : graine d'une partie %d pas commencée", e.Seq, p.Game)
	}
	g := st.games[p.Game-1]
	seed, err := hex.DecodeString(p.Seed)
	if err != nil || sha256Hex(seed) != g.SeedSHA256 || g.Seed != "" {
		return internalf(err, "événement %d : la graine révélée de la partie %d ne correspond pas à son engagement", e.Seq, p.Game)
	}
	switch {
	case p.CutShort && g.Phase != PhaseOver:
		g.Phase, g.CutShort = PhaseOver, true
		g.call, g.control, g.tokens, g.declined, g.play = nil, nil, nil, false, nil
		g.draws, g.refusals, g.note = nil, nil, ""
	case p.CutShort || g.Phase != PhaseOver:
		return internalf(nil, "événement %d : graine de la partie %d révélée avant sa fin", e.Seq, p.Game)
	}
	g.Seed = p.Seed
	return nil
}

// applyDayEnded folds the end of a day cut short.
func (st *State) applyDayEnded(e journal.Event, p dayEnded) error {
	if st.event == nil || st.ended || st.running() != nil {
		return internalf(nil, "événement %d : clôture de la journée hors de propos", e.Seq)
	}
	st.ended = true
	return nil
}
