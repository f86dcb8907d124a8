package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"loto/internal/journal"
)

var _ journal.Counter = (*Store)(nil)

// countQuery counts $2 more uses of key $1 against limit $3 in a window of
// $4 milliseconds, in one statement by the database's clock, which every
// instance shares whatever its machine's: the key's row lock makes
// parallel counts follow each other, each seeing the one before. In the
// upsert's SET, c is the stored row, before the update.
const countQuery = `INSERT INTO counts AS c (key, count, until)
VALUES ($1, GREATEST(0, $2::integer), now() + $4::bigint * interval '1 millisecond')
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN c.until <= now() THEN GREATEST(0, $2::integer) ELSE GREATEST(0, c.count + $2::integer) END,
  until = CASE WHEN c.until <= now() OR (c.count < $3::integer AND c.count + $2::integer >= $3::integer)
    THEN now() + $4::bigint * interval '1 millisecond' ELSE c.until END
RETURNING count, (EXTRACT(EPOCH FROM until - now()) * 1000)::bigint`

// Count is journal.Counter.Count.
func (s *Store) Count(ctx context.Context, key string, n, limit int, window time.Duration) (journal.Tally, error) {
	if s.pruning.Due() {
		if _, err := s.pool.Exec(ctx, `DELETE FROM counts WHERE until <= now()`); err != nil {
			return journal.Tally{}, fault("counts", err)
		}
	}
	var t journal.Tally
	var left int64
	if err := s.pool.QueryRow(ctx, countQuery, key, n, limit, window.Milliseconds()).Scan(&t.Count, &left); err != nil {
		return journal.Tally{}, fault("count", err)
	}
	t.Left = time.Duration(left) * time.Millisecond
	return t, nil
}

// Forget is journal.Counter.Forget.
func (s *Store) Forget(ctx context.Context, key string) (bool, error) {
	var live bool
	err := s.pool.QueryRow(ctx, `DELETE FROM counts WHERE key = $1 RETURNING until > now()`, key).Scan(&live)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return false, nil
	case err != nil:
		return false, fault("forget", err)
	}
	return live, nil
}
