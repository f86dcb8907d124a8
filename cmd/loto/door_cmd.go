package main

import (
	"context"
	"flag"
	"fmt"

	"loto/internal/cli"
	"loto/internal/loto"
)

func door(fs *flags) action {
	by := byFlag(fs)
	name := fs.String("door", "", "`ENTRÉE` l'entrée qui scanne le billet")
	asJSON := fs.Bool("json", false, "écrire l'entrée en JSON")
	return func(ctx context.Context, e *env) error {
		if *name == "" {
			return usagef("--door est requis : le nom de l'entrée")
		}
		if fs.NArg() != 2 {
			return usagef("attendu le code du billet puis le numéro de la carte gratuite (R4)")
		}
		ticket, err := loto.ParseTicketCode(fs.Arg(0))
		if err != nil {
			return err
		}
		free, err := loto.ParseSerial(fs.Arg(1))
		if err != nil {
			return err
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			a, err := d.Admit(ctx, by.actor(), *name, ticket, free)
			if err != nil {
				return err
			}
			// Warnings go to the door staff, beside the JSON a program reads.
			for _, w := range a.Warnings {
				fmt.Fprintln(e.stderr, "attention : "+w)
			}
			if *asJSON {
				return cli.WriteJSON(e.stdout, a)
			}
			fmt.Fprintf(e.stdout, "billet %s barré : carte gratuite %s remise à %s (entrée « %s »)\n", a.Ticket, a.Card, a.Name, a.Door)
			fmt.Fprintln(e.stdout, anchorLine(a.Anchor))
			return nil
		})
	}
}

func breakStart(fs *flags) action {
	by := byFlag(fs)
	label := fs.String("label", "", "`NOM` nom de la pause ; un nom du programme prend cette pause")
	minutes := fs.Int("minutes", 0, "durée de la pause en minutes (par défaut : celle du programme)")
	return func(ctx context.Context, e *env) error {
		if given(fs.FlagSet.FlagSet, "minutes") {
			if err := loto.CheckBreakMinutes(*minutes); err != nil {
				return err
			}
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			b, err := d.StartBreak(ctx, by.actor(), *label, *minutes)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "%s : %s, reprise du jeu à %s\n", b.Label, plural(b.Minutes, "minute", "minutes"), hhmm(b.Resumes))
			return nil
		})
	}
}

func breakEnd(fs *flags) action {
	by := byFlag(fs)
	return func(ctx context.Context, e *env) error {
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			b, err := d.EndBreak(ctx, by.actor())
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "fin de %s : le jeu reprend\n", b.Label)
			return nil
		})
	}
}

// given reports whether the flag was set on the command line.
func given(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
