package loto

import (
	"context"
	"fmt"

	"loto/internal/card"
	"loto/internal/game"
	"loto/internal/journal"
)

// Claim registers a claimed card (R15). During the draw it also stops the
// draw (the call); once a control started at the current number the claim
// is late and recorded so (R21), even when that control found no winner.
// The serial is read at the edge (ParseSerial).
func (d *Day) Claim(ctx context.Context, actor Actor, serial card.Serial) (ClaimAnswer, error) {
	if err := Authorize(actor, CmdClaim, ""); err != nil {
		return ClaimAnswer{}, err
	}
	c, err := answer[claimRegistered, ClaimResult](d.runKeyed(ctx, TypeClaimRegistered, sameClaim(serial), func(st *State) ([]journal.Draft, int, error) {
		g := st.running()
		if g == nil {
			return nil, 0, Errorf(EConflict, "aucune partie en cours : pas d'annonce à enregistrer")
		}
		p := claimRegistered{Game: g.Number, Stage: g.Stage, Claim: st.claims + 1, Serial: serial.String()}
		switch g.Phase {
		case PhaseDrawing:
			if g.drawn.Len() == 0 {
				return nil, 0, Errorf(EConflict, "aucun numéro n'est encore sorti : pas d'annonce possible")
			}
			if g.ControlledHere() {
				// R21: the control at this number has begun, whatever it
				// found; waiting to see it must not pay.
				p.Verdict, p.Reason = VerdictLate, lateAtNumber(g.Last())
				break
			}
			p.Call = true
		case PhaseControl:
			p.Verdict = VerdictLate // R21
		}
		dr, err := draft(actor, TypeClaimRegistered, p)
		return []journal.Draft{dr}, 0, err
	}))
	r := ClaimAnswer{ClaimResult: c}
	if err == nil && r.Verdict == "" {
		d.View(func(st *State) { r.Warning = st.alreadyCalled(c) })
	}
	return r, err
}

// alreadyCalled warns of a claim whose card an earlier claim of the same
// call names: the control judges the second a duplicate (it counts once),
// and the controller hears it now, while the player is still there.
func (st *State) alreadyCalled(r ClaimResult) string {
	g := st.running()
	if g == nil {
		return ""
	}
	for _, c := range g.call {
		if c.Serial == r.Serial && c.Claim < r.Claim {
			return fmt.Sprintf("attention : la carte %s est déjà annoncée (annonce %d) ; au contrôle elle ne compte qu'une fois", r.Serial, c.Claim)
		}
	}
	return ""
}

// ControlResult is the outcome of a control: every claim's verdict.
type ControlResult struct {
	Game     int           `json:"game"`
	Stage    int           `json:"stage"`
	Verdicts []ClaimResult `json:"verdicts"`
	Winners  int           `json:"winners"`
	Tie      bool          `json:"tie"`     // two or more winners: tokens (R17-R19)
	Resumed  bool          `json:"resumed"` // no winner: the game goes on at the same stage (R22)
}

// StartControl closes the list of claims (a later one is late, R21) and
// gives each claim its verdict with the reason: win with the numbers to read
// out (R20), or not_winner, missed_turn (completed at an earlier number,
// R20, since when in the reason), not_stamped (R9), next_game (sold once the
// game had started, R14), unknown_series,
// bad_check (R10), not_eligible (R31), voided (R28), duplicate. A call that nobody
// confirmed with a card closes empty and the draw resumes.
func (d *Day) StartControl(ctx context.Context, actor Actor) (ControlResult, error) {
	if err := Authorize(actor, CmdControl, ""); err != nil {
		return ControlResult{}, err
	}
	return answer[controlStarted, ControlResult](d.run(ctx, TypeControlStarted, func(st *State) ([]journal.Draft, int, error) {
		g := st.running()
		if g == nil || g.Phase != PhaseCalled {
			return nil, 0, Errorf(EConflict, "aucun appel à contrôler")
		}
		seen := map[CardRef]bool{}
		var verdicts []ClaimResult
		for _, c := range g.call {
			r, err := st.judge(g, c, seen)
			if err != nil {
				return nil, 0, err
			}
			verdicts = append(verdicts, r)
		}
		p := controlStarted{Game: g.Number, Stage: g.Stage, Verdicts: recordedVerdicts(verdicts)}
		dr, err := draft(actor, TypeControlStarted, p)
		return []journal.Draft{dr}, 0, err
	}))
}

