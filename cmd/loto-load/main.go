// Command loto-load measures a loto server on this machine: the live
// stream, the claims, the sales and a whole simulated day. It is apart
// from loto so that the hall's binary carries no load generator. Run is
// what main and the tests call, so a measure can be driven in-process.
package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"time"

	"loto/internal/cli"
	"loto/internal/loto"
)

func main() { cli.Main(Run) }

// env is what a command gets: its arguments and the process's streams.
type env struct {
	args   []string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// command is one measure. Its flags function declares the measure's flags
// on the flag set it is given and returns what the measure does once they
// are parsed: nil, cli.ErrHelp or an error to print (see Run for the exit
// statuses).
type command struct {
	summary string
	flags   func(fs *flags) action
}

// action is what a measure does with its parsed command line.
type action func(ctx context.Context, e *env) error

// commands maps a measure's name to its command.
var commands = map[string]command{
	"claims": {"mesure l'enregistrement des annonces par HTTP à un débit fixé sur cette machine, puis leur contrôle", loadClaims},
	"day":    {"joue une journée simulée par HTTP contre le vrai serveur : joueurs, caissiers, entrée, meneur, contrôleurs et clients en direct ; latences par route, débit, erreurs, mémoire et CPU du serveur", loadDayCmd},
	"sales":  {"mesure les ventes par HTTP : N caissiers à la fois sur cette machine, latence et débit", loadSales},
	"stream": {"mesure le flux en direct (SSE) : N clients sur cette machine, latence et mémoire du serveur", loadStream},
}

// Run runs the command line and returns the exit status: 0 when done (or
// help given), 1 for a failure, its reason in French on stderr, 2 for a
// command line of the wrong shape.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	if a := args[0]; a == "help" || a == "-h" || a == "--help" {
		usage(stdout)
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "loto-load: mesure inconnue « %s » (voir « loto-load help »)\n", loto.Shown(args[0]))
		return 2
	}
	e := &env{args: args[1:], stdin: stdin, stdout: stdout, stderr: stderr}
	fs := newFlags(args[0], e)
	act := cmd.flags(fs)
	err := fs.parse(e.args)
	if err == nil {
		err = act(ctx, e)
	}
	return cli.ExitStatus("loto-load", err, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage : loto-load MESURE [options]   (sur cette machine seulement)")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	cli.ListCommands(w, names, "", func(n string) string { return commands[n].summary })
	fmt.Fprintln(w, "« loto-load MESURE -h » décrit les options d'une mesure.")
}

// usagef reports a command line of the wrong shape: exit 2 (see cli.Usagef).
func usagef(format string, args ...any) error { return cli.Usagef(format, args...) }

// flags is a measure's flag set with --db, the PostgreSQL database the
// measures of the sales and of the day may record in.
type flags struct {
	*cli.FlagSet
	db string
}

// newFlags makes a measure's flag set; it reports to the command's stderr.
func newFlags(name string, e *env) *flags {
	fs := &flags{FlagSet: cli.NewFlagSet("loto-load "+name, e.stderr)}
	// No default is shown: a PostgreSQL URL may hold a password.
	fs.StringVar(&fs.db, "db", "", "`BASE` URL postgres:// d'une base vide de cette machine (sales et day) ; sans elle, un fichier SQLite temporaire")
	return fs
}

// timed adds to a measure's flags --duration, how long it measures (1s to
// 10m: see badDuration), and --json.
func (fs *flags) timed() (duration *time.Duration, asJSON *bool) {
	duration = fs.Duration("duration", 10*time.Second, "`DURÉE` de la mesure, de 1s à 10m")
	asJSON = fs.Bool("json", false, "écrit le résultat en JSON")
	return duration, asJSON
}

// badDuration reports a measure's --duration outside 1s..10m, which
// errDuration refuses.
func badDuration(d time.Duration) bool { return d < time.Second || d > maxLoadDuration }

var errDuration = usagef("--duration : de 1s à 10m")

// parse parses flags in French (see cli.FlagSet.ParseArgs).
func (fs *flags) parse(args []string) error { return fs.ParseArgs(args) }

// clock tells the time of the measured day's acts.
var clock = time.Now

// organiser is who prepares the measured day.
var organiser = loto.Actor{Name: "cli", Role: loto.RoleOrganiser}
