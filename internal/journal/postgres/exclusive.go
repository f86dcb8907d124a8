package postgres

import (
	"context"

	"loto/internal/journal"
)

var _ journal.Exclusive = (*Store)(nil)

// Exclude opens a transaction that locks the head row, the row every
// append locks first (lockHead): the appends of every process wait for the
// turn's end there, and then find the head moved if the turn appended.
// Reads take no row lock and go on, on the pool's other connections.
//
// The turn's append writes after the head it locked, which nobody else can
// move, and commits: a round trip. Its end rolls the transaction back,
// which frees the head row, and gives the connection back to the pool;
// after the append only the latter.
func (s *Store) Exclude(ctx context.Context) (journal.Turn, error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return nil, fault("begin", err)
	}
	head, err := lockHead(ctx, conn.Conn())
	if err != nil {
		rollback(ctx, conn.Conn())
		conn.Release()
		return nil, err
	}
	commit := func(ctx context.Context, expected int64, drafts []journal.Draft) ([]journal.Event, error) {
		events, err := writeAfter(ctx, conn.Conn(), head, expected, drafts, s.clock)
		if err != nil {
			return orFull(nil, err)
		}
		s.note.advance(events[len(events)-1].Seq)
		return events, nil
	}
	ended := context.WithoutCancel(ctx) // for the rollback, which must run even after a cancel
	return journal.NewTurn(commit, func() {
		rollback(ended, conn.Conn())
		conn.Release()
	}), nil
}
