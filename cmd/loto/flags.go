package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"loto/internal/cli"
	"loto/internal/loto"
)

// flags is a command's flag set with --db, which every command takes.
type flags struct {
	*cli.FlagSet
	db string // as given; openStore falls back on LOTO_DB, then ./loto.db
}

// newFlags makes a command's flag set; it reports to the command's stderr.
func newFlags(name string, e *env) *flags {
	fs := &flags{FlagSet: cli.NewFlagSet("loto "+name, e.stderr)}
	// No default is shown: LOTO_DB may hold a PostgreSQL password, and -h
	// would print it.
	fs.StringVar(&fs.db, "db", "", "`BASE` chemin du fichier SQLite ou URL postgres:// (par défaut : LOTO_DB, sinon ./loto.db)")
	return fs
}

// parse parses flags in French, after positional arguments too (see
// cli.FlagSet.ParseArgs).
func (fs *flags) parse(args []string) error { return fs.ParseArgs(args) }

// who is who a command acts for: the person (--by) and the role (--as).
type who struct {
	name *string
	as   *asFlag
}

// byFlag adds --by, the name of who acts, and --as, the role it acts in:
// both recorded in each event. The CLI acts as the organiser by default.
func byFlag(fs *flags) who {
	w := who{as: &asFlag{role: loto.RoleOrganiser}}
	w.name = fs.String("by", defaultActor, "`NOM` nom de qui agit, noté au journal")
	fs.Var(w.as, "as", "`RÔLE[:CAISSE]` rôle de qui agit : organisateur, meneur, contrôleur, caissier:CAISSE, entrée, tableau ou système (ou organiser, host, controller, cashier:CAISSE, door, board, system)")
	return w
}

// actor is who acts, as the domain checks it against the role table.
func (w who) actor() loto.Actor {
	return loto.Actor{Name: *w.name, Role: w.as.role, Desk: w.as.desk}
}

// asFlag is --as ROLE[:DESK]: a role in English or French, and for a
// cashier the desk it sells at ("caissier:caisse-1").
type asFlag struct {
	role loto.Role
	desk string
}

// String is the flag's value as typed back: "cashier:caisse-1".
func (f *asFlag) String() string {
	if f.desk != "" {
		return string(f.role) + ":" + f.desk
	}
	return string(f.role)
}

// Set reads --as; its French refusal becomes the usage error (see flagErrors).
func (f *asFlag) Set(text string) error {
	word, desk, hasDesk := strings.Cut(text, ":")
	r, err := loto.ParseRole(word)
	if err != nil {
		return errors.New(loto.ErrorMessage(err))
	}
	desk = strings.TrimSpace(desk)
	switch {
	case r == loto.RoleCashier && desk == "":
		return errors.New("un caissier agit à une caisse : --as caissier:CAISSE (par exemple caissier:caisse-1)")
	case r != loto.RoleCashier && hasDesk:
		return fmt.Errorf("seul un caissier agit à une caisse : --as %s, sans caisse", r.Label())
	}
	f.role, f.desk = r, desk
	return nil
}

// oneArg returns the single positional argument, or a usage error naming it.
func oneArg(fs *flags, what string) (string, error) {
	if fs.NArg() != 1 {
		return "", usagef("%s attendu, une seule fois (voir « %s -h »)", what, fs.Name())
	}
	return fs.Arg(0), nil
}

// joinArgs joins the positional arguments with spaces (a name typed without quotes).
func joinArgs(fs *flags) string { return strings.Join(fs.Args(), " ") }

// noArgs returns run behind a check that the command line holds no
// positional argument.
func (fs *flags) noArgs(run action) action {
	return func(ctx context.Context, e *env) error {
		if fs.NArg() != 0 {
			return usagef("%s ne prend pas d'argument (« %s » en trop)", fs.Name(), fs.Arg(0))
		}
		return run(ctx, e)
	}
}
