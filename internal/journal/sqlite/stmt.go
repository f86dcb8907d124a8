package sqlite

import (
	"context"
	"database/sql"
	"sync"
)

// The driver parses and plans a query each time it is given as text: on
// a claim or a sale, the few queries of an append cost about a sixth of
// the server's CPU that way. The store prepares each of its queries once
// and reuses it, in and out of transactions (database/sql keeps it
// prepared on each connection that ran it).

// statements are a store's prepared queries, by their text.
type statements struct {
	mu sync.Mutex
	db *sql.DB
	by map[string]*sql.Stmt
}

// get returns query prepared, preparing it the first time.
func (st *statements) get(ctx context.Context, query string) (*sql.Stmt, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if s, ok := st.by[query]; ok {
		return s, nil
	}
	s, err := st.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if st.by == nil {
		st.by = map[string]*sql.Stmt{}
	}
	st.by[query] = s
	return s, nil
}

// close closes every prepared query.
func (st *statements) close() {
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, s := range st.by {
		s.Close()
	}
	st.by = nil
}

// scan runs query on the store and scans its one row into dest.
func (st *statements) scan(ctx context.Context, query string, args []any, dest ...any) error {
	s, err := st.get(ctx, query)
	if err != nil {
		return err
	}
	return s.QueryRowContext(ctx, args...).Scan(dest...)
}

// txq runs a store's prepared queries in one transaction.
type txq struct {
	ctx context.Context
	tx  *sql.Tx
	st  *statements
}

// scan runs query in the transaction and scans its one row into dest.
func (q txq) scan(query string, args []any, dest ...any) error {
	s, err := q.st.get(q.ctx, query)
	if err != nil {
		return err
	}
	return q.tx.StmtContext(q.ctx, s).QueryRowContext(q.ctx, args...).Scan(dest...)
}

// exec runs query in the transaction.
func (q txq) exec(query string, args ...any) error {
	s, err := q.st.get(q.ctx, query)
	if err != nil {
		return err
	}
	_, err = q.tx.StmtContext(q.ctx, s).ExecContext(q.ctx, args...)
	return err
}
