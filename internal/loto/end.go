package loto

import (
	"context"
	"strings"

	"loto/internal/journal"
)

// EndResult is a day closed before its programme was played.
type EndResult struct {
	CutShort int    `json:"cut_short,omitempty"` // the game in play, ended without its last award
	Seed     string `json:"seed,omitempty"`      // that game's seed, revealed
}

// EndDay closes a day cut short (games left unplayed, a postponed loto): no
// game starts after it. A game in play ends with it, its seed revealed in
// the same append, so that every number and token it drew can be recomputed
// by anyone (R14); its stages not yet awarded are not. The last award of the
// programme ends the day by itself.
func (d *Day) EndDay(ctx context.Context, actor Actor, reason string) (EndResult, error) {
	if err := Authorize(actor, CmdEndDay, ""); err != nil {
		return EndResult{}, err
	}
	reason = strings.TrimSpace(reason)
	if err := CheckText("raison de la clôture", reason, MaxNote); err != nil {
		return EndResult{}, err
	}
	_, err := d.runKeyed(ctx, TypeDayEnded, sameEndDay(reason), func(st *State) ([]journal.Draft, int, error) {
		if st.event == nil {
			return nil, 0, Errorf(EInvalid, "l'événement du jour n'est pas créé")
		}
		if st.dayOver() != "" {
			return nil, 0, Errorf(EConflict, "la journée est déjà close")
		}
		if reason == "" {
			return nil, 0, Errorf(EInvalid, "la raison de la clôture anticipée est requise (elle figure au journal)")
		}
		var drafts []journal.Draft
		if g := st.running(); g != nil {
			rv, err := st.revealDraft(actor, g, true)
			if err != nil {
				return nil, 0, err
			}
			drafts = append(drafts, rv)
		}
		dr, err := draft(actor, TypeDayEnded, dayEnded{Reason: reason})
		return append(drafts, dr), len(drafts), err
	})
	if err != nil {
		return EndResult{}, err
	}
	var r EndResult
	d.View(func(st *State) {
		if g := st.Current(); g != nil && g.CutShort {
			r.CutShort, r.Seed = g.Number, g.Seed
		}
	})
	return r, nil
}
