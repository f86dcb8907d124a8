// Package sqlite is the journal on an embedded SQLite file (pure-Go driver,
// no cgo), in WAL mode with synchronous=FULL: an append is on disk before
// Append returns.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"loto/internal/journal"

	sqlite3 "modernc.org/sqlite" // registers the "sqlite" driver
	sqlitelib "modernc.org/sqlite/lib"
)

//go:embed migration/*.sql
var migrations embed.FS

// pollEvery bounds how long Wait can miss an append made by another process
// on the same file (in-process appends wake waiters at once).
const pollEvery = time.Second

// Store is a journal.Store on one SQLite file.
type Store struct {
	db    *sql.DB
	clock journal.Clock
	stmts *statements
	// pruning says when Count deletes the ended windows.
	pruning journal.Pruning

	mu      sync.Mutex
	changed chan struct{} // closed and replaced after each append
}

var _ journal.Store = (*Store)(nil)

// Open opens (creating if needed, 0600) the SQLite journal at path and
// applies pending migrations. A base other accounts may read is refused
// with a *SharedError, before SQLite makes a write-ahead log of its mode.
// A nil clock means time.Now.
func Open(ctx context.Context, path string, clock journal.Clock) (*Store, error) {
	if err := CheckPrivate(path); err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return open(ctx, path, clock)
}

// OpenCopy opens the SQLite journal at path as Open does, without refusing
// a file others may read: a copy made to be checked and carried away,
// which may sit on a stick whose file system (FAT) keeps no modes.
func OpenCopy(ctx context.Context, path string) (*Store, error) {
	return open(ctx, path, nil)
}

func open(ctx context.Context, path string, clock journal.Clock) (*Store, error) {
	if clock == nil {
		clock = time.Now
	}
	createPrivate(path)
	dsn, err := dataSource(path)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	// Two processes opening a new file at the same moment may each hold a
	// lock the other waits for while switching it to WAL or creating its
	// tables; SQLite then answers one of them SQLITE_BUSY at once rather
	// than let both wait for ever. That one tries again, from the start,
	// within the busy timeout: the other has finished by then.
	deadline := time.Now().Add(openPatience)
	for {
		s, err := openOnce(ctx, path, dsn, clock)
		if err == nil || !isBusy(err) || time.Now().After(deadline) {
			return s, err
		}
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(openRetry):
		}
	}
}

// openPatience is how long open tries a file another process is opening
// too, as long as the busy timeout waits for a lock; openRetry is the
// pause between two tries.
const (
	openPatience = 10 * time.Second
	openRetry    = 20 * time.Millisecond
)

// openOnce opens the database at dsn and applies pending migrations.
func openOnce(ctx context.Context, path, dsn string, clock journal.Clock) (*Store, error) {
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	s := &Store{db: db, clock: clock, stmts: &statements{db: db}, changed: make(chan struct{})}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("migrate %s: %w", path, err)
	}
	return s, nil
}

// dataSource returns the driver's URI for the file at path. A path is a
// path: its "?", "#" and "%" are escaped, so that none of them starts the
// URI's options or fragment and opens another file; made absolute, it can
// never read as a URI's "//host".
func dataSource(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	q := url.Values{}
	// The pragmas run in this order on every new connection: the busy
	// timeout first, so that switching a new file to WAL waits for another
	// process opening it at the same moment instead of failing at once.
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(ON)")
	// Erased personal records are overwritten with zeros, not just unlinked.
	q.Add("_pragma", "secure_delete(ON)")
	q.Set("_txlock", "immediate")
	u := url.URL{Path: filepath.ToSlash(abs)}
	return "file:" + u.EscapedPath() + "?" + q.Encode(), nil
}

