// Command loto-load measures a loto server on this machine: the live
// stream, the claims, the sales and a whole simulated day. It is apart
// from loto so that the hall's binary carries no load generator. Run is
// what main and the tests call, so a measure can be driven in-process.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"time"

	"loto/internal/cli"
	"loto/internal/loto"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// env is what a command gets: its arguments and the process's streams.
type env struct {
	args   []string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// command is one measure; run returns nil, cli.ErrHelp or an error to
// print (see Run for the exit statuses).
type command struct {
	summary string
	run     func(ctx context.Context, e *env) error
}

// commands maps a measure's name to its command.
var commands = map[string]command{}

func register(name, summary string, run func(ctx context.Context, e *env) error) {
	commands[name] = command{summary: summary, run: run}
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
	err := cmd.run(ctx, &env{args: args[1:], stdin: stdin, stdout: stdout, stderr: stderr})
	var ee *cli.ExitError
	switch {
	case err == nil, errors.Is(err, cli.ErrHelp):
		return 0
	case errors.As(err, &ee):
		if ee.Msg != "" {
			fmt.Fprintln(stderr, "loto-load:", ee.Msg)
		}
		return ee.Code
	default:
		fmt.Fprintln(stderr, "loto-load:", message(err))
		return 1
	}
}

// message is what an error says to who measures: a refusal of the day in
// its French message, anything else as it is.
func message(err error) string {
	var le *loto.Error
	if errors.As(err, &le) && le.Code != loto.EInternal {
		return le.Message
	}
	return err.Error()
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage : loto-load MESURE [options]   (sur cette machine seulement)")
	names := make([]string, 0, len(commands))
	width := 0
	for n := range commands {
		names = append(names, n)
		width = max(width, len(n))
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-*s  %s\n", width, n, commands[n].summary)
	}
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

func isPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}
