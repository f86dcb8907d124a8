package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"

	"loto/internal/loto"
)

// flags is a command's flag set with --db, which every command takes.
type flags struct {
	*flag.FlagSet
	db string // as given; openStore falls back on LOTO_DB, then ./loto.db
	// about is what -h says after the options, e.g. the format of a file.
	about string
}

// newFlags makes a command's flag set; it reports to the command's stderr.
func newFlags(name string, e *env) *flags {
	fs := &flags{FlagSet: flag.NewFlagSet("loto "+name, flag.ContinueOnError)}
	fs.SetOutput(e.stderr)
	// No default is shown: LOTO_DB may hold a PostgreSQL password, and -h
	// would print it.
	fs.StringVar(&fs.db, "db", "", "`BASE` chemin du fichier SQLite ou URL postgres:// (par défaut : LOTO_DB, sinon ./loto.db)")
	return fs
}

// parse parses flags, allowing them after positional arguments too
// ("loto card check A-000001-K7 --db x.db"). A flag error is a usage error
// said in French; -h prints the flags and ends the command (exit 0).
func (fs *flags) parse(args []string) error {
	out := fs.Output()
	fs.SetOutput(io.Discard) // the flag package's own messages are English
	defer fs.SetOutput(out)
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.printHelp(out)
				return errHelp
			}
			return usagef("%s (voir « %s -h »)", frenchFlagError(err), fs.Name())
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return fs.Parse(append([]string{"--"}, positional...))
}

// placeholders name a flag's value in French where the flag package would
// say its Go type; a usage text names it itself between backquotes.
var placeholders = map[string]string{"string": "TEXTE", "int": "N", "uint": "N", "float": "NOMBRE", "duration": "DURÉE", "value": "VALEUR"}

// printHelp writes the command's options in French, as flag.PrintDefaults
// does in English. A usage text that starts with a word between backquotes
// ("`FICHIER` fichier PDF à écrire") names the value with it; the word is
// not repeated in the description.
func (fs *flags) printHelp(w io.Writer) {
	fmt.Fprintf(w, "usage : %s [options]\noptions :\n", fs.Name())
	fs.VisitAll(func(f *flag.Flag) {
		name, text := flag.UnquoteUsage(f)
		if p, ok := placeholders[name]; ok {
			name = p
		}
		if rest, ok := strings.CutPrefix(f.Usage, "`"); ok {
			if word, desc, ok := strings.Cut(rest, "`"); ok {
				name, text = word, strings.TrimSpace(desc)
			}
		}
		if name != "" {
			name = " " + name
		}
		fmt.Fprintf(w, "  --%s%s\n    \t%s", f.Name, name, text)
		switch f.DefValue {
		case "", "0", "false":
		default:
			fmt.Fprintf(w, " (par défaut : %s)", f.DefValue)
		}
		fmt.Fprintln(w)
	})
	if fs.about != "" {
		fmt.Fprintf(w, "\n%s\n", fs.about)
	}
}

// flagErrors translate the errors of the flag package, matched by their
// English text, which the package has kept since Go 1.
var flagErrors = []struct {
	en     *regexp.Regexp
	fr     string
	reason int // the group that is the program's own French reason, 0 if none
}{
	{regexp.MustCompile(`^flag provided but not defined: (-.*)$`), "option inconnue : $1", 0},
	// --as says itself, in French, why a role is refused.
	{regexp.MustCompile(`^invalid value "(.*)" for flag -as: (.*)$`), "--as « $1 » : $2", 2},
	{regexp.MustCompile(`^flag needs an argument: (-.*)$`), "l'option $1 attend une valeur", 0},
	{regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?(-[^:]*): .*$`), "valeur « $1 » invalide pour l'option $2", 0},
	{regexp.MustCompile(`^invalid boolean flag ([^:]*): .*$`), "valeur invalide pour l'option -$1 (true ou false)", 0},
	{regexp.MustCompile(`^bad flag syntax: (.*)$`), "option mal écrite : $1", 0},
}

// maxFlagError is how much of the flag package's message a refusal repeats.
const maxFlagError = 160

// maxFlagReason bounds the program's own reason in a refusal: the list of
// the roles, never a person's text (that is cut where it is quoted).
const maxFlagReason = 400

// frenchFlagError translates a refusal of the flag package. The package
// repeats the value or the option it refuses whole, so each part quoted
// from the command line is cut on its own: the reason after it is kept.
func frenchFlagError(err error) string {
	msg := err.Error()
	for _, t := range flagErrors {
		m := t.en.FindStringSubmatch(msg)
		if m == nil {
			continue
		}
		// One pass over the template: a part's own "$1" stays as typed.
		var out strings.Builder
		for rest := t.fr; rest != ""; {
			before, after, found := strings.Cut(rest, "$")
			out.WriteString(before)
			if !found {
				break
			}
			i := int(after[0] - '0') // the templates use $1 to $9
			if i == t.reason {
				out.WriteString(loto.Cut(m[i], maxFlagReason))
			} else {
				out.WriteString(loto.Shown(m[i]))
			}
			rest = after[1:]
		}
		return out.String()
	}
	return cutFlagError("options invalides (" + msg + ")")
}

// cutFlagError cuts a refusal of the flag package, which repeats the value
// or the option it refuses whole, and an unknown option's name raw.
func cutFlagError(msg string) string { return loto.Cut(msg, maxFlagError) }

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
