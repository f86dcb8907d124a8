package loto

import (
	"context"
	"encoding/hex"
	"strings"

	"loto/internal/journal"
)

// EndDay closes a day cut short (games left unplayed, a postponed loto): it
// reveals the day seed, so every number and token already drawn can be
// recomputed by anyone (R14), and no game starts after it. A game in play
// must be over first. The last award of the programme ends the day by itself.
func (d *Day) EndDay(ctx context.Context, actor Actor, reason string) (seed string, err error) {
	if err := Authorize(actor, CmdEndDay, ""); err != nil {
		return "", err
	}
	reason = strings.TrimSpace(reason)
	_, err = d.runKeyed(ctx, TypeSeedRevealed, sameEndDay(reason), func(st *State) ([]journal.Draft, int, error) {
		if st.event == nil {
			return nil, 0, Errorf(EInvalid, "l'événement du jour n'est pas créé")
		}
		if st.revealed != nil {
			return nil, 0, Errorf(EConflict, "la journée est déjà close : sa graine est révélée")
		}
		if g := st.running(); g != nil {
			return nil, 0, Errorf(EConflict, "la partie %d (« %s ») est en cours : attribuer le lot de sa dernière étape avant de clore la journée", g.Number, g.Title)
		}
		if reason == "" {
			return nil, 0, Errorf(EInvalid, "la raison de la clôture anticipée est requise (elle figure au journal)")
		}
		dr, err := draft(actor, TypeSeedRevealed, seedRevealed{Seed: hex.EncodeToString(st.secrets[daySeedSecret]), Reason: reason})
		return []journal.Draft{dr}, 0, err
	})
	if err != nil {
		return "", err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return hex.EncodeToString(d.st.revealed), nil
}
