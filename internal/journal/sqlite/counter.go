package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"loto/internal/journal"
)

var _ journal.Counter = (*Store)(nil)

// nowMillis is the time by the file's machine, in Unix milliseconds: every
// process on the file is on that machine, and SQLite gives one 'now' to a
// whole statement.
const nowMillis = `CAST(unixepoch('subsec') * 1000 AS INTEGER)`

// countQuery counts ?2 more uses of key ?1 against limit ?3 in a window of
// ?4 milliseconds, in one statement: the file's write lock makes parallel
// counts, of every process, follow each other. In an upsert's SET every
// column is the stored row's, before the update.
const countQuery = `INSERT INTO counts (key, count, until) VALUES (?1, max(0, ?2), ` + nowMillis + ` + ?4)
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN until <= ` + nowMillis + ` THEN max(0, ?2) ELSE max(0, count + ?2) END,
  until = CASE WHEN until <= ` + nowMillis + ` OR (count < ?3 AND count + ?2 >= ?3) THEN ` + nowMillis + ` + ?4 ELSE until END
RETURNING count, until - ` + nowMillis

// Count is journal.Counter.Count.
func (s *Store) Count(ctx context.Context, key string, n, limit int, window time.Duration) (journal.Tally, error) {
	if s.pruning.Due() {
		if _, err := s.db.ExecContext(ctx, `DELETE FROM counts WHERE until <= `+nowMillis); err != nil {
			return journal.Tally{}, fmt.Errorf("journal: counts: %w", err)
		}
	}
	q, err := s.stmts.get(ctx, countQuery)
	if err != nil {
		return journal.Tally{}, fmt.Errorf("journal: count: %w", err)
	}
	var t journal.Tally
	var left int64
	if err := q.QueryRowContext(ctx, key, n, limit, window.Milliseconds()).Scan(&t.Count, &left); err != nil {
		return journal.Tally{}, fmt.Errorf("journal: count: %w", err)
	}
	t.Left = time.Duration(left) * time.Millisecond
	return t, nil
}

// Forget is journal.Counter.Forget.
func (s *Store) Forget(ctx context.Context, key string) (bool, error) {
	var live int
	err := s.db.QueryRowContext(ctx, `DELETE FROM counts WHERE key = ? RETURNING until > `+nowMillis, key).Scan(&live)
	switch {
	case err == sql.ErrNoRows:
		return false, nil
	case err != nil:
		return false, fmt.Errorf("journal: forget: %w", err)
	}
	return live == 1, nil
}
