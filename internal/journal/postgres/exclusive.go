package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"

	"loto/internal/journal"
)

var _ journal.Exclusive = (*Store)(nil)

// Exclude opens a transaction that locks the head row, the row every
// append locks first (lockHead): the appends of every process wait for the
// turn's end there, and then find the head moved if the turn appended.
// Reads take no row lock and go on, on the pool's other connections.
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
	return &turn{s: s, conn: conn, head: head, ctx: context.WithoutCancel(ctx)}, nil
}

// turn is an exclusive turn: a connection in a transaction that holds the
// head row's lock, and the head it locked, which nobody else can move.
type turn struct {
	s    *Store
	conn *pgxpool.Conn
	head journal.Head
	ctx  context.Context // for the rollback, which must run even after a cancel
	over bool
}

// Append writes after the turn's head and commits, which ends the turn: a
// round trip, the head being locked already.
func (t *turn) Append(ctx context.Context, expected int64, drafts ...journal.Draft) ([]journal.Event, error) {
	if t.over {
		return nil, errors.New("journal: the exclusive turn is over")
	}
	defer t.Release()
	if len(drafts) == 0 {
		return nil, errNothing
	}
	events, err := writeAfter(ctx, t.conn.Conn(), t.head, expected, drafts, t.s.clock)
	if err != nil {
		return orFull(nil, err)
	}
	t.s.note.advance(events[len(events)-1].Seq)
	return events, nil
}

// Release rolls the turn's transaction back, which frees the head row, and
// gives its connection back to the pool; after Append it only does the
// latter, once.
func (t *turn) Release() {
	if !t.over {
		t.over = true
		rollback(t.ctx, t.conn.Conn())
		t.conn.Release()
	}
}
