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
	events, err := s.append(ctx, expected, drafts)
	if isDiskFull(err) {
		return nil, fmt.Errorf("%w: %w", journal.ErrFull, err)
	}
	return events, err
}

func (s *Store) append(ctx context.Context, expected int64, drafts []journal.Draft) ([]journal.Event, error) {
	if len(drafts) == 0 {
		return nil, errors.New("journal: nothing to append")
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return nil, fault("begin", err)
	}
	// After Commit this is a no-op; on any failure it discards everything.
	defer tx.Rollback(context.WithoutCancel(ctx))

	// The row lock makes concurrent appends (any process) take turns, so the
	// check below and the chain computed from this head stay true until commit.
	var head journal.Head
	if err := tx.QueryRow(ctx, `SELECT seq, hash FROM head WHERE id = 1 FOR UPDATE`).Scan(&head.Seq, &head.Hash); err != nil {
		return nil, fault("head", err)
	}
	if head.Seq != expected {
		return nil, fmt.Errorf("%w: head is %d, expected %d", journal.ErrConflict, head.Seq, expected)
	}
	now := journal.Truncate(s.clock())
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
	if err := run(ctx, tx, steps); err != nil {
		return nil, err
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, fault("commit", err)
	}
	s.note.advance(head.Seq)
	return events, nil
}

// run sends the steps in one round trip and stops at the first failure.
func run(ctx context.Context, tx pgx.Tx, steps []step) error {
	b := &pgx.Batch{}
	for _, st := range steps {
		b.Queue(st.sql, st.args...)
	}
	br := tx.SendBatch(ctx, b)
	for _, st := range steps {
		if _, err := br.Exec(); err != nil {
			br.Close()
			return st.fail(err)
		}
	}
	if err := br.Close(); err != nil {
		return fault("batch", err)
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
