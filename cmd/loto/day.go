package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"loto/internal/access"
	"loto/internal/cli"
	"loto/internal/journal"
	"loto/internal/journal/postgres"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"

	driver "modernc.org/sqlite"
)

// defaultActor is who acts when --by is not given, recorded in each event.
const defaultActor = "cli"

// clock tells the time of a command, for the warnings of acts out of time
// (R1); the tests fix it.
var clock = time.Now

// organiser is the actor of the simulation's event, which takes no --by.
var organiser = loto.Actor{Name: defaultActor, Role: loto.RoleOrganiser}

// Whether a command may start a new SQLite file: only those that begin a
// day do (event create, series create, and organiser password, which may
// come first; simulate plays into a file of its own, put in place once
// played). Any other refuses a path where there is none, rather than
// leave an empty journal behind.
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

// openStore opens the journal named by db (--db, else LOTO_DB, else
// ./loto.db): a postgres:// URL or a SQLite file. A command that may begin
// a day (create) gets, where there is no file yet, a journal that creates
// it with its first event.
func openStore(ctx context.Context, db string, create bool) (journal.Store, error) {
	db = dbName(db)
	if cli.IsPostgres(db) {
		s, err := postgres.Open(ctx, db, nil)
		if err != nil {
			return nil, fmt.Errorf("base PostgreSQL inaccessible : %w", err)
		}
		return s, nil
	}
	if _, err := os.Stat(db); errors.Is(err, fs.ErrNotExist) {
		if create {
			return &newJournal{path: db}, nil
		}
		return nil, fmt.Errorf("base SQLite %s introuvable : une journée commence par « loto serve » (préparée dans le navigateur) ou « loto event create » (vérifier --db ou LOTO_DB)", shownPath(db))
	}
	s, err := sqlite.Open(ctx, db, nil)
	if err != nil {
		return nil, sqliteError(db, err)
	}
	return s, nil
}

// sqliteError says that the SQLite file db cannot be opened.
func sqliteError(db string, err error) error {
	var shared *sqlite.SharedError
	if errors.As(err, &shared) {
		files := make([]string, len(shared.Files))
		for i, f := range shared.Files {
			files[i] = shownPath(f)
		}
		return fmt.Errorf("base SQLite %s lisible par d'autres comptes de cet ordinateur (noms, téléphones, clés des billets, graines, mot de passe) : la protéger avec « chmod 600 %s », puis relancer",
			shownPath(db), strings.Join(files, " "))
	}
	return fmt.Errorf("base SQLite %s illisible : %s", shownPath(db), sqliteCause(err))
}

// sqliteCause says in French why SQLite refused a file, without the
// driver's copy of its path; SQLite's own words are kept only for a case
// not foreseen here.
func sqliteCause(err error) string {
	var se *driver.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff { // the primary result code
		case 26: // SQLITE_NOTADB
			return "ce fichier n'est pas une base SQLite (ou il est abîmé)"
		case 14: // SQLITE_CANTOPEN
			return "impossible de l'ouvrir (dossier absent ou interdit, ou chemin trop long)"
		case 5, 6: // SQLITE_BUSY, SQLITE_LOCKED
			return "verrouillée par un autre programme"
		case 8: // SQLITE_READONLY
			return "en lecture seule"
		case 13: // SQLITE_FULL
			return "le disque est plein"
		}
	}
	if inner := errors.Unwrap(err); inner != nil {
		err = inner // drops "open PATH:"
	}
	return loto.Cut(err.Error(), maxPathShown)
}

// withDay opens the journal named by --db, replays it into a Day, runs fn
// on it and closes the journal. The replay folds the devices' and the
// organiser's events too, as the server's does, so that a command refuses
// a journal the server would.
func (fs *flags) withDay(ctx context.Context, create bool, fn func(*loto.Day) error) error {
	return fs.withAccess(ctx, create, func(d *loto.Day, _ *access.Book) error { return fn(d) })
}

// withAccess is withDay with the day's access control: its devices and
// the organiser's password.
func (fs *flags) withAccess(ctx context.Context, create bool, fn func(*loto.Day, *access.Book) error) error {
	return fs.withStore(ctx, create, func(s journal.Store) error {
		d, b, err := access.Open(ctx, s, loto.Options{Clock: clock})
		if err != nil {
			return err
		}
		return fn(d, b)
	})
}

// withStore opens the journal named by --db, runs fn on it and closes it.
// It never removes a file: a journal is the record, and a command that
// failed cannot know that no other one has written there since.
func (fs *flags) withStore(ctx context.Context, create bool, fn func(journal.Store) error) error {
	s, err := openStore(ctx, fs.db, create)
	if err != nil {
		return err
	}
	defer s.Close()
	return fn(s)
}
