package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"loto/internal/journal"
	"loto/internal/journal/postgres"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
)

// defaultActor is who acts when --by is not given, recorded in each event.
const defaultActor = "cli"

// Whether a command may start a new SQLite file: only those that begin a
// day do (event create, series create, simulate). Any other refuses a path
// where there is none, rather than leave an empty journal behind.
const (
	mustExist = false
	mayCreate = true
)

// openStore opens the journal named by db (--db, else LOTO_DB, else
// ./loto.db): a postgres:// URL or a SQLite file.
func openStore(ctx context.Context, db string, create bool) (journal.Store, error) {
	if db == "" {
		db = os.Getenv("LOTO_DB")
	}
	if db == "" {
		db = "./loto.db"
	}
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		s, err := postgres.Open(ctx, db, nil)
		if err != nil {
			return nil, fmt.Errorf("base PostgreSQL inaccessible : %w", err)
		}
		return s, nil
	}
	if !create {
		if _, err := os.Stat(db); errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("base SQLite %s introuvable : une journée commence par « loto event create » (vérifier --db ou LOTO_DB)", db)
		}
	}
	s, err := sqlite.Open(ctx, db, nil)
	if err != nil {
		return nil, fmt.Errorf("base SQLite %s illisible : %w", db, err)
	}
	return s, nil
}

// openDay opens the journal named by db and replays it into a Day.
func openDay(ctx context.Context, db string, create bool) (*loto.Day, journal.Store, error) {
	s, err := openStore(ctx, db, create)
	if err != nil {
		return nil, nil, err
	}
	d, err := loto.Open(ctx, s)
	if err != nil {
		s.Close()
		return nil, nil, err
	}
	return d, s, nil
}

// withDay opens the journal named by --db, replays it into a Day, runs fn
// on it and closes the journal.
func (fs *flags) withDay(ctx context.Context, create bool, fn func(*loto.Day) error) error {
	d, s, err := openDay(ctx, fs.db, create)
	if err != nil {
		return err
	}
	defer s.Close()
	return fn(d)
}

// withStore opens the journal named by --db, runs fn on it and closes it.
func (fs *flags) withStore(ctx context.Context, create bool, fn func(journal.Store) error) error {
	s, err := openStore(ctx, fs.db, create)
	if err != nil {
		return err
	}
	defer s.Close()
	return fn(s)
}

// message turns an error into the line shown to a person.
func message(err error) string {
	var le *loto.Error
	if errors.As(err, &le) && le.Code != loto.EInternal {
		return le.Message // the cause is for logs; the message already says it in French
	}
	return err.Error()
}
