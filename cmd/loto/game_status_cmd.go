package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"loto/internal/cli"
	"loto/internal/loto"
)

func gameStatus(f *flags) action {
	fs := newGameFlags(f, true)
	return fs.onDay(func(ctx context.Context, e *env, d *loto.Day) error {
		st, err := d.Status()
		if err != nil || *fs.asJSON {
			return cli.OrJSON(e.stdout, st, err)
		}
		writeStatus(e.stdout, st)
		return nil
	})
}

// writeStatus writes the board's view for a person.
func writeStatus(w io.Writer, st loto.Status) {
	fmt.Fprintln(w, st.Event)
	if st.Game == 0 {
		fmt.Fprintln(w, "aucune partie commencée")
	} else {
		fmt.Fprintf(w, "%s, %s (%s) — %s\n", loto.GameName(st.Game, st.Title), st.Stage.French(), plural(st.Lines, "ligne", "lignes"), st.Phase.French())
		fmt.Fprintf(w, "lot (R13) : %s\n", st.Announce)
		fmt.Fprintf(w, "empreinte du tirage (SHA-256 de sa graine, R14) : %s\n", st.SeedSHA256)
		if st.Seed != "" {
			fmt.Fprintf(w, "graine de la partie révélée : %s (loto audit draws)\n", st.Seed)
		}
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
		if st.WinnersNote != "" {
			fmt.Fprintf(w, "gagnants changés : %s\n", st.WinnersNote)
		}
		switch {
		case len(st.Tokens) > 0:
			var drawn []string
			for _, t := range st.Tokens {
				drawn = append(drawn, fmt.Sprintf("%s %d", t.Serial, t.Token))
			}
			fmt.Fprintf(w, "pions tirés (R17) : %s ; remettre le lot : loto game award\n", strings.Join(drawn, ", "))
		case st.Tie != "":
			fmt.Fprintf(w, "égalité entre %d gagnants (R17) : %s\n", len(st.Winners), tieAdvice(st.Tie, len(st.Winners)))
		}
	}
	if st.NextGame > 0 {
		fmt.Fprintf(w, "partie suivante : %d (loto game start)\n", st.NextGame)
	}
	if b := st.Break; b != nil {
		fmt.Fprintf(w, "%s en cours : reprise du jeu à %s (R12)\n", b.Label, hhmm(b.Resumes))
	}
	if st.DayOver {
		fmt.Fprintln(w, "journée terminée")
	}
}

// roles are who may decide a dispute (R27), as typed in French or English.
var roles = map[string]loto.Role{
	"organisateur": loto.RoleOrganiser, "organisatrice": loto.RoleOrganiser, string(loto.RoleOrganiser): loto.RoleOrganiser,
	"meneur": loto.RoleHost, "meneuse": loto.RoleHost, string(loto.RoleHost): loto.RoleHost,
}

// parseRole reads --role: the organiser or the host, the only ones who
// decide a dispute (R27). Empty is the --as role, which the domain fills in:
// only the organiser recording the host's decision needs to name it.
func parseRole(text string) (loto.Role, error) {
	const choices = "organisateur (organiser) ou meneur (host), qui tranche le litige (R27)"
	if strings.TrimSpace(text) == "" {
		return "", nil
	}
	if r, ok := roles[strings.ToLower(strings.TrimSpace(text))]; ok {
		return r, nil
	}
	return "", usagef("--role « %s » inconnu : %s", text, choices)
}

func gameRule(f *flags) action {
	fs := newGameFlags(f, true)
	role := fs.String("role", "", "`RÔLE` qui tranche : organisateur (organiser) ou meneur (host), R27 ; par défaut le rôle de --as (l'organisateur sans --as) ; l'organisateur note avec --role meneur la décision du meneur")
	claim := fs.Int("claim", 0, "numéro de l'annonce dont la décision change le verdict (avec --verdict)")
	verdict := fs.String("verdict", "", "`VERDICT` nouveau verdict de l'annonce : win (gagnante) ou not_winner (non gagnante)")
	what := fs.String("what", "", "`TEXTE` ce qui est décidé (requis pour une note sans verdict)")
	why := fs.String("why", "", "`MOTIF` motif de la décision")
	gameNo := fs.Int("game", 0, "partie dont parle une note (par défaut : la partie en cours)")
	stageNo := fs.Int("stage", 0, "étape dont parle une note, 1 pour la première (avec --game)")
	return fs.noArgs(func(ctx context.Context, e *env) error {
		by, err := parseRole(*role)
		if err != nil {
			return err
		}
		if strings.TrimSpace(*why) == "" {
			return usagef("--why est requis : le motif de la décision (R27)")
		}
		r := loto.Ruling{By: by, What: *what, Why: *why, Game: *gameNo}
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
			got, err := d.Rule(ctx, fs.by.actor(), r)
			if err != nil || *fs.asJSON {
				return cli.OrJSON(e.stdout, got, err)
			}
			who := map[loto.Role]string{loto.RoleOrganiser: "l'organisateur", loto.RoleHost: "le meneur de jeu"}[got.By]
			fmt.Fprintf(e.stdout, "décision enregistrée (R27) — partie %d, étape %d, par %s : %s ; motif : %s\n", got.Game, got.Stage+1, who, got.What, got.Why)
			if got.Warning != "" {
				fmt.Fprintln(e.stdout, got.Warning)
			}
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
	})
}
