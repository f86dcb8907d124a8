package loto

import (
	"context"
	"fmt"
	"strings"

	"loto/internal/journal"
)

// Rule records a decision in a dispute (R27): who decided (r.By, organiser
// or host; the actor's role when empty), what and why, on the game in play (or a past one, as a note).
// With r.Claim and r.Verdict (win or not_winner) it overturns the verdict of
// a claim of the last control of the stage in play, before its award and
// before any new number: the award follows the ruling. Nothing is edited:
// the journal keeps the control and the ruling.
func (d *Day) Rule(ctx context.Context, actor Actor, r Ruling) (Ruling, error) {
	if err := Authorize(actor, CmdRule, ""); err != nil {
		return Ruling{}, err
	}
	r.By, r.What, r.Why = Role(strings.TrimSpace(string(r.By))), strings.TrimSpace(r.What), strings.TrimSpace(r.Why)
	if err := CheckText("décision", r.What, MaxNote); err != nil {
		return Ruling{}, err
	}
	if err := CheckText("motif de la décision", r.Why, MaxNote); err != nil {
		return Ruling{}, err
	}
	// The decider is the actor's role unless the organiser records the
	// host's decision; a host never records one in the organiser's name.
	switch {
	case r.By == "":
		r.By = actor.Role
	case actor.Role == RoleHost && r.By != RoleHost:
		return Ruling{}, Errorf(EForbidden, "le meneur de jeu ne peut pas enregistrer une décision au nom d'un autre rôle (%s) (R27)", r.By.Label())
	}
	return answer[rulingRecorded, Ruling](d.runKeyed(ctx, TypeRulingRecorded, sameRuling(r), func(st *State) ([]journal.Draft, int, error) {
		// A copy: the game in play is resolved on the state this attempt
		// checks against, never kept from an attempt that lost a race.
		r := r
		if r.By != RoleOrganiser && r.By != RoleHost {
			return nil, 0, Errorf(EForbidden, "seul l'organisateur ou le meneur de jeu tranche un litige (R27) : by vaut organiser ou host")
		}
		if r.What == "" || r.Why == "" {
			return nil, 0, Errorf(EInvalid, "une décision dit ce qui est décidé et pourquoi (R27)")
		}
		cur := st.Current()
		if cur == nil {
			return nil, 0, Errorf(EConflict, "aucune partie n'a commencé")
		}
		if r.Game == 0 {
			r.Game, r.Stage = cur.Number, cur.Stage
		}
		if r.Game < 1 || r.Game > len(st.games) || r.Stage < 0 || r.Stage >= len(st.games[r.Game-1].Stages) {
			return nil, 0, Errorf(ENotFound, "partie %d, étape %d : inconnue", r.Game, r.Stage+1)
		}
		r.Warning = ""
		if r.Verdict != "" {
			if err := st.canOverturn(r); err != nil {
				return nil, 0, err
			}
			r.Warning = overturnWarning(st.running(), r)
		}
		dr, err := draft(actor, TypeRulingRecorded, recordedRuling(r))
		return []journal.Draft{dr}, 0, err
	}))
}

// canOverturn says whether a ruling may change a claim's verdict now.
func (st *State) canOverturn(r Ruling) error {
	if r.Verdict != VerdictWin && r.Verdict != VerdictNotWinner {
		return Errorf(EInvalid, "une décision peut déclarer une carte gagnante (win) ou non (not_winner), pas « %s »", Shown(string(r.Verdict)))
	}
	g := st.running()
	if g == nil || g.Number != r.Game || g.Stage != r.Stage {
		return Errorf(EConflict, "ce lot est déjà attribué : son résultat ne change plus (R26) ; noter la décision sans verdict")
	}
	if g.Phase == PhaseCalled || g.drawn.Len() != g.controlDraws {
		return Errorf(EConflict, "le tirage a repris depuis ce contrôle : le verdict ne peut plus changer")
	}
	for _, c := range g.control {
		if c.Claim == r.Claim {
			if c.Verdict == r.Verdict {
				return Errorf(EConflict, "l'annonce %d a déjà ce verdict", r.Claim)
			}
			return nil
		}
	}
	return Errorf(ENotFound, "l'annonce %d n'est pas dans le dernier contrôle", r.Claim)
}

// overturnWarning says what a ruling that makes a claim win gives away when
// the control found the card unable to win: a second share to a card already
// claimed, or a prize to a void or ineligible card (R9, R10, R28, R31).
func overturnWarning(g *GameRecord, r Ruling) string {
	if r.Verdict != VerdictWin {
		return ""
	}
	var c ClaimResult
	for _, x := range g.control {
		if x.Claim == r.Claim {
			c = x
		}
	}
	switch c.Verdict {
	case VerdictDuplicate:
		for _, x := range g.control {
			if x.Serial == c.Serial && x.Claim != c.Claim && x.Verdict == VerdictWin {
				return fmt.Sprintf("attention : la carte %s gagne déjà par l'annonce %d ; cette décision lui donne une part de plus", c.Serial, x.Claim)
			}
		}
		return fmt.Sprintf("attention : l'annonce %d est un doublon de la carte %s, déjà annoncée dans ce contrôle", c.Claim, c.Serial)
	case VerdictVoided, VerdictNotEligible, VerdictNotStamped, VerdictNextGame, VerdictUnknownSeries, VerdictBadCheck:
		return fmt.Sprintf("attention : le contrôle a jugé la carte %s « %s » ; cette décision la fait gagner quand même", c.Serial, c.Verdict.French())
	}
	return ""
}