// judge gives a claim its verdict against the state, in the order a
// controller checks a card: the serial (R10), the same card twice, the stamp
// (R9), a refund (R28), the game's series kinds (R31), then the win (R20).
func (st *State) judge(g *GameRecord, c ClaimResult, seen map[CardRef]bool) (ClaimResult, error) {
	s, err := parseSerial(c.Serial)
	if err != nil {
		return ClaimResult{}, internalf(err, "annonce %d : numéro de série %q", c.Claim, c.Serial)
	}
	ref := CardRef{Series: s.Series, Number: int(s.Number)}
	series, sold := st.onSale(ref.Series)
	switch {
	case !sold:
		c.Verdict = VerdictUnknownSeries
	case !st.verify(s) || ref.Number > series.Cards:
		c.Verdict = VerdictBadCheck
	case seen[ref]:
		c.Verdict = VerdictDuplicate
	case !st.Stamped(ref):
		c.Verdict = VerdictNotStamped
	case !g.Plays(st.stamped[ref]):
		// Stamped once this game had started: the card is paid for and
		// stamped, so "not stamped" would be false and start a dispute.
		c.Verdict, c.Reason = VerdictNextGame, st.lateReason(g, ref)
	case st.Voided(ref):
		c.Verdict = VerdictVoided
	case !g.Spec.Accepts(series.Kind):
		c.Verdict = VerdictNotEligible
	}
	if c.Verdict != VerdictUnknownSeries && c.Verdict != VerdictBadCheck {
		seen[ref] = true
	}
	if c.Verdict != "" {
		return c, nil
	}
	lines := g.StageSpec().Lines
	win, read, err := st.check(g, ref, c.Serial, lines)
	if err != nil {
		return ClaimResult{}, err
	}
	if win {
		c.Verdict, c.ReadOut = VerdictWin, read
		return c, nil
	}
	grid, err := st.grid(ref)
	if err != nil {
		return ClaimResult{}, err
	}
	drawn := g.Drawn()
	if at, done := game.CompletedAt(grid, drawn, lines); done {
		// Not a player's error: the card won, at a number it let pass (R20).
		c.Verdict, c.Reason = VerdictMissedTurn, missedReason(lines, drawn[at], at+1)
	} else {
		c.Verdict = VerdictNotWinner
	}
	return c, nil
}

// check says whether a card in play wins the stage at the last number, with
// the numbers to read out (R20). A replay that judges its controls again
// checks each claimed card on an index of its own: the same check, without
// indexing every card in play of every game for the few that claim.
func (st *State) check(g *GameRecord, ref CardRef, serial string, lines int) (bool, []card.Number, error) {
	if st.rejudge {
		grid, err := st.grid(ref)
		if err != nil {
			return false, nil, err
		}
		ix, err := game.BuildIndex([]card.Card{grid})
		if err != nil {
			return false, nil, internalf(err, "index de la carte %s", serial)
		}
		for _, n := range g.drawn.List() {
			ix.Mark(n)
		}
		win, read := ix.Check(0, lines, g.Last())
		return win, read, nil
	}
	p, err := st.play(g)
	if err != nil {
		return false, nil, err
	}
	id, ok := p.id[ref]
	if !ok {
		return false, nil, internalf(nil, "carte %s en jeu mais absente de l'index", serial)
	}
	win, read := p.ix.Check(id, lines, g.Last())
	return win, read, nil
}

// missedReason says since when a card that called too late had its lines (R20).
func missedReason(lines int, n card.Number, rank int) string {
	what := "ligne complète"
	switch lines {
	case 2:
		what = "deux lignes complètes"
	case 3:
		what = "carton complet"
	}
	return fmt.Sprintf("%s depuis le n° %d (%s numéro) : annonce trop tardive (R20)", what, n, Ordinal(rank))
}

// lateReason says why a card stamped once a game had started does
// not play that game (R9), naming the sale or the ticket that got it.
func (st *State) lateReason(g *GameRecord, ref CardRef) string {
	const next = "elle joue à partir de la partie suivante (R14)"
	switch h := st.ent.holders[ref]; {
	case h.sale > 0:
		return fmt.Sprintf("carte vendue après le début de la partie n° %d (vente n° %d) : %s", g.Number, h.sale, next)
	case h.ticket > 0:
		return fmt.Sprintf("carte remise gratuitement après le début de la partie n° %d (billet n° %d) : %s", g.Number, h.ticket, next)
	}
	return fmt.Sprintf("carte tamponnée après le début de la partie n° %d (événement n° %d) : %s", g.Number, st.stamped[ref], next)
}

// lateAtNumber says why a claim during the draw is late: a control already
// began at the number on the board (R21).
func lateAtNumber(n card.Number) string {
	return fmt.Sprintf("le contrôle du n° %d a déjà commencé : seul un nouveau numéro ouvre de nouvelles annonces (R21)", n)
}