// migrate applies each numbered .sql file once, in its own transaction.
func (s *Store) migrate(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY)`); err != nil {
		return err
	}
	names, err := fs.Glob(migrations, "migration/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		if err := s.migrateOne(ctx, name); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}

func (s *Store) migrateOne(ctx context.Context, name string) error {
	tx, err := s.db.BeginTx(ctx, nil) // BEGIN IMMEDIATE: two processes migrate one after the other
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE name = ?`, name).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	body, err := migrations.ReadFile(name)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, string(body)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (name) VALUES (?)`, name); err != nil {
		return err
	}
	return tx.Commit()
}

// Close closes the database.
func (s *Store) Close() error {
	s.stmts.close()
	return s.db.Close()
}

// Append writes drafts after event number expected, all or nothing. A
// disk without space is journal.ErrFull: SQLite rolls the transaction
// back, and the file is as it was.
func (s *Store) Append(ctx context.Context, expected int64, drafts ...journal.Draft) ([]journal.Event, error) {
	return orFull(s.append(ctx, expected, drafts))
}

// orFull marks a disk full with journal.ErrFull.
func orFull(events []journal.Event, err error) ([]journal.Event, error) {
	var se *sqlite3.Error
	if errors.As(err, &se) && se.Code()&0xff == sqlitelib.SQLITE_FULL {
		return nil, fmt.Errorf("%w: %w", journal.ErrFull, err)
	}
	return events, err
}

func (s *Store) append(ctx context.Context, expected int64, drafts []journal.Draft) ([]journal.Event, error) {
	if len(drafts) == 0 {
		return nil, journal.ErrNothing
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("journal: begin: %w", err)
	}
	defer tx.Rollback()
	return s.appendIn(ctx, tx, expected, drafts)
}

// appendIn appends drafts in transaction tx, begun IMMEDIATE (it holds
// the file's write lock), and commits it.
func (s *Store) appendIn(ctx context.Context, tx *sql.Tx, expected int64, drafts []journal.Draft) ([]journal.Event, error) {
	q := txq{ctx: ctx, tx: tx, st: s.stmts}

	var head journal.Head
	if err := q.scan(`SELECT seq, hash FROM head WHERE id = 1`, nil, &head.Seq, &head.Hash); err != nil {
		return nil, fmt.Errorf("journal: head: %w", err)
	}
	if head.Seq != expected {
		return nil, fmt.Errorf("%w: head is %d, expected %d", journal.ErrConflict, head.Seq, expected)
	}
	now := journal.Truncate(s.clock())
	events := make([]journal.Event, 0, len(drafts))
	for _, d := range drafts {
		if err := checkUnused(q, d); err != nil {
			return nil, err
		}
		e := journal.Event{Seq: head.Seq + 1, Time: now, Actor: d.Actor, Type: d.Type, Payload: d.Payload, Key: d.Key}
		e.Hash = journal.Chain(head.Hash, e)
		var key any
		if d.Key != "" {
			key = d.Key
		}
		if err := q.exec(`INSERT INTO events (seq, time_us, actor, type, payload, key, hash) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			e.Seq, e.Time.UnixMicro(), e.Actor, e.Type, []byte(e.Payload), key, e.Hash); err != nil {
			return nil, fmt.Errorf("journal: insert %d: %w", e.Seq, err)
		}
		for name, value := range d.Secrets {
			if err := q.exec(`INSERT INTO secrets (name, value) VALUES (?, ?)`, name, value); err != nil {
				return nil, fmt.Errorf("journal: secret %q: %w", name, err)
			}
		}
		if err := writePersonal(q, e.Seq, d); err != nil {
			return nil, err
		}
		events = append(events, e)
		head = journal.Head{Seq: e.Seq, Hash: e.Hash}
	}
	if err := q.exec(`UPDATE head SET seq = ?, hash = ? WHERE id = 1`, head.Seq, head.Hash); err != nil {
		return nil, fmt.Errorf("journal: head: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("journal: commit: %w", err)
	}
	s.mu.Lock()
	close(s.changed)
	s.changed = make(chan struct{})
	s.mu.Unlock()
	return events, nil
}

// checkUnused refuses a draft whose idempotency key or secret names are taken.
func checkUnused(q txq, d journal.Draft) error {
	var n int
	if d.Key != "" {
		if err := q.scan(`SELECT count(*) FROM events WHERE key = ?`, []any{d.Key}, &n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("%w: %q", journal.ErrDuplicateKey, d.Key)
		}
	}
	for name := range d.Secrets {
		if err := q.scan(`SELECT count(*) FROM secrets WHERE name = ?`, []any{name}, &n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("%w: %q", journal.ErrSecretExists, name)
		}
	}
	return checkPersonalUnused(q, d)
}

const selectEvents = `SELECT seq, time_us, actor, type, payload, COALESCE(key, ''), hash FROM events`

func scanEvent(sc interface{ Scan(...any) error }) (journal.Event, error) {
	var e journal.Event
	var us int64
	var payload []byte
	if err := sc.Scan(&e.Seq, &us, &e.Actor, &e.Type, &payload, &e.Key, &e.Hash); err != nil {
		return e, err
	}
	e.Time = time.UnixMicro(us).UTC()
	e.Payload = payload
	return e, nil
}

// Read calls fn for each event from sequence from on, in order.
func (s *Store) Read(ctx context.Context, from int64, fn func(journal.Event) error) error {
	rows, err := s.db.QueryContext(ctx, selectEvents+` WHERE seq >= ? ORDER BY seq`, from)
	if err != nil {
		return fmt.Errorf("journal: read: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			return fmt.Errorf("journal: read: %w", err)
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Head returns the last sequence and hash.
func (s *Store) Head(ctx context.Context) (journal.Head, error) {
	var h journal.Head
	if err := s.stmts.scan(ctx, `SELECT seq, hash FROM head WHERE id = 1`, nil, &h.Seq, &h.Hash); err != nil {
		return h, fmt.Errorf("journal: head: %w", err)
	}
	return h, nil
}

// ByKey returns the event appended with the idempotency key.
func (s *Store) ByKey(ctx context.Context, key string) (journal.Event, error) {
	e, err := scanEvent(s.db.QueryRowContext(ctx, selectEvents+` WHERE key = ?`, key))
	if errors.Is(err, sql.ErrNoRows) {
		return e, journal.ErrNotFound
	}
	return e, err
}

// Secret returns a stored secret.
func (s *Store) Secret(ctx context.Context, name string) ([]byte, error) {
	var v []byte
	err := s.stmts.scan(ctx, `SELECT value FROM secrets WHERE name = ?`, []any{name}, &v)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, journal.ErrNotFound
	}
	return v, err
}

// Wait blocks until the head is past seq. Appends in this process wake it at
// once; another process's appends are seen within pollEvery.
func (s *Store) Wait(ctx context.Context, seq int64) error {
	for {
		s.mu.Lock()
		changed := s.changed
		s.mu.Unlock()
		h, err := s.Head(ctx)
		if err != nil {
			return err
		}
		if h.Seq > seq {
			return nil
		}
		t := time.NewTimer(pollEvery)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-changed:
		case <-t.C:
		}
		t.Stop()
	}
}
