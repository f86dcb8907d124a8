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

// organiser is the actor of the simulation's event, which takes no --by.
var organiser = loto.Actor{Name: defaultActor, Role: loto.RoleOrganiser}

// Whether a command may start a new SQLite file: only those that begin a
// day do (event create, series create, simulate). Any other refuses a path
// where there is none, rather than leave an empty journal behind.
const (
	mustExist = false
	mayCreate = true
)

// dbName returns the journal db names: --db, else LOTO_DB, else ./loto.db.
func dbName(db string) string {
	if db == "" {
		db = os.Getenv("LOTO_DB")
	}
	if db == "" {
		db = "./loto.db"
	}
	return db
}

func isPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// openStore opens the journal named by db (--db, else LOTO_DB, else
// ./loto.db): a postgres:// URL or a SQLite file.
func openStore(ctx context.Context, db string, create bool) (journal.Store, error) {
	db = dbName(db)
	if isPostgres(db) {
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
	return fs.withStore(ctx, create, func(s journal.Store) error {
		d, err := loto.Open(ctx, s)
		if err != nil {
			return err
		}
		return fn(d)
	})
}

// withStore opens the journal named by --db, runs fn on it and closes it.
// A command that may start a new SQLite file and fails leaves none behind:
// an empty journal where there was nothing would pass for a day begun.
func (fs *flags) withStore(ctx context.Context, create bool, fn func(journal.Store) error) (err error) {
	var undo newFiles
	if create {
		undo = newSQLiteFiles(dbName(fs.db))
	}
	s, err := openStore(ctx, fs.db, create)
	if err != nil {
		undo.remove()
		return err
	}
	defer func() {
		// A failure that wrote nothing undoes the file; one that wrote
		// events (a simulation cut short) keeps them: the journal is the
		// record, and is never thrown away.
		empty := false
		if err != nil && len(undo) > 0 {
			h, herr := s.Head(context.WithoutCancel(ctx))
			empty = herr == nil && h.Seq == 0
		}
		s.Close()
		if empty {
			undo.remove()
		}
	}()
	return fn(s)
}

// newFiles are the files of a SQLite journal that did not exist before a command.
type newFiles []string

// newSQLiteFiles returns the files of the SQLite journal db, and of its
// companions, that do not exist yet; none for PostgreSQL.
func newSQLiteFiles(db string) newFiles {
	if isPostgres(db) {
		return nil
	}
	if _, err := os.Stat(db); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	var out newFiles
	for _, f := range []string{db, db + "-wal", db + "-shm", db + "-journal"} {
		if _, err := os.Stat(f); errors.Is(err, fs.ErrNotExist) {
			out = append(out, f)
		}
	}
	return out
}

func (n newFiles) remove() {
	for _, f := range n {
		os.Remove(f)
	}
}

// message turns an error into the line shown to a person.
func message(err error) string {
	var le *loto.Error
	if errors.As(err, &le) && le.Code != loto.EInternal {
		return le.Message // the cause is for logs; the message already says it in French
	}
	return err.Error()
}
