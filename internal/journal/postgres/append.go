package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"loto/internal/journal"
)

// uniqueViolation is PostgreSQL's SQLSTATE for a unique constraint failure.
const uniqueViolation = "23505"

// step is one queued statement of an append and how to explain its failure.
type step struct {
	sql  string
	args []any
	fail func(error) error
}

// Append writes drafts after event number expected, all or nothing, in one
// durable transaction that also moves the head and notifies followers. A
// disk without space for the tables is journal.ErrFull: PostgreSQL rolls
// the transaction back, and the journal is as it was.
func (s *Store) Append(ctx context.Context, expected int64, drafts ...journal.Draft) ([]journal.Event, error) {
	return orFull(s.append(ctx, expected, drafts))
}

// orFull marks a disk full with journal.ErrFull.
func orFull(events []journal.Event, err error) ([]journal.Event, error) {
	if isDiskFull(err) {
		return nil, fmt.Errorf("%w: %w", journal.ErrFull, err)
	}
	return events, err
}

func (s *Store) append(ctx context.Context, expected int64, drafts []journal.Draft) ([]journal.Event, error) {
	if len(drafts) == 0 {
		return nil, journal.ErrNothing
	}
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return nil, fault("begin", err)
	}
	// The pool closes a connection released inside a transaction, so even a
	// failed ROLLBACK leaves nothing half-done for the next user.
	defer conn.Release()
	events, err := appendOn(ctx, conn.Conn(), expected, drafts, s.clock)
	if err != nil {
		rollback(ctx, conn.Conn())
		return nil, err
	}
	s.note.advance(events[len(events)-1].Seq)
	return events, nil
}

// rollback ends the transaction that a failed append left open on conn.
func rollback(ctx context.Context, conn *pgx.Conn) {
	if conn.PgConn().TxStatus() != 'I' {
		conn.Exec(context.WithoutCancel(ctx), "ROLLBACK")
	}
}

// appendOn is an append in two round trips: the first opens the transaction
// and locks the head (lockHead), the second writes, moves the head,
// notifies and commits (writeAfter).
func appendOn(ctx context.Context, conn *pgx.Conn, expected int64, drafts []journal.Draft, clock journal.Clock) ([]journal.Event, error) {
	head, err := lockHead(ctx, conn)
	if err != nil {
		return nil, err
	}
	return writeAfter(ctx, conn, head, expected, drafts, clock)
}

// lockHead opens a transaction on conn and locks the head row in one round
// trip. The row lock makes concurrent appends (any process) take turns, so
// the check of writeAfter and the chain computed from this head stay true
// until commit.
func lockHead(ctx context.Context, conn *pgx.Conn) (journal.Head, error) {
	var head journal.Head
	lock := &pgx.Batch{}
	lock.Queue(`BEGIN`)
	lock.Queue(`SELECT seq, hash FROM head WHERE id = 1 FOR UPDATE`).QueryRow(func(row pgx.Row) error {
		return row.Scan(&head.Seq, &head.Hash)
	})
	if err := conn.SendBatch(ctx, lock).Close(); err != nil {
		return journal.Head{}, fault("head", err)
	}
	return head, nil
}

// writeAfter writes drafts after head, locked by lockHead on conn, moves
// the head, notifies and commits in one round trip, stopping at the first
// failure (the caller then rolls back). A head other than expected is a
// conflict.
func writeAfter(ctx context.Context, conn *pgx.Conn, head journal.Head, expected int64, drafts []journal.Draft, clock journal.Clock) ([]journal.Event, error) {
	if head.Seq != expected {
		return nil, fmt.Errorf("%w: head is %d, expected %d", journal.ErrConflict, head.Seq, expected)
	}
	now := journal.Truncate(clock())
	events := make([]journal.Event, 0, len(drafts))
	var steps []step
	for _, d := range drafts {
		e := journal.Event{Seq: head.Seq + 1, Time: now, Actor: d.Actor, Type: d.Type, Payload: d.Payload, Key: d.Key}
		e.Hash = journal.Chain(head.Hash, e)
		steps = append(steps, insertEvent(e))
		for name, value := range d.Secrets {
			steps = append(steps, insertSecret(name, value))
		}
		steps = append(steps, personalSteps(e.Seq, d)...)
		events = append(events, e)
		head = journal.Head{Seq: e.Seq, Hash: e.Hash}
	}
	steps = append(steps,
		step{`UPDATE head SET seq = $1, hash = $2 WHERE id = 1`, []any{head.Seq, head.Hash}, wrap("head")},
		step{`SELECT pg_notify($1, $2)`, []any{channel, strconv.FormatInt(head.Seq, 10)}, wrap("notify")},
	)
	if err := runAndCommit(ctx, conn, steps); err != nil {
		return nil, err
	}
	return events, nil
}

// runAndCommit sends the steps and COMMIT in one round trip. After a
// failing step PostgreSQL skips the rest of the batch, COMMIT included, so
// the transaction is left aborted for the caller's ROLLBACK.
func runAndCommit(ctx context.Context, conn *pgx.Conn, steps []step) error {
	b := &pgx.Batch{}
	for _, st := range steps {
		b.Queue(st.sql, st.args...)
	}
	b.Queue(`COMMIT`)
	br := conn.SendBatch(ctx, b)
	defer br.Close()
	for _, st := range steps {
		if _, err := br.Exec(); err != nil {
			return st.fail(err)
		}
	}
	// COMMIT of an aborted transaction answers ROLLBACK without an error:
	// only the tag COMMIT means the events are durable.
	tag, err := br.Exec()
	if err != nil {
		return fault("commit", err)
	}
	if tag.String() != "COMMIT" {
		return fmt.Errorf("journal: commit: the server answered %q", tag.String())
	}
	if err := br.Close(); err != nil {
		return fault("commit", err)
	}
	return nil
}

func insertEvent(e journal.Event) step {
	var key any // an absent key is NULL, which the unique constraint ignores
	if e.Key != "" {
		key = e.Key
	}
	payload := []byte(e.Payload)
	if payload == nil {
		payload = []byte{}
	}
	return step{
		`INSERT INTO events (seq, time, actor, type, payload, key, hash) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		[]any{e.Seq, e.Time, e.Actor, e.Type, payload, key, e.Hash},
		func(err error) error {
			if isUnique(err, "events_key_unique") {
				return fmt.Errorf("%w: %q", journal.ErrDuplicateKey, e.Key)
			}
			return fault(fmt.Sprintf("insert %d", e.Seq), err)
		},
	}
}

func insertSecret(name string, value []byte) step {
	if value == nil {
		value = []byte{}
	}
	return step{
		`INSERT INTO secrets (name, value) VALUES ($1, $2)`,
		[]any{name, value},
		func(err error) error {
			if isUnique(err, "secrets_name_unique") {
				return fmt.Errorf("%w: %q", journal.ErrSecretExists, name)
			}
			return fmt.Errorf("journal: secret %q: %w", name, err)
		},
	}
}

func wrap(what string) func(error) error {
	return func(err error) error { return fault(what, err) }
}

// isUnique reports a unique violation of the named constraint.
func isUnique(err error, constraint string) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == uniqueViolation && pe.ConstraintName == constraint
}
