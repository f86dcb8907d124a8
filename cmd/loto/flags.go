package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"loto/internal/journal"
	"loto/internal/journal/postgres"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
)

// newFlags makes a flag set that prints its errors to the command's stderr.
func newFlags(name string, e *env) *flag.FlagSet {
	fs := flag.NewFlagSet("loto "+name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	return fs
}

// parse parses flags, allowing them after positional arguments too
// ("loto card check A-000001-K7 --db x.db"), and maps failure to errUsage.
func parse(fs *flag.FlagSet, args []string) error {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return errUsage
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return fs.Parse(append([]string{"--"}, positional...))
}

// dbFlag adds --db, defaulting to LOTO_DB, then ./loto.db.
func dbFlag(fs *flag.FlagSet) *string {
	def := os.Getenv("LOTO_DB")
	if def == "" {
		def = "./loto.db"
	}
	return fs.String("db", def, "SQLite file path or postgres:// URL (env LOTO_DB)")
}

// openStore opens the journal named by --db: a postgres:// URL or a file.
func openStore(ctx context.Context, db string) (journal.Store, error) {
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		s, err := postgres.Open(ctx, db, nil)
		if err != nil {
			return nil, fmt.Errorf("base PostgreSQL inaccessible : %w", err)
		}
		return s, nil
	}
	s, err := sqlite.Open(ctx, db, nil)
	if err != nil {
		return nil, fmt.Errorf("base SQLite %s illisible : %w", db, err)
	}
	return s, nil
}

// message turns an error into the line shown to a person.
func message(err error) string {
	var broken *journal.BrokenError
	if errors.As(err, &broken) {
		return fmt.Sprintf("journal corrompu à l'événement n° %d : %s", broken.Seq, broken.Reason)
	}
	var le *loto.Error
	if errors.As(err, &le) && le.Code != loto.EInternal {
		return le.Message // the cause is for logs; the message already says it in French
	}
	return err.Error()
}
