package sqlite

import (
	"context"
	"fmt"

	"loto/internal/journal"
)

var _ journal.Exclusive = (*Store)(nil)

// Exclude begins a transaction, IMMEDIATE as every one of the store's:
// it takes the file's write lock at once, which the appends of every
// process on the file wait for (the busy timeout), then find the head
// moved if the turn appended. In WAL mode reads go on beside it, on the
// pool's other connections. The turn's append appends in the transaction
// and commits it; its end rolls the transaction back, which frees the
// write lock (after a commit it does nothing).
func (s *Store) Exclude(ctx context.Context) (journal.Turn, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("journal: begin: %w", err)
	}
	commit := func(ctx context.Context, expected int64, drafts []journal.Draft) ([]journal.Event, error) {
		return orFull(s.appendIn(ctx, tx, expected, drafts))
	}
	return journal.NewTurn(commit, func() { tx.Rollback() }), nil
}
