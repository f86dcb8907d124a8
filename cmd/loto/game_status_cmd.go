package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"loto/internal/loto"
)

func gameStatus(ctx context.Context, e *env) error {
	fs := newGameFlags("status", e, true)
	if err := fs.parseNoArgs(e.args); err != nil {
		return err
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		st, err := d.Status()
		if err != nil || *fs.asJSON {
			return orJSON(e.stdout, st, err)
		}
		writeStatus(e.stdout, st)
		return nil
	})
}

// phases say a game's phase to the host.
var phases = map[loto.Phase]string{
	loto.PhaseDrawing: "tirage en cours",
	loto.PhaseCalled:  "annonce : tirage arrêté jusqu'au contrôle (R15)",
	loto.PhaseControl: "contrôle : les gagnants attendent leur lot",
	loto.PhaseOver:    "partie terminée",
}

// writeStatus writes the board's view for a person.
func writeStatus(w io.Writer, st loto.Status) {
	fmt.Fprintln(w, st.Event)
	if st.Game == 0 {
		fmt.Fprintln(w, "aucune partie commencée")
	} else {
		fmt.Fprintf(w, "partie %d « %s », %s (%d ligne(s)) — %s\n", st.Game, st.Title, st.Stage.French(), st.Lines, phases[st.Phase])
		fmt.Fprintf(w, "lot (R13) : %s\n", st.Announce)
		nums := make([]string, len(st.Drawn))
		for i, n := range st.Drawn {
			nums[i] = strconv.Itoa(int(n))
		}
		fmt.Fprintf(w, "numéros sortis (%d) : %s\n", len(st.Drawn), strings.Join(nums, " "))
		if st.Last != 0 {
			fmt.Fprintf(w, "dernier numéro : %d\n", st.Last)
		}
		if st.Phase == loto.PhaseDrawing {
			fmt.Fprintln(w, callable(st.Callable))
		}
		for _, c := range st.Claims {
			if c.Verdict == "" {
				fmt.Fprintf(w, "annonce %d — %s : en attente du contrôle\n", c.Claim, c.Serial)
			} else {
				writeVerdict(w, c)
			}
		}
	}
	if st.NextGame > 0 {
		fmt.Fprintf(w, "partie suivante : %d (loto game start)\n", st.NextGame)
	}
	if b := st.Break; b != nil {
		fmt.Fprintf(w, "%s en cours : reprise du jeu à %s (R12)\n", b.Label, hhmm(b.Resumes))
	}
	if st.DayOver {
		fmt.Fprintf(w, "journée terminée ; graine du jour révélée : %s\n", st.Seed)
	}
}

func gameRule(ctx context.Context, e *env) error {
	fs := newGameFlags("rule", e, true)
	role := fs.String("role", "", "who decides: organiser or host (R27)")
	claim := fs.Int("claim", 0, "the claim whose verdict the ruling changes (with --verdict)")
	verdict := fs.String("verdict", "", "the claim's new verdict: win or not_winner")
	what := fs.String("what", "", "what is decided (required for a note without a verdict)")
	why := fs.String("why", "", "why it is decided")
	gameNo := fs.Int("game", 0, "the game a note is about (default: the game in play)")
	stageNo := fs.Int("stage", 0, "the stage a note is about, 1 for the first (with --game)")
	if err := fs.parseNoArgs(e.args); err != nil {
		return err
	}
	if *role != loto.RoleOrganiser && *role != loto.RoleHost {
		return usagef("--role est requis : organiser ou host, qui tranche le litige (R27)")
	}
	if strings.TrimSpace(*why) == "" {
		return usagef("--why est requis : le motif de la décision (R27)")
	}
	r := loto.Ruling{By: *role, What: *what, Why: *why, Game: *gameNo}
	switch v := loto.Verdict(*verdict); v {
	case "":
		if *claim != 0 {
			return usagef("--claim va avec --verdict win ou not_winner")
		}
		if strings.TrimSpace(*what) == "" {
			return usagef("--what est requis pour une décision sans verdict : ce qui est décidé")
		}
	case loto.VerdictWin, loto.VerdictNotWinner:
		if *claim <= 0 {
			return usagef("--verdict va avec --claim N, le numéro de l'annonce")
		}
		r.Claim, r.Verdict = *claim, v
		if strings.TrimSpace(r.What) == "" {
			r.What = fmt.Sprintf("annonce %d déclarée gagnante", *claim)
			if v == loto.VerdictNotWinner {
				r.What = fmt.Sprintf("annonce %d déclarée non gagnante", *claim)
			}
		}
	default:
		return usagef("--verdict « %s » inconnu : win ou not_winner", *verdict)
	}
	if *stageNo != 0 {
		if *gameNo == 0 {
			return usagef("--stage va avec --game")
		}
		r.Stage = *stageNo - 1
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		got, err := d.Rule(ctx, *fs.by, r)
		if err != nil || *fs.asJSON {
			return orJSON(e.stdout, got, err)
		}
		who := map[string]string{loto.RoleOrganiser: "l'organisateur", loto.RoleHost: "le meneur de jeu"}[got.By]
		fmt.Fprintf(e.stdout, "décision enregistrée (R27) — partie %d, étape %d, par %s : %s ; motif : %s\n", got.Game, got.Stage+1, who, got.What, got.Why)
		if got.Verdict == "" {
			return nil
		}
		st, err := d.Status()
		if err != nil {
			return err
		}
		if st.Phase == loto.PhaseControl {
			fmt.Fprintln(e.stdout, "les gagnants attendent leur lot : loto game award")
		} else {
			fmt.Fprintln(e.stdout, "aucun gagnant : la partie continue (R22) ; loto game draw")
		}
		return nil
	})
}
