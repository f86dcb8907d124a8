package postgres

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

const (
	minBackoff = 100 * time.Millisecond
	maxBackoff = 5 * time.Second
)

// notifier is the highest sequence known to be committed, and a broadcast
// to the waiters whenever it grows.
type notifier struct {
	mu   sync.Mutex
	seen int64
	ch   chan struct{} // closed and replaced when seen grows
}

func newNotifier() *notifier { return &notifier{ch: make(chan struct{})} }

// state returns the known head and the channel closed when it next grows.
func (n *notifier) state() (int64, <-chan struct{}) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.seen, n.ch
}

// advance records that seq is committed; sequences only ever grow.
func (n *notifier) advance(seq int64) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if seq > n.seen {
		n.seen = seq
		close(n.ch)
		n.ch = make(chan struct{})
	}
}

// Wait blocks until the head is past seq. An append anywhere wakes it by
// NOTIFY; it also re-reads the head every s.recheck in case a wake-up was lost.
// While PostgreSQL is unreachable it keeps waiting, since the listener
// reconnects and catches up.
func (s *Store) Wait(ctx context.Context, seq int64) error {
	for {
		// The channel is taken before the head is read: a wake-up between
		// the two is not lost.
		seen, woken := s.note.state()
		if seen > seq {
			return nil
		}
		h, err := s.Head(ctx)
		switch {
		case err == nil:
			s.note.advance(h.Seq)
			if h.Seq > seq {
				return nil
			}
		case ctx.Err() != nil:
			return ctx.Err()
		case isPermanent(err):
			return err
		}
		t := time.NewTimer(s.recheck)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-s.closed:
			t.Stop()
			return errClosed
		case <-woken:
		case <-t.C:
		}
		t.Stop()
	}
}

// isPermanent reports an error that waiting will not cure: PostgreSQL
// answered with an ordinary error (say, a missing table) rather than a
// connection fault, a shutdown or a lack of resources.
func isPermanent(err error) bool {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Severity == "FATAL" || pe.Severity == "PANIC" || len(pe.Code) < 2 {
		return false
	}
	switch pe.Code[:2] {
	case "08", "53", "57": // connection exception, insufficient resources, operator intervention
		return false
	}
	return true
}

// subscribe opens a dedicated connection, LISTENs, then reads the head: an
// append committed before LISTEN took effect is seen by that read, one
// committed after it is notified, so none is missed.
func subscribe(ctx context.Context, cfg *pgx.ConnConfig, note *notifier) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	var seq int64
	if _, err = conn.Exec(ctx, `LISTEN `+channel); err == nil {
		err = conn.QueryRow(ctx, `SELECT seq FROM head WHERE id = 1`).Scan(&seq)
	}
	if err != nil {
		conn.Close(context.Background())
		return nil, err
	}
	note.advance(seq)
	return conn, nil
}

// listen receives notifications on conn until ctx ends; when the connection
// is lost it reconnects with a doubling backoff.
func (s *Store) listen(ctx context.Context, cfg *pgx.ConnConfig, conn *pgx.Conn) {
	defer close(s.listening)
	for {
		err := s.receive(ctx, conn)
		conn.Close(context.Background())
		if ctx.Err() != nil {
			return
		}
		slog.Warn("journal: PostgreSQL listener lost, reconnecting", "err", err)
		for backoff := minBackoff; ; backoff = nextBackoff(backoff) {
			t := time.NewTimer(backoff)
			select {
			case <-ctx.Done():
				t.Stop()
				return
			case <-t.C:
			}
			if conn, err = subscribe(ctx, cfg, s.note); err == nil {
				slog.Info("journal: PostgreSQL listener reconnected")
				break
			}
			if ctx.Err() != nil {
				return
			}
		}
	}
}

// receive advances the notifier on each notification until conn fails.
func (s *Store) receive(ctx context.Context, conn *pgx.Conn) error {
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if seq, err := strconv.ParseInt(n.Payload, 10, 64); err == nil {
			s.note.advance(seq)
		}
	}
}

// nextBackoff doubles d up to maxBackoff.
func nextBackoff(d time.Duration) time.Duration {
	return min(2*d, maxBackoff)
}
