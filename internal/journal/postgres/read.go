package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"loto/internal/journal"
)

const selectEvents = `SELECT seq, time, actor, type, payload, COALESCE(key, ''), hash FROM events`

func scanEvent(row pgx.Row) (journal.Event, error) {
	var e journal.Event
	var t time.Time
	var payload []byte // pgx copies bytea into a new slice, so events may be kept
	if err := row.Scan(&e.Seq, &t, &e.Actor, &e.Type, &payload, &e.Key, &e.Hash); err != nil {
		return e, err
	}
	e.Time = t.UTC() // pgx decodes timestamptz in the local zone
	e.Payload = payload
	return e, nil
}

// Read calls fn for each event from sequence from on, in order, as rows
// arrive from the server.
func (s *Store) Read(ctx context.Context, from int64, fn func(journal.Event) error) error {
	rows, err := s.pool.Query(ctx, selectEvents+` WHERE seq >= $1 ORDER BY seq`, from)
	if err != nil {
		return fault("read", err)
	}
	defer rows.Close()
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			return fault("read", err)
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fault("read", err)
	}
	return nil
}

// Head returns the last sequence and hash.
func (s *Store) Head(ctx context.Context) (journal.Head, error) {
	var h journal.Head
	if err := s.pool.QueryRow(ctx, `SELECT seq, hash FROM head WHERE id = 1`).Scan(&h.Seq, &h.Hash); err != nil {
		return h, fault("head", err)
	}
	return h, nil
}

// ByKey returns the event appended with the idempotency key.
func (s *Store) ByKey(ctx context.Context, key string) (journal.Event, error) {
	e, err := scanEvent(s.pool.QueryRow(ctx, selectEvents+` WHERE key = $1`, key))
	if errors.Is(err, pgx.ErrNoRows) {
		return journal.Event{}, journal.ErrNotFound
	}
	if err != nil {
		return journal.Event{}, fault("by key", err)
	}
	return e, nil
}

// Secret returns a stored secret.
func (s *Store) Secret(ctx context.Context, name string) ([]byte, error) {
	var v []byte
	err := s.pool.QueryRow(ctx, `SELECT value FROM secrets WHERE name = $1`, name).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, journal.ErrNotFound
	}
	if err != nil {
		return nil, fault("secret", err)
	}
	return v, nil
}
