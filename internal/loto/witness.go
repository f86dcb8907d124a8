package loto

import (
	"context"
	"time"

	"loto/internal/card"
	"loto/internal/journal"
)

// The hall is the witness of the draw: a copy of the base taken before a
// game starts, restored after its seed was seen, lets the organiser start
// that game again with another seed, and the restored journal alone would
// never show it. So every game's start shows its commitment and its anchor
// in the hall, and a restore that replaced a journal is itself an event of
// the journal restored, which the board shows.

// TypeJournalRestored records that `loto restore --force` put a backup in
// the place of a journal that held events: the restored journal says which
// head it replaced.
const TypeJournalRestored = "journal.restored"

// journalRestored is the payload of TypeJournalRestored.
type journalRestored struct {
	Replaced journal.Anchor `json:"replaced"` // the head of the journal replaced
	Games    int            `json:"games"`    // the games that journal had started
}

// Restore is a restore the journal records: when, and the journal it replaced.
type Restore struct {
	Seq      int64          `json:"seq"`
	Time     time.Time      `json:"time"`
	Replaced journal.Anchor `json:"replaced"`
	Games    int            `json:"games"`
}

func (st *State) applyRestored(e journal.Event, p journalRestored) error {
	if p.Replaced.Seq < 1 || p.Games < 0 {
		return internalf(nil, "événement %d : restauration sans journal remplacé", e.Seq)
	}
	st.restores = append(st.restores, Restore{Seq: e.Seq, Time: e.Time, Replaced: p.Replaced, Games: p.Games})
	return nil
}

// RecordRestore records that the journal of the day was restored in the
// place of another, whose head was replaced and which had started games
// games. Only the organiser restores a base.
func (d *Day) RecordRestore(ctx context.Context, actor Actor, replaced journal.Anchor, games int) (journal.Anchor, error) {
	if err := Authorize(actor, CmdRecordRestore, ""); err != nil {
		return journal.Anchor{}, err
	}
	if replaced.Seq < 1 || games < 0 {
		return journal.Anchor{}, Errorf(EInvalid, "restauration : l'ancre du journal remplacé est requise")
	}
	e, err := d.run(ctx, TypeJournalRestored, func(st *State) ([]journal.Draft, int, error) {
		dr, err := draft(actor, TypeJournalRestored, journalRestored{Replaced: replaced, Games: games})
		return []journal.Draft{dr}, 0, err
	})
	if err != nil {
		return journal.Anchor{}, err
	}
	return anchorOf(e), nil
}

// GameDraw is what anyone may recompute of a game once its seed is
// revealed: its commitment, the anchor of its start, the numbers drawn in
// order and, after its end, its seed.
type GameDraw struct {
	Game       int            `json:"game"`
	Title      string         `json:"title"`
	SeedSHA256 string         `json:"seed_sha256"`
	Started    journal.Anchor `json:"started"` // the anchor of the game's start event
	Seed       string         `json:"seed,omitempty"`
	// RNG: the program drew the numbers from the seed; in a manual day the
	// ball machine did, and there is nothing to recompute.
	RNG      bool          `json:"rng"`
	Draws    []card.Number `json:"draws"`
	Over     bool          `json:"over"`
	CutShort bool          `json:"cut_short,omitempty"`
}

// GameDraws returns every game started so far, for the hall to check.
func (d *Day) GameDraws() []GameDraw {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := []GameDraw{}
	rng := d.st.event != nil && d.st.event.Draw == DrawRNG
	for _, g := range d.st.games {
		draws := g.Drawn()
		if draws == nil {
			draws = []card.Number{}
		}
		out = append(out, GameDraw{Game: g.Number, Title: g.Title, SeedSHA256: g.SeedSHA256, Started: g.startAnchor(),
			Seed: g.Seed, RNG: rng, Draws: draws, Over: g.Phase == PhaseOver, CutShort: g.CutShort})
	}
	return out
}

// startAnchor is the anchor of the game's start event.
func (g *GameRecord) startAnchor() journal.Anchor {
	return journal.Anchor{Seq: g.started, Hash: g.startHash}
}

// PublicRestore is the last restore of the journal, as the board shows it.
type PublicRestore struct {
	Time     time.Time      `json:"time"`
	Replaced journal.Anchor `json:"replaced"`
	Games    int            `json:"games"`
}

// publicRestore is the last restore, its time in the event's zone (R1).
func (st *State) publicRestore() *PublicRestore {
	if len(st.restores) == 0 {
		return nil
	}
	r := st.restores[len(st.restores)-1]
	t := r.Time
	if st.event != nil {
		t = t.In(st.event.Location())
	}
	return &PublicRestore{Time: t, Replaced: r.Replaced, Games: r.Games}
}
