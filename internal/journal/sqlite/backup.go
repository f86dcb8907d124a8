package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
)

// ErrInUse says that another connection (a server, another command) has
// the SQLite file open, so that it cannot be moved or replaced.
var ErrInUse = errors.New("journal: the SQLite file is open elsewhere")

// rawSource is the driver's URI for the file at path with only the given
// pragmas: no migration and no switch to WAL, so that a copy or a check
// leaves the file as it is.
func rawSource(path string, options url.Values) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	u := url.URL{Path: filepath.ToSlash(abs)}
	return "file:" + u.EscapedPath() + "?" + options.Encode(), nil
}

// openRaw opens one connection to the file at path with options.
func openRaw(ctx context.Context, path string, options url.Values) (*sql.DB, error) {
	dsn, err := rawSource(path, options)
	if err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// Copy writes a consistent copy of the SQLite file from into the file to,
// which must not exist or be empty. It reads from with VACUUM INTO (never
// creating it; read-only where the file or its disk is): one snapshot, taken while a server may go on appending (WAL
// lets readers and the writer work at once), of the live pages only, so
// that a personal record erased before the copy is not carried over even
// where the write-ahead log still holds its old page. The copy is one file
// in rollback-journal mode, 0600 when Copy makes it, flushed to its disk
// before Copy returns.
func Copy(ctx context.Context, from, to string) error {
	if _, err := os.Stat(from); err != nil {
		return err
	}
	q := url.Values{}
	// Not "ro": a read-only connection to a file in WAL mode that no one
	// has open would leave an empty WAL and its shared memory behind.
	q.Set("mode", "rw")
	q.Add("_pragma", "busy_timeout(10000)")
	// VACUUM INTO writes the copy with the source's sync setting.
	q.Add("_pragma", "synchronous(FULL)")
	// A copy taken while a record was being erased is written without the
	// leftovers of its pages, as the source is.
	q.Add("_pragma", "secure_delete(ON)")
	db, err := openRaw(ctx, from, q)
	if err != nil {
		return err
	}
	defer db.Close()
	abs, err := filepath.Abs(to)
	if err != nil {
		return err
	}
	// A copy holds all the base does: VACUUM INTO would make it 0644.
	createPrivate(abs)
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, abs); err != nil {
		return err
	}
	return syncFile(abs)
}

// Settle folds the write-ahead log of the SQLite file at path into the file
// and leaves it in rollback-journal mode: one self-contained file that can
// be moved, copied to a stick or replaced. It fails with ErrInUse, changing
// nothing, when another connection has the file open.
func Settle(ctx context.Context, path string) error {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(0)") // a server holding the file is an answer, not a wait
	db, err := openRaw(ctx, path, q)
	if err != nil {
		return err
	}
	defer db.Close()
	var mode string
	if err := db.QueryRowContext(ctx, `PRAGMA journal_mode=DELETE`).Scan(&mode); err != nil {
		if isBusy(err) {
			return ErrInUse
		}
		return err
	}
	if mode != "delete" {
		return fmt.Errorf("journal: %s stays in %s mode", path, mode)
	}
	return syncFile(path)
}

// isBusy reports whether SQLite refused for a lock held elsewhere.
func isBusy(err error) bool {
	var coded interface{ Code() int }
	if errors.As(err, &coded) {
		switch coded.Code() & 0xff {
		case 5, 6: // SQLITE_BUSY, SQLITE_LOCKED
			return true
		}
	}
	return false
}

// syncFile flushes the file at path to its disk.
func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
