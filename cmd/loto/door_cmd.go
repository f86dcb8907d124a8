package main

import (
	"context"
	"encoding/json"
	"fmt"
)

func init() {
	register("door", "cross a reservation ticket out and issue its free card (--door NAME TICKET SERIAL)", door)
	register("break start", "start a break between games ([--label NAME] [--minutes N]; default: the next one of the schedule)", breakStart)
	register("break end", "end the break: play resumes", breakEnd)
}

func door(ctx context.Context, e *env) error {
	fs := newFlags("door", e)
	db := dbFlag(fs)
	by := byFlag(fs)
	name := fs.String("door", "", "the entrance scanning")
	asJSON := fs.Bool("json", false, "print the admission as JSON")
	if err := parse(fs, e.args); err != nil {
		return err
	}
	if *name == "" {
		return fmt.Errorf("--door est requis : le nom de l'entrée")
	}
	if fs.NArg() != 2 {
		return fmt.Errorf("attendu le code du billet puis le numéro de la carte gratuite (R4)")
	}
	d, s, err := openDay(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	a, err := d.Admit(ctx, *by, *name, fs.Arg(0), fs.Arg(1))
	if err != nil {
		return err
	}
	if *asJSON {
		return json.NewEncoder(e.stdout).Encode(a)
	}
	fmt.Fprintf(e.stdout, "billet %s barré : carte gratuite %s remise à %s (entrée « %s »)\n", a.Ticket, a.Card, a.Name, a.Door)
	return nil
}

func breakStart(ctx context.Context, e *env) error {
	fs := newFlags("break start", e)
	db := dbFlag(fs)
	by := byFlag(fs)
	label := fs.String("label", "", "the break's name; a name of the schedule takes that break")
	minutes := fs.Int("minutes", 0, "the break's length (default: the schedule's)")
	if err := parse(fs, e.args); err != nil {
		return err
	}
	d, s, err := openDay(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	b, err := d.StartBreak(ctx, *by, *label, *minutes)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s : %d minutes, reprise du jeu à %s\n", b.Label, b.Minutes, hhmm(b.Resumes))
	return nil
}

func breakEnd(ctx context.Context, e *env) error {
	fs := newFlags("break end", e)
	db := dbFlag(fs)
	by := byFlag(fs)
	if err := parse(fs, e.args); err != nil {
		return err
	}
	d, s, err := openDay(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	b, err := d.EndBreak(ctx, *by)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "fin de %s : le jeu reprend\n", b.Label)
	return nil
}
