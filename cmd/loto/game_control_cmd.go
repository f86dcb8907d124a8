package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"loto/internal/card"
	"loto/internal/cli"
	"loto/internal/loto"
)

func gameClaim(f *flags) action {
	fs := newGameFlags(f, true)
	return func(ctx context.Context, e *env) error {
		if fs.NArg() == 0 {
			return usagef("aucune carte : donner le numéro de série de chaque carte annoncée")
		}
		// Every serial is read before any is recorded, so that a typo in the
		// third refuses the command whole rather than leave two claims behind.
		var serials []card.Serial
		for _, s := range fs.Args() {
			serial, err := card.ParseSerial(s)
			if err != nil {
				return loto.Errorf(loto.EInvalid, "numéro de carte « %s » illisible : attendu série-numéro-contrôle, comme A-001234-K7 ; aucune annonce enregistrée", loto.Shown(s))
			}
			serials = append(serials, serial)
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			var done []loto.ClaimAnswer
			for _, s := range serials {
				r, err := d.Claim(ctx, fs.by.actor(), s)
				if err != nil && len(done) > 0 {
					var kept []string
					for _, c := range done {
						kept = append(kept, c.Serial)
					}
					return fmt.Errorf("%s (annonces déjà enregistrées : %s)", cli.Message(err), strings.Join(kept, ", "))
				}
				if err != nil {
					return err
				}
				done = append(done, r)
			}
			if *fs.asJSON {
				return cli.WriteJSON(e.stdout, done)
			}
			pending := false
			for _, c := range done {
				if c.Verdict == loto.VerdictLate {
					writeVerdict(e.stdout, c.ClaimResult)
					continue
				}
				pending = true
				fmt.Fprintf(e.stdout, "annonce %d — %s : enregistrée\n", c.Claim, c.Serial)
				if c.Warning != "" {
					fmt.Fprintln(e.stderr, c.Warning)
				}
			}
			if pending {
				fmt.Fprintln(e.stdout, "le tirage est arrêté (R15) ; contrôler : loto game control")
			}
			return nil
		})
	}
}

func gameControl(f *flags) action {
	fs := newGameFlags(f, true)
	return fs.onDay(func(ctx context.Context, e *env, d *loto.Day) error {
		r, err := d.StartControl(ctx, fs.by.actor())
		if err != nil || *fs.asJSON {
			return cli.OrJSON(e.stdout, r, err)
		}
		st, err := d.Status()
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "contrôle de la partie %d, %s : %s\n", r.Game, st.Stage.French(), plural(len(r.Verdicts), "annonce", "annonces"))
		for _, v := range r.Verdicts {
			writeVerdict(e.stdout, v)
		}
		switch {
		case len(r.Verdicts) == 0:
			fmt.Fprintln(e.stdout, "aucune carte annoncée : le tirage reprend")
		case r.Resumed:
			fmt.Fprintln(e.stdout, "aucun gagnant : la partie continue, sans répéter les numéros sortis (R22, R24) ; loto game draw")
		case r.Tie:
			fmt.Fprintf(e.stdout, "égalité entre %d gagnants (R17) : %s\n", r.Winners, tieAdvice(st.Tie, r.Winners))
		default:
			fmt.Fprintln(e.stdout, "1 gagnant : remettre le lot (loto game award)")
		}
		return nil
	})
}

// writeVerdict writes a claim's verdict; a winner's with its numbers to
// read out, the last drawn first (R20).
func writeVerdict(w io.Writer, v loto.ClaimResult) {
	fmt.Fprintf(w, "annonce %d — %s : %s", v.Claim, v.Serial, v.Verdict.French())
	if v.Reason != "" {
		fmt.Fprintf(w, " — %s", v.Reason)
	}
	if len(v.ReadOut) > 0 {
		nums := make([]string, len(v.ReadOut))
		for i, n := range v.ReadOut {
			nums[i] = strconv.Itoa(int(n))
		}
		fmt.Fprintf(w, " ; à lire : %s (R20)", strings.Join(nums, ", "))
	}
	fmt.Fprintln(w)
}

