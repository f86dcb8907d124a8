package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"loto/internal/card"
	"loto/internal/loto"
)

// The host's and controllers' commands: a day's games run and audited
// without the web, each act recorded in the journal like the web's.
func init() {
	register("game start", "commence la partie suivante, annonce son lot (R13) et montre l'empreinte de sa graine (R14)", gameStart)
	register("game draw", "tire le numéro suivant : N lu sur la machine à boules en mode manuel, rien en mode rng ([N])", gameDraw)
	register("game undo", "annule le dernier numéro tapé (faute de frappe, mode manuel)", gameUndo)
	register("game call", "un joueur annonce : le tirage s'arrête (R15)", gameCall)
	register("game claim", "enregistre les cartes annoncées (SÉRIE...) ; une fois un contrôle commencé au numéro affiché, elles sont hors délai (R21)", gameClaim)
	register("game control", "clôt les annonces et affiche chaque verdict, avec les numéros à lire (R20-R22)", gameControl)
	register("game tokens", "pions d'égalité (R17) : sans N, tirés par le logiciel ; en mode manuel, N... tirés du sac, un par gagnant dans l'ordre des annonces (R14)", gameTokens)
	register("game decline", "les gagnants à égalité refusent de partager le bon : le plus haut pion le prend (R18)", gameDecline)
	register("game award", "remet le lot de l'étape : pion, lot ou part de chaque gagnant, consolation (R17-R19, R25)", gameAward)
	register("game status", "ce que montre le tableau : partie, étape, lot, numéros sortis, phase, annonces, pause ([--json])", gameStatus)
	register("game rule", "enregistre une décision dans un litige (R27), au nom du rôle de --as (ou --role organisateur|meneur) : --why TEXTE, avec --claim N --verdict win|not_winner, ou --what TEXTE pour une note", gameRule)
}

// gameFlags are a game command's flags: --db, --by and, where a machine may
// read the answer, --json.
type gameFlags struct {
	*flags
	by     who
	asJSON *bool
}

func newGameFlags(name string, e *env, withJSON bool) gameFlags {
	fs := newFlags("game "+name, e)
	g := gameFlags{flags: fs, by: byFlag(fs), asJSON: new(bool)}
	if withJSON {
		g.asJSON = fs.Bool("json", false, "écrire la réponse en JSON")
	}
	return g
}

// parseNoArgs parses a command that takes no positional argument.
func (fs gameFlags) parseNoArgs(args []string) error {
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usagef("%s ne prend pas d'argument (« %s » en trop)", fs.Name(), fs.Arg(0))
	}
	return nil
}

func writeJSON(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }

func gameStart(ctx context.Context, e *env) error {
	fs := newGameFlags("start", e, true)
	if err := fs.parseNoArgs(e.args); err != nil {
		return err
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		r, err := d.StartGame(ctx, fs.by.actor())
		// Warnings go to the host, beside the JSON a program reads (R1).
		for _, w := range r.Warnings {
			fmt.Fprintln(e.stderr, "attention :", w)
		}
		if err != nil || *fs.asJSON {
			return orJSON(e.stdout, r, err)
		}
		fmt.Fprintf(e.stdout, "%s commence\nà gagner (R13) : %s\n", loto.GameName(r.Game, r.Title), r.Announce)
		fmt.Fprintf(e.stdout, "empreinte du tirage (SHA-256 de sa graine, R14) : %s\n(la graine est révélée à la fin de la partie ; les cartes vendues désormais jouent à partir de la partie suivante)\n", r.SeedSHA256)
		return nil
	})
}

// orJSON returns err, or writes v as JSON when there is none.
func orJSON(w io.Writer, v any, err error) error {
	if err != nil {
		return err
	}
	return writeJSON(w, v)
}

// drawJSON is a number drawn with what the host sees after it (R16).
type drawJSON struct {
	loto.DrawResult
	Drawn    int `json:"drawn"`    // numbers out in the game
	Callable int `json:"callable"` // cards that could call out now
}

func gameDraw(ctx context.Context, e *env) error {
	fs := newGameFlags("draw", e, true)
	if err := fs.parse(e.args); err != nil {
		return err
	}
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
			return writeJSON(e.stdout, drawJSON{DrawResult: r, Drawn: len(st.Drawn), Callable: st.Callable})
		}
		bigNumber(e.stdout, r.Number)
		fmt.Fprintf(e.stdout, "\n%d — %s numéro de la partie %d\n%s\n", r.Number, loto.Ordinal(len(st.Drawn)), r.Game, callable(st.Callable))
		return nil
	})
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

func gameUndo(ctx context.Context, e *env) error {
	fs := newGameFlags("undo", e, true)
	if err := fs.parseNoArgs(e.args); err != nil {
		return err
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		r, err := d.Undo(ctx, fs.by.actor(), "")
		if err != nil || *fs.asJSON {
			return orJSON(e.stdout, r, err)
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

func gameCall(ctx context.Context, e *env) error {
	fs := newGameFlags("call", e, false)
	if err := fs.parseNoArgs(e.args); err != nil {
		return err
	}
	return fs.withDay(ctx, mustExist, func(d *loto.Day) error {
		if err := d.Call(ctx, fs.by.actor()); err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, "annonce : le tirage est arrêté (R15) ; enregistrer les cartes (loto game claim SÉRIE...) puis contrôler (loto game control)")
		return nil
	})
}
