package main

import (
	"context"
	"fmt"
	"strings"

	"loto/internal/cli"
	"loto/internal/journal"
	"loto/internal/loto"
)

func privacyErase(fs *flags) action {
	by := byFlag(fs)
	reservation := fs.Int("reservation", 0, "`N` la réservation dont le titulaire demande l'effacement (avec les chèques des ventes qui nomment ses billets)")
	sale := fs.Int("sale", 0, "`N` la vente par chèque dont le payeur demande l'effacement")
	why := fs.String("why", "", "`TEXTE` pourquoi (la demande, sa date), noté au journal sans aucune donnée personnelle")
	asJSON := fs.Bool("json", false, "écrire l'effacement en JSON")
	return func(ctx context.Context, e *env) error {
		if (*reservation > 0) == (*sale > 0) {
			return usagef("--reservation N ou --sale N est requis, l'un ou l'autre")
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			er, err := d.Erase(ctx, by.actor(), loto.EraseRequest{Reservation: *reservation, Sale: *sale, Why: *why})
			if err != nil {
				return err
			}
			return writeErasure(e, er, *asJSON)
		})
	}
}

func privacyPurge(fs *flags) action {
	by := byFlag(fs)
	why := fs.String("why", "", "`TEXTE` pourquoi, noté au journal (par exemple « fin de la journée »)")
	asJSON := fs.Bool("json", false, "écrire l'effacement en JSON")
	return func(ctx context.Context, e *env) error {
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			er, err := d.Purge(ctx, by.actor(), *why)
			if err != nil {
				return err
			}
			return writeErasure(e, er, *asJSON)
		})
	}
}

func privacyScrub(fs *flags) action {
	return func(ctx context.Context, e *env) error {
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			if err := d.Scrub(ctx); err != nil {
				return err
			}
			_, err := fmt.Fprintln(e.stdout, "fichiers nettoyés : aucune trace des données effacées")
			return err
		})
	}
}

// writeErasure says what was erased, and the warning of a scrub left to do.
func writeErasure(e *env, er loto.Erasure, asJSON bool) error {
	if asJSON {
		return cli.WriteJSON(e.stdout, er)
	}
	fmt.Fprintf(e.stdout, "effacé pour de bon (événement n° %d) : %s, %s\n", er.Seq,
		plural(er.Reservations, "titulaire de réservation", "titulaires de réservation"), plural(er.Sales, "payeur par chèque", "payeurs par chèque"))
	if er.Warning != "" {
		fmt.Fprintln(e.stderr, "loto: attention :", er.Warning)
	}
	return nil
}

// verifyPersonal checks every personal record against the keyed hash its
// event holds (P1): an edited record, or one gone without an erasure in
// the journal, fails the verification.
func verifyPersonal(ctx context.Context, e *env, s journal.Store) error {
	c, err := loto.CheckPersonal(ctx, s)
	if err != nil {
		return err
	}
	if len(c.Problems) > 0 {
		return fmt.Errorf("%s", strings.Join(c.Problems, "\n"))
	}
	if c.Kept+c.Erased > 0 {
		fmt.Fprintf(e.stdout, "données personnelles conformes à leur empreinte : %d ; effacées : %d\n", c.Kept, c.Erased)
	}
	return nil
}
