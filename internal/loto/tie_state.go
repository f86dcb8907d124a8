package loto

import (
	"fmt"
	"slices"
	"strings"

	"loto/internal/journal"
)

// The tokens and the refusal to share belong to a set of tied cards, not to
// a moment of the control: a ruling or a void that changes the winners and
// changes them back must not buy a new draw of the tokens, nor erase a
// refusal (R17, R18). So a control keeps every draw of tokens and every
// refusal made during it, and the winners of the moment take the earliest
// draw that covers them all and a refusal made by exactly them.

// tieKey names a set of winners: their serials in order.
func tieKey(winners []ClaimResult) string {
	s := make([]string, len(winners))
	for i, w := range winners {
		s[i] = w.Serial
	}
	slices.Sort(s)
	return strings.Join(s, " ")
}

// retie gives the winners of the moment the tokens and the refusal that are
// theirs: the earliest draw of this control holding a token for each of
// them (restricted to them), and a refusal made by the same winners.
func (g *GameRecord) retie() {
	winners := g.Winners()
	g.tokens, g.declined = nil, false
	if len(winners) < 2 {
		return
	}
	for _, draw := range g.draws {
		if tokens, ok := tokensFor(winners, draw); ok {
			g.tokens = tokens
			break
		}
	}
	key := tieKey(winners)
	g.declined = slices.Contains(g.refusals, key)
}

// tokensFor is the token of each winner in draw, in the draw's order, and
// whether each winner has one there.
func tokensFor(winners []ClaimResult, draw []ClaimToken) ([]ClaimToken, bool) {
	var out []ClaimToken
	for _, t := range draw {
		if slices.ContainsFunc(winners, func(w ClaimResult) bool { return w.Claim == t.Claim }) {
			out = append(out, t)
		}
	}
	return out, len(out) == len(winners)
}

// winnersChanged tells the host why the winners are no longer those of the
// control, and what it means for the tie, once retie has run; a change that
// leaves the set of winners as it was says nothing.
func (g *GameRecord) winnersChanged(before []ClaimResult, why string) {
	after := g.Winners()
	if tieKey(before) == tieKey(after) {
		return
	}
	var then string
	switch {
	case len(after) == 0:
		then = "plus aucun gagnant : la partie reprend (R22)"
	case len(after) == 1:
		then = fmt.Sprintf("un seul gagnant, la carte %s : elle prend le lot", after[0].Serial)
	case len(g.tokens) == len(after):
		then = fmt.Sprintf("%d gagnants : chacun garde le pion déjà tiré (R17)", len(after))
	case len(g.draws) > 0 && AdviseTie(g.StageSpec().Prize, len(after), g.declined) != TieShare:
		then = fmt.Sprintf("%d gagnants, qui n'ont pas tous un pion : les pions sont à tirer pour eux (R17)", len(after))
	default:
		then = fmt.Sprintf("%d gagnants", len(after))
	}
	if len(after) > 1 && !g.declined && len(g.refusals) > 0 {
		then += " ; le refus du partage, fait par d'autres gagnants, ne vaut plus (R18)"
	}
	g.note = why + " : " + then
}

// voidWinners takes out of the award the winners of the control awaiting
// it whose cards a refund or an exclusion voided since (R28): a void card
// takes no prize, the other winners share the stage as if it had not
// won, and with none left the game goes on.
func (st *State) voidWinners(e journal.Event, refs []CardRef, reason string) error {
	g := st.running()
	if g == nil || g.Phase != PhaseControl {
		return nil
	}
	before := g.Winners()
	var voided []string
	for i := range g.control {
		c := &g.control[i]
		if c.Verdict != VerdictWin {
			continue
		}
		ref, err := refOf(c.Serial)
		if err != nil {
			return internalf(err, "événement %d : annonce %d", e.Seq, c.Claim)
		}
		if !slices.Contains(refs, ref) {
			continue
		}
		c.Verdict = VerdictVoided
		c.Reason = fmt.Sprintf("carte annulée après son contrôle (%s, événement n° %d) : elle ne prend pas de lot (R28)", refundReasonFrench(reason), e.Seq)
		rec := &g.Stages[g.Stage]
		for j := range rec.Claims {
			if rec.Claims[j].Claim == c.Claim {
				rec.Claims[j].Verdict, rec.Claims[j].Reason = c.Verdict, c.Reason
			}
		}
		voided = append(voided, c.Serial)
	}
	if len(voided) == 0 {
		return nil
	}
	g.retie()
	g.settle()
	what := fmt.Sprintf("la carte %s, annulée après le contrôle (%s), ne prend pas de lot (R28)", voided[0], refundReasonFrench(reason))
	if len(voided) > 1 {
		what = fmt.Sprintf("les cartes %s, annulées après le contrôle (%s), ne prennent pas de lot (R28)", strings.Join(voided, ", "), refundReasonFrench(reason))
	}
	g.winnersChanged(before, what)
	return nil
}

// claimSerial is the serial of a claim of the control.
func claimSerial(control []ClaimResult, claim int) string {
	for _, c := range control {
		if c.Claim == claim {
			return c.Serial
		}
	}
	return ""
}
