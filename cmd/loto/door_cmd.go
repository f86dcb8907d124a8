package main

import (
	"context"
	"encoding/json"
	"fmt"

	"loto/internal/loto"
)

func init() {
	register("door", "cross a reservation ticket out and issue its free card (--door NAME TICKET SERIAL)", door)
	register("break start", "start a break between games ([--label NAME] [--minutes N]; default: the next one of the schedule)", breakStart)
	register("break end", "end the break: play resumes", breakEnd)
}

func door(ctx context.Context, e *env) error {
	fs := newFlags("door", e)
	by := byFlag(fs)
	name := fs.String("door", "", "the entrance scanning")
	asJSON := fs.Bool("json", false, "print the admission as JSON")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	if *name == "" {
		return usagef("--door est requis : le nom de l'entrée")
	}
	if fs.NArg() != 2 {
		return usagef("attendu le code du billet puis le numéro de la carte gratuite (R4)")
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		a, err := d.Admit(ctx, *by, *name, fs.Arg(0), fs.Arg(1))
		if err != nil {
			return err
		}
		if *asJSON {
			return json.NewEncoder(e.stdout).Encode(a)
		}
		fmt.Fprintf(e.stdout, "billet %s barré : carte gratuite %s remise à %s (entrée « %s »)\n", a.Ticket, a.Card, a.Name, a.Door)
		return nil
	})
}

func breakStart(ctx context.Context, e *env) error {
	fs := newFlags("break start", e)
	by := byFlag(fs)
	label := fs.String("label", "", "the break's name; a name of the schedule takes that break")
	minutes := fs.Int("minutes", 0, "the break's length (default: the schedule's)")
	if err := fs.parse(e.args); err != nil {
		return err
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		b, err := d.StartBreak(ctx, *by, *label, *minutes)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "%s : %d minutes, reprise du jeu à %s\n", b.Label, b.Minutes, hhmm(b.Resumes))
		return nil
	})
}

func breakEnd(ctx context.Context, e *env) error {
	fs := newFlags("break end", e)
	by := byFlag(fs)
	if err := fs.parse(e.args); err != nil {
		return err
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		b, err := d.EndBreak(ctx, *by)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "fin de %s : le jeu reprend\n", b.Label)
		return nil
	})
}
