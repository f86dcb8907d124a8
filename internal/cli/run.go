package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"loto/internal/loto"
)

// Main runs a program's command line and exits with its status; an
// interrupt or SIGTERM cancels the context run is given.
func Main(run func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// ExitStatus is the exit status of a command's result: 0 for none or
// ErrHelp, an ExitError's own code, else 1. Its reason is printed on
// stderr after the program's name prog.
func ExitStatus(prog string, err error, stderr io.Writer) int {
	var ee *ExitError
	switch {
	case err == nil, errors.Is(err, ErrHelp):
		return 0
	case errors.As(err, &ee):
		if ee.Msg != "" {
			fmt.Fprintln(stderr, prog+":", ee.Msg)
		}
		return ee.Code
	default:
		fmt.Fprintln(stderr, prog+":", Message(err))
		return 1
	}
}

// Message turns an error into the line shown to a person: a refusal of the
// day in its French message (the cause is for logs), anything else as it
// is.
func Message(err error) string {
	var le *loto.Error
	if errors.As(err, &le) && le.Code != loto.EInternal {
		return le.Message
	}
	return err.Error()
}

// IsPostgres reports whether db names a PostgreSQL database rather than a
// SQLite file.
func IsPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// ListCommands writes each command name, after prefix, with its summary, a
// line each, the summaries aligned.
func ListCommands(w io.Writer, names []string, prefix string, summary func(name string) string) {
	width := 0
	for _, n := range names {
		width = max(width, len(prefix+n))
	}
	for _, n := range names {
		fmt.Fprintf(w, "  %-*s  %s\n", width, prefix+n, summary(n))
	}
}
