package postgres

import (
	"context"
	"fmt"

	"loto/internal/journal"
)

// personalSteps are the statements that erase and store a draft's personal
// records with event seq, in the append's transaction.
func personalSteps(seq int64, d journal.Draft) []step {
	var steps []step
	for _, ref := range d.Erase {
		steps = append(steps, step{`DELETE FROM personal WHERE ref = $1`, []any{ref}, wrap("erase " + ref)})
	}
	for ref, record := range d.Personal {
		if record == nil {
			record = []byte{}
		}
		steps = append(steps, step{
			`INSERT INTO personal (ref, seq, record) VALUES ($1, $2, $3)`,
			[]any{ref, seq, record},
			func(err error) error {
				if isUnique(err, "personal_ref_unique") {
					return fmt.Errorf("%w: %q", journal.ErrPersonalExists, ref)
				}
				return fmt.Errorf("journal: personal %q: %w", ref, err)
			},
		})
	}
	return steps
}

// Personal returns the records stored with events from..to.
func (s *Store) Personal(ctx context.Context, from, to int64) (map[string][]byte, error) {
	rows, err := s.pool.Query(ctx, `SELECT ref, record FROM personal WHERE seq BETWEEN $1 AND $2`, from, to)
	if err != nil {
		return nil, fault("personal", err)
	}
	defer rows.Close()
	out, err := journal.ReadPersonal(rows)
	if err != nil {
		return nil, fault("personal", err)
	}
	return out, nil
}

// Scrub vacuums the personal table so that the space of deleted rows is
// marked free at once rather than when autovacuum comes. PostgreSQL does not
// overwrite that space, and its WAL segments and backups keep copies until
// they are recycled: docs/privacy.md says what an organiser does about it.
func (s *Store) Scrub(ctx context.Context) error {
	if _, err := s.pool.Exec(ctx, `VACUUM personal`); err != nil {
		return fault("vacuum", err)
	}
	return nil
}
