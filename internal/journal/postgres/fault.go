package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"

	"github.com/jackc/pgx/v5/pgconn"

	"loto/internal/journal"
)

// fault says what failed, and marks with journal.ErrUnavailable a failure
// to reach the server, so that the server answers "retry in a moment"
// rather than an internal error while PostgreSQL restarts.
func fault(what string, err error) error {
	if unreachable(err) {
		return fmt.Errorf("%w: %s: %w", journal.ErrUnavailable, what, err)
	}
	return fmt.Errorf("journal: %s: %w", what, err)
}

// diskFull is PostgreSQL's SQLSTATE for a write that found no space left
// (a table or index that cannot grow): the statement fails and its
// transaction rolls back. Other "insufficient resources" (53...) are not
// the disk: out of memory, too many connections.
const diskFull = "53100"

// isDiskFull reports PostgreSQL's disk_full error.
func isDiskFull(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == diskFull
}

// unreachable reports a connection fault: no server, a cut or closed
// connection, a timeout, or a server shutting down, starting up or out of
// connections; not an ordinary SQL error, nor a full disk (journal.ErrFull
// says it), nor the caller's own cancel.
func unreachable(err error) bool {
	if errors.Is(err, context.Canceled) || isDiskFull(err) {
		return false
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return !isPermanent(err)
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	return errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, net.ErrClosed) || pgconn.SafeToRetry(err) || pgconn.Timeout(err)
}
