package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// flags is a command's flag set with --db, which every command takes.
type flags struct {
	*flag.FlagSet
	db string // as given; openStore falls back on LOTO_DB, then ./loto.db
}

// newFlags makes a command's flag set; it reports to the command's stderr.
func newFlags(name string, e *env) *flags {
	fs := &flags{FlagSet: flag.NewFlagSet("loto "+name, flag.ContinueOnError)}
	fs.SetOutput(e.stderr)
	// No default is shown: LOTO_DB may hold a PostgreSQL password, and -h
	// would print it.
	fs.StringVar(&fs.db, "db", "", "SQLite file path or postgres:// URL (default: LOTO_DB, else ./loto.db)")
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
				fmt.Fprintf(out, "usage : %s [options]\n", fs.Name())
				fs.SetOutput(out)
				fs.PrintDefaults()
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

// flagErrors translate the errors of the flag package, matched by their
// English text, which the package has kept since Go 1.
var flagErrors = []struct {
	en *regexp.Regexp
	fr string
}{
	{regexp.MustCompile(`^flag provided but not defined: (-.*)$`), "option inconnue : $1"},
	{regexp.MustCompile(`^flag needs an argument: (-.*)$`), "l'option $1 attend une valeur"},
	{regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?(-[^:]*): .*$`), "valeur « $1 » invalide pour l'option $2"},
	{regexp.MustCompile(`^invalid boolean flag ([^:]*): .*$`), "valeur invalide pour l'option -$1 (true ou false)"},
	{regexp.MustCompile(`^bad flag syntax: (.*)$`), "option mal écrite : $1"},
}

func frenchFlagError(err error) string {
	msg := err.Error()
	for _, t := range flagErrors {
		if t.en.MatchString(msg) {
			return t.en.ReplaceAllString(msg, t.fr)
		}
	}
	return "options invalides (" + msg + ")"
}

// byFlag adds --by, who acts: recorded in each event.
func byFlag(fs *flags) *string {
	return fs.String("by", defaultActor, "who acts (cashier, door staff, organiser), recorded in the journal")
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
