package sqlite

import (
	"context"
	"fmt"

	"loto/internal/journal"
)

// checkPersonalUnused refuses a draft whose personal references are taken.
func checkPersonalUnused(q txq, d journal.Draft) error {
	for ref := range d.Personal {
		var n int
		if err := q.scan(`SELECT count(*) FROM personal WHERE ref = ?`, []any{ref}, &n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("%w: %q", journal.ErrPersonalExists, ref)
		}
	}
	return nil
}

// writePersonal stores the draft's personal records with event seq and
// deletes those it erases. secure_delete (set on every connection) makes
// SQLite overwrite the deleted bytes with zeros.
func writePersonal(q txq, seq int64, d journal.Draft) error {
	for _, ref := range d.Erase {
		if err := q.exec(`DELETE FROM personal WHERE ref = ?`, ref); err != nil {
			return fmt.Errorf("journal: erase %q: %w", ref, err)
		}
	}
	for ref, record := range d.Personal {
		if record == nil {
			record = []byte{}
		}
		if err := q.exec(`INSERT INTO personal (ref, seq, record) VALUES (?, ?, ?)`, ref, seq, record); err != nil {
			return fmt.Errorf("journal: personal %q: %w", ref, err)
		}
	}
	return nil
}

// Personal returns the records stored with events from..to.
func (s *Store) Personal(ctx context.Context, from, to int64) (map[string][]byte, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT ref, record FROM personal WHERE seq BETWEEN ? AND ?`, from, to)
	if err != nil {
		return nil, fmt.Errorf("journal: personal: %w", err)
	}
	defer rows.Close()
	out, err := journal.ReadPersonal(rows)
	if err != nil {
		return nil, fmt.Errorf("journal: personal: %w", err)
	}
	return out, nil
}

// Scrub copies every page of the write-ahead log into the database file and
// truncates the log to zero bytes: the frames that still held an erased
// record before its deletion are gone, and the file's pages hold zeros in
// its place (secure_delete). A reader in another connection or process that
// still uses old frames makes the checkpoint incomplete: then it fails, and
// a later Scrub (or the last connection closing) finishes the work.
func (s *Store) Scrub(ctx context.Context) error {
	var busy, logFrames, done int
	if err := s.db.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &logFrames, &done); err != nil {
		return fmt.Errorf("journal: checkpoint: %w", err)
	}
	if busy != 0 {
		return fmt.Errorf("journal: checkpoint incomplete (%d of %d frames): another connection is reading", done, logFrames)
	}
	return nil
}
