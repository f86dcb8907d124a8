// Command loto runs a charity loto day: set-up, cards, the game, sales, the
// web server, audit. Each subcommand is a flag.FlagSet; Run is what main and
// the tests call, so the whole program can be driven in-process.
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
)

// Version is set at build time with -ldflags "-X main.Version=...".
var Version = "dev"

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

// command is one subcommand; run returns an error to print, or errUsage.
type command struct {
	summary string
	run     func(ctx context.Context, e *env) error
}

// errUsage means the flags were wrong; the flag set has already said why.
var errUsage = errors.New("usage")

// exitError carries a specific exit status with a message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// commands maps "verb" or "noun verb" to a command.
var commands = map[string]command{}

func register(name, summary string, run func(ctx context.Context, e *env) error) {
	commands[name] = command{summary: summary, run: run}
}

// Run runs the loto command line and returns the exit status.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
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
		fmt.Fprintf(stderr, "loto: commande inconnue %q (voir « loto help »)\n", strings.Join(args[:min(2, len(args))], " "))
		return 2
	}
	err := cmd.run(ctx, &env{args: rest, stdin: stdin, stdout: stdout, stderr: stderr})
	var ee *exitError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage):
		return 2
	case errors.As(err, &ee):
		if ee.msg != "" {
			fmt.Fprintln(stderr, "loto:", ee.msg)
		}
		return ee.code
	default:
		fmt.Fprintln(stderr, "loto:", message(err))
		return 1
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: loto COMMAND [flags]   (every command takes --db, or LOTO_DB)")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-20s %s\n", n, commands[n].summary)
	}
}

func init() {
	register("version", "print the version", func(ctx context.Context, e *env) error {
		fs := newFlags("version", e)
		if err := parse(fs, e.args); err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, "loto", Version)
		return nil
	})
}
