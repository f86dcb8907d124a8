package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"

	"loto/internal/loto"
)

// FlagSet is a command's flag set that says its help and its refusals in
// French.
type FlagSet struct {
	*flag.FlagSet
	// About is what -h says after the options, e.g. the format of a file.
	About string
}

// NewFlagSet makes the flag set of the command name ("loto serve"); it
// reports to stderr.
func NewFlagSet(name string, stderr io.Writer) *FlagSet {
	fs := &FlagSet{FlagSet: flag.NewFlagSet(name, flag.ContinueOnError)}
	fs.SetOutput(stderr)
	return fs
}

// ParseArgs parses flags, allowing them after positional arguments too
// ("loto card check A-000001-K7 --db x.db"). A flag error is a usage error
// said in French; -h prints the flags and ends the command (exit 0).
func (fs *FlagSet) ParseArgs(args []string) error {
	out := fs.Output()
	fs.SetOutput(io.Discard) // the flag package's own messages are English
	defer fs.SetOutput(out)
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.printHelp(out)
				return ErrHelp
			}
			return Usagef("%s (voir « %s -h »)", frenchFlagError(err), fs.Name())
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
func (fs *FlagSet) printHelp(w io.Writer) {
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
	if fs.About != "" {
		fmt.Fprintf(w, "\n%s\n", fs.About)
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
