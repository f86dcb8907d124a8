package journal

import "context"

// PersonalStore keeps personal records beside the journal (Draft.Personal),
// where they can be erased (Draft.Erase) without touching an event.
type PersonalStore interface {
	// Personal returns the records stored with the events numbered from to
	// to, both included, by reference; an erased record is absent.
	Personal(ctx context.Context, from, to int64) (map[string][]byte, error)
	// Scrub makes erased records unrecoverable from the store's own files
	// where the store can: SQLite checkpoints its write-ahead log and
	// truncates it. It fails when another connection keeps old pages alive.
	Scrub(ctx context.Context) error
}

// Rows are the rows of a store's query, as database/sql and pgx both give
// them.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// ReadPersonal reads rows of a ref and its record, as a store's Personal
// selects them, into a map by ref.
func ReadPersonal(rows Rows) (map[string][]byte, error) {
	out := map[string][]byte{}
	for rows.Next() {
		var ref string
		var record []byte
		if err := rows.Scan(&ref, &record); err != nil {
			return nil, err
		}
		out[ref] = record
	}
	return out, rows.Err()
}
