package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"loto/internal/access"
	"loto/internal/cli"
	"loto/internal/journal"
	"loto/internal/loto"
)

func auditDraws(fs *flags) action {
	asJSON := fs.Bool("json", false, "écrire du JSON")
	return func(ctx context.Context, e *env) error {
		return fs.withStore(ctx, mustExist, func(s journal.Store) error {
			if _, err := journal.Verify(ctx, s); err != nil {
				return err
			}
			rep, err := access.AuditStore(ctx, s)
			if err != nil {
				return err
			}
			if *asJSON {
				if err := cli.WriteJSON(e.stdout, rep); err != nil {
					return err
				}
			} else {
				simulated, err := firstSimulated(ctx, s)
				if err != nil {
					return err
				}
				if simulated {
					fmt.Fprintln(e.stdout, "journée simulée (loto simulate) : ses graines se déduisent d'un nombre choisi, ses tirages ne prouvent rien d'une vraie journée")
				}
				writeAudit(e.stdout, rep)
			}
			if !rep.OK() {
				return &exitError{Code: 1, Msg: "audit : " + plural(len(rep.Failures), "échec", "échecs")}
			}
			return nil
		})
	}
}

// firstSimulated says whether the journal's first event marks a day that
// loto simulate played.
func firstSimulated(ctx context.Context, s journal.Store) (bool, error) {
	found := false
	err := s.Read(ctx, 1, func(ev journal.Event) error {
		found = loto.Simulated(ev)
		return errStopReading
	})
	if errors.Is(err, errStopReading) {
		err = nil
	}
	return found, err
}

// errStopReading ends a read of the journal after its first event.
var errStopReading = errors.New("lecture arrêtée")

// writeAudit says, game by game, what the audit checked and what failed.
func writeAudit(w io.Writer, rep loto.AuditReport) {
	revealed := 0
	for _, g := range rep.Games {
		switch {
		case g.Revealed:
			revealed++
			fmt.Fprintf(w, "partie %d : graine %s, empreinte SHA-256 %s vérifiée ; %s, %s recalculés\n", g.Game, g.Seed, g.SeedSHA256,
				plural(g.Draws, "tirage", "tirages"), plural(g.Tokens, "pion", "pions"))
		case g.Seed == "":
			fmt.Fprintf(w, "partie %d : graine pas encore révélée (elle l'est à la fin de la partie), empreinte SHA-256 %s\n", g.Game, g.SeedSHA256)
		default:
			fmt.Fprintf(w, "partie %d : graine révélée %s, qui ne correspond pas à l'empreinte SHA-256 %s\n", g.Game, g.Seed, g.SeedSHA256)
		}
	}
	fmt.Fprintf(w, "recalculés : %s, %s, %s\n", plural(revealed, "partie", "parties"),
		plural(rep.Draws, "tirage", "tirages"), plural(rep.Tokens, "pion", "pions"))
	if rep.Mode == loto.DrawManual {
		// A typed number is the ball machine's: no seed gives it, so "0
		// tirage recalculé" alone would read as a day checked and clean.
		fmt.Fprintf(w, "journée en mode manuel : les %s depuis la machine à boules ne se recalculent pas ; vérifiés à la place : la chaîne du journal, chaque graine révélée contre son empreinte, aucun numéro deux fois dans une partie, et les pions tirés par le logiciel (%s)\n",
			plural(rep.Typed, "numéro tapé", "numéros tapés"), plural(rep.Tokens, "recalculé", "recalculés"))
	}
	if rep.Unrevealed > 0 {
		fmt.Fprintf(w, "%s en cours : à vérifier après sa fin\n", plural(rep.Unrevealed, "partie", "parties"))
	}
	for _, f := range rep.Failures {
		switch {
		case f.Seq > 0 && f.Game == 0:
			fmt.Fprintf(w, "ÉCHEC événement n° %d : %s\n", f.Seq, f.Text)
		case f.Seq > 0:
			fmt.Fprintf(w, "ÉCHEC événement n° %d, partie %d : %s\n", f.Seq, f.Game, f.Text)
		default:
			fmt.Fprintf(w, "ÉCHEC partie %d : %s\n", f.Game, f.Text)
		}
	}
}
