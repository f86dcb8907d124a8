// Command loto runs a charity loto day: set-up, cards, sales, the door, the
// games, reports, audit. Each subcommand is a flag.FlagSet; Run is what main and
// the tests call, so the whole program can be driven in-process.
package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"loto/internal/cli"
	"loto/internal/loto"
)

// Version is set at build time with -ldflags "-X main.Version=...".
var Version = "dev"

func main() { cli.Main(Run) }

// env is what a command gets: its arguments and the process's streams.
type env struct {
	args   []string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// banner, when set, replaces serve's console text once it listens (the
	// volunteer's start, hall.go, says less and opens the browser).
	banner bannerFunc
}

// command is one subcommand. Its flags function declares the command's
// flags on the flag set it is given and returns what the command does once
// they are parsed: nil, cli.ErrHelp or an error to print (see Run for the exit
// statuses).
type command struct {
	summary string
	flags   func(fs *flags) action
}

// action is what a command does with its parsed command line.
type action func(ctx context.Context, e *env) error

// run makes the flag set of the command name, parses the command line into
// it and runs the command.
func (c command) run(ctx context.Context, name string, e *env) error {
	fs := newFlags(name, e)
	act := c.flags(fs)
	if err := fs.parse(e.args); err != nil {
		return err
	}
	return act(ctx, e)
}

// exitError carries a specific exit status with a message.
type exitError = cli.ExitError

// usagef reports a command line of the wrong shape: exit 2 (see cli.Usagef).
func usagef(format string, args ...any) error { return cli.Usagef(format, args...) }

// Run runs the loto command line and returns the exit status: 0 when done
// (or help given), 1 for a refusal or a failure, its reason in French on
// stderr, 2 for a command line of the wrong shape. Without arguments it is
// the volunteer's start (see hall): the day served from loto.db beside the
// executable.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return hall(ctx, stdin, stdout, stderr)
	}
	if isHelp(args[0]) {
		usage(stdout)
		return 0
	}
	name, rest := args[0], args[1:]
	cmd, ok := commands[name]
	if !ok && len(args) > 1 {
		name, rest = args[0]+" "+args[1], args[2:]
		cmd, ok = commands[name]
	}
	if !ok {
		return unknown(args, stdout, stderr)
	}
	return cli.ExitStatus("loto", cmd.run(ctx, name, &env{args: rest, stdin: stdin, stdout: stdout, stderr: stderr}), stderr)
}

func isHelp(arg string) bool { return arg == "help" || arg == "-h" || arg == "--help" }

// unknown answers a command line that names no command. A noun alone
// ("loto game") or with a verb it lacks lists the noun's commands, so that
// the organiser finds the verb; help after a noun lists them as an answer.
func unknown(args []string, stdout, stderr io.Writer) int {
	noun := args[0]
	names := commandsOf(noun + " ")
	switch {
	case len(names) == 0:
		fmt.Fprintf(stderr, "loto: commande inconnue « %s » (voir « loto help »)\n", loto.Shown(noun))
	case len(args) == 1:
		fmt.Fprintf(stderr, "loto %s : préciser la commande, l'une de :\n", noun)
		listCommands(stderr, names, "loto ")
	case isHelp(args[1]):
		fmt.Fprintf(stdout, "commandes « loto %s » (« loto %s COMMANDE -h » décrit ses options) :\n", noun, noun)
		listCommands(stdout, names, "loto ")
		return 0
	default:
		fmt.Fprintf(stderr, "loto: commande inconnue « %s %s » ; celles de « loto %s » sont :\n", noun, loto.Shown(args[1]), noun)
		listCommands(stderr, names, "loto ")
	}
	return 2
}

// commandsOf returns the names of the commands that start with prefix, sorted.
func commandsOf(prefix string) []string {
	var names []string
	for n := range commands {
		if strings.HasPrefix(n, prefix) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// listCommands writes each command with its summary, a line each.
func listCommands(w io.Writer, names []string, prefix string) {
	cli.ListCommands(w, names, prefix, func(n string) string { return commands[n].summary })
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage : loto COMMANDE [options]   (chaque commande prend --db, ou LOTO_DB)")
	listCommands(w, commandsOf(""), "")
	fmt.Fprintln(w, "« loto COMMANDE -h » décrit les options d'une commande.")
	fmt.Fprintln(w, "Qui agit : --by NOM ; en quel rôle : --as RÔLE[:CAISSE] (par défaut l'organisateur, qui peut tout ; sinon meneur, contrôleur, caissier:CAISSE, entrée, tableau ou système).")
}

func version(fs *flags) action {
	return func(ctx context.Context, e *env) error {
		fmt.Fprintln(e.stdout, "loto", Version)
		return nil
	}
}
