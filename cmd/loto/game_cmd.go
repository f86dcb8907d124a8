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

// gameFlags are a game command's flags: --db, --by and, where a machine may
// read the answer, --json.
type gameFlags struct {
	*flags
	by     who
	asJSON *bool
}

// newGameFlags adds a game command's flags to fs.
func newGameFlags(fs *flags, withJSON bool) gameFlags {
	g := gameFlags{flags: fs, by: byFlag(fs), asJSON: new(bool)}
	if withJSON {
		g.asJSON = fs.Bool("json", false, "écrire la réponse en JSON")
	}
	return g
}

// onDay returns the action of a game command that takes no positional
// argument: run on the day --db names.
func (fs gameFlags) onDay(run func(ctx context.Context, e *env, d *loto.Day) error) action {
	return fs.noArgs(func(ctx context.Context, e *env) error {
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error { return run(ctx, e, d) })
	})
}

func gameStart(f *flags) action {
	fs := newGameFlags(f, true)
	return fs.onDay(func(ctx context.Context, e *env, d *loto.Day) error {
		r, err := d.StartGame(ctx, fs.by.actor())
		// Warnings go to the host, beside the JSON a program reads (R1).
		for _, w := range r.Warnings {
			fmt.Fprintln(e.stderr, "attention :", w)
		}
		if err != nil || *fs.asJSON {
			return cli.OrJSON(e.stdout, r, err)
		}
		fmt.Fprintf(e.stdout, "%s commence\nà gagner (R13) : %s\n", loto.GameName(r.Game, r.Title), r.Announce)
		fmt.Fprintf(e.stdout, "empreinte du tirage (SHA-256 de sa graine, R14) : %s\n(la graine est révélée à la fin de la partie ; les cartes vendues désormais jouent à partir de la partie suivante)\n", r.SeedSHA256)
		return nil
	})
}

// drawJSON is a number drawn with what the host sees after it (R16).
type drawJSON struct {
	loto.DrawResult
	Drawn    int `json:"drawn"`    // numbers out in the game
	Callable int `json:"callable"` // cards that could call out now
}

func gameDraw(f *flags) action {
	fs := newGameFlags(f, true)
	return func(ctx context.Context, e *env) error {
		if fs.NArg() > 1 {
			return usagef("un seul numéro à la fois : loto game draw N")
		}
		var typed card.Number
		if fs.NArg() == 1 {
			n, err := loto.ParseNumber(fs.Arg(0))
			if err != nil {
				return err
			}
			typed = n
		}
		return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
			if ev := d.Event(); ev != nil && ev.Draw == loto.DrawManual && typed == 0 {
				return loto.Errorf(loto.EInvalid, "tirage manuel : taper le numéro sorti de la machine (loto game draw N)")
			}
			r, err := d.Draw(ctx, fs.by.actor(), typed)
			if err != nil {
				return err
			}
			st, err := d.Status()
			if err != nil {
				return err
			}
			if *fs.asJSON {
				return cli.WriteJSON(e.stdout, drawJSON{DrawResult: r, Drawn: len(st.Drawn), Callable: st.Callable})
			}
			bigNumber(e.stdout, r.Number)
			fmt.Fprintf(e.stdout, "\n%d — %s numéro de la partie %d\n%s\n", r.Number, loto.Ordinal(len(st.Drawn)), r.Game, callable(st.Callable))
			return nil
		})
	}
}

// callable says how many cards could call out now (R16).
func callable(n int) string {
	switch n {
	case 0:
		return "aucune carte ne peut annoncer"
	case 1:
		return "1 carte peut annoncer (R16)"
	}
	return fmt.Sprintf("%d cartes peuvent annoncer (R16)", n)
}

// digits is a five-line font, so that the host reads the number across the table.
var digits = [10][5]string{
	{" ### ", "#   #", "#   #", "#   #", " ### "},
	{"  #  ", " ##  ", "  #  ", "  #  ", " ### "},
	{" ### ", "#   #", "  ## ", " #   ", "#####"},
	{"#### ", "    #", " ### ", "    #", "#### "},
	{"#   #", "#   #", "#####", "    #", "    #"},
	{"#####", "#    ", "#### ", "    #", "#### "},
	{" ### ", "#    ", "#### ", "#   #", " ### "},
	{"#####", "    #", "   # ", "  #  ", "  #  "},
	{" ### ", "#   #", " ### ", "#   #", " ### "},
	{" ### ", "#   #", " ####", "    #", " ### "},
}

// bigNumber writes n in the five-line font.
func bigNumber(w io.Writer, n card.Number) {
	text := strconv.Itoa(int(n))
	for row := range 5 {
		var line []string
		for _, c := range text {
			line = append(line, digits[c-'0'][row])
		}
		fmt.Fprintln(w, strings.TrimRight(strings.Join(line, "  "), " "))
	}
}

func gameUndo(f *flags) action {
	fs := newGameFlags(f, true)
	return fs.onDay(func(ctx context.Context, e *env, d *loto.Day) error {
		r, err := d.Undo(ctx, fs.by.actor(), "")
		if err != nil || *fs.asJSON {
			return cli.OrJSON(e.stdout, r, err)
		}
		st, err := d.Status()
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "numéro %d annulé (faute de frappe) ; ", r.Number)
		if st.Last != 0 {
			fmt.Fprintf(e.stdout, "dernier numéro : %d\n", st.Last)
		} else {
			fmt.Fprintln(e.stdout, "aucun numéro sorti")
		}
		return nil
	})
}

func gameCall(f *flags) action {
	fs := newGameFlags(f, false)
	return fs.onDay(func(ctx context.Context, e *env, d *loto.Day) error {
		if err := d.Call(ctx, fs.by.actor()); err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, "annonce : le tirage est arrêté (R15) ; enregistrer les cartes (loto game claim SÉRIE...) puis contrôler (loto game control)")
		return nil
	})
}