// tieAdvice says the domain's advice on a tie of k winners with the commands
// that carry it out (R17-R19, R25).
func tieAdvice(a loto.TieAdvice, k int) string {
	switch a {
	case loto.TieShare:
		return "le bon se partage à parts égales (R18) : loto game award ; si les gagnants refusent le partage : loto game decline, puis loto game tokens"
	case loto.TieTokensShare:
		return fmt.Sprintf("le bon ne se partage pas également entre %d (R19) : tirer les pions (loto game tokens)", k)
	case loto.TieDeclined:
		return "partage refusé (R18) : tirer les pions (loto game tokens), le plus haut prend le bon entier, les autres un lot de consolation"
	}
	return "tirer les pions (loto game tokens) : le plus haut prend le lot, les autres un lot de consolation (R25)"
}

func gameTokens(f *flags) action {
	fs := newGameFlags(f, true)
	return func(ctx context.Context, e *env) error {
		var typed []int // nil: the software draws them
		for _, a := range fs.Args() {
			n, err := loto.ParseToken(a)
			if err != nil {
				return err
			}
			typed = append(typed, n)
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			tokens, err := d.DrawTokens(ctx, fs.by.actor(), typed)
			if err != nil || *fs.asJSON {
				return cli.OrJSON(e.stdout, tokens, err)
			}
			if typed == nil {
				fmt.Fprintln(e.stdout, "pions tirés par le logiciel (vérifiables avec loto audit draws) :")
			} else {
				fmt.Fprintln(e.stdout, "pions tirés du sac (R17) :")
			}
			best := 0
			for i, t := range tokens {
				fmt.Fprintf(e.stdout, "annonce %d — %s : pion %d\n", t.Claim, t.Serial, t.Token)
				if t.Token > tokens[best].Token {
					best = i
				}
			}
			fmt.Fprintf(e.stdout, "plus haut pion : %d (%s) ; remettre le lot : loto game award\n", tokens[best].Token, tokens[best].Serial)
			return nil
		})
	}
}

func gameDecline(f *flags) action {
	fs := newGameFlags(f, false)
	return fs.onDay(func(ctx context.Context, e *env, d *loto.Day) error {
		if err := d.DeclineShare(ctx, fs.by.actor()); err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, "refus du partage noté (R18) : le plus haut pion prend tout le bon, les autres un lot de consolation ; tirer les pions s'ils ne le sont pas (loto game tokens), puis loto game award")
		return nil
	})
}

func gameAward(f *flags) action {
	fs := newGameFlags(f, true)
	return fs.onDay(func(ctx context.Context, e *env, d *loto.Day) error {
		r, err := d.Award(ctx, fs.by.actor())
		if err != nil || *fs.asJSON {
			return cli.OrJSON(e.stdout, r, err)
		}
		st, err := d.Status()
		if err != nil {
			return err
		}
		stage := d.Event().Programme[r.Game-1].Stages[r.Stage].Stage
		fmt.Fprintf(e.stdout, "lot de la partie %d, %s :\n", r.Game, stage.French())
		for _, w := range r.Winners {
			fmt.Fprintln(e.stdout, "  "+winnerLine(w, r.Winners, r.Declined))
		}
		switch {
		case !r.GameOver:
			fmt.Fprintf(e.stdout, "la partie continue (R23), étape suivante : %s ; loto game draw\n", st.Announce)
		case r.DayOver:
			fmt.Fprintf(e.stdout, "partie %d terminée, dernière du programme\n", r.Game)
		default:
			fmt.Fprintf(e.stdout, "partie %d terminée : les joueurs vident leurs cartes (R23) ; partie suivante : loto game start\n", r.Game)
		}
		if r.GameOver {
			fmt.Fprintf(e.stdout, "graine de la partie révélée : %s (loto audit draws)\n", r.Seed)
		}
		fmt.Fprintln(e.stdout, anchorLine(r.Anchor))
		return nil
	})
}

// winnerLine says what one winning card receives (R17-R19, R25), its
// stage's winners in hand: a share says of how many, so that nobody hands
// the whole voucher over.
func winnerLine(w loto.Winner, stage []loto.Winner, declined bool) string {
	s := w.Serial
	if w.Token != nil {
		s += fmt.Sprintf(" (pion %d)", *w.Token)
	}
	switch {
	case w.Consolation:
		return s + " : lot de consolation, " + w.Prize + " (R25)"
	case w.ShareCents != nil:
		return s + " : " + w.Prize + ", montant " + loto.ShareFrench(w, stage, declined)
	}
	return s + " : " + w.Prize
}
