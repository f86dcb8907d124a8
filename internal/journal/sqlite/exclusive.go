package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"loto/internal/journal"
)

var _ journal.Exclusive = (*Store)(nil)

// Exclude begins a transaction, IMMEDIATE as every one of the store's:
// it takes the file's write lock at once, which the appends of every
// process on the file wait for (the busy timeout), then find the head
// moved if the turn appended. In WAL mode reads go on beside it, on the
// pool's other connections.
func (s *Store) Exclude(ctx context.Context) (journal.Turn, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("journal: begin: %w", err)
	}
	return &turn{s: s, tx: tx}, nil
}

// turn is an exclusive turn: a transaction holding the file's write lock.
type turn struct {
	s    *Store
	tx   *sql.Tx
	over bool
}

// Append appends in the turn's transaction and commits it, which ends the turn.
func (t *turn) Append(ctx context.Context, expected int64, drafts ...journal.Draft) ([]journal.Event, error) {
	if t.over {
		return nil, errors.New("journal: the exclusive turn is over")
	}
	defer t.Release()
	if len(drafts) == 0 {
		return nil, errNothing
	}
	return orFull(t.s.appendIn(ctx, t.tx, expected, drafts))
}

// Release rolls the turn's transaction back, which frees the write lock;
// after a commit it does nothing.
func (t *turn) Release() {
	if !t.over {
		t.over = true
		t.tx.Rollback()
	}
}
