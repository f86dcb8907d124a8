package sqlite

import (
	"context"
	"fmt"
)

// AddSetupLink is journal.SetupLinks.AddSetupLink.
func (s *Store) AddSetupLink(ctx context.Context, hash [32]byte) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO setup_links (hash) VALUES (?) ON CONFLICT DO NOTHING`, hash[:]); err != nil {
		return fmt.Errorf("journal: setup link: %w", err)
	}
	return nil
}

// HasSetupLink is journal.SetupLinks.HasSetupLink.
func (s *Store) HasSetupLink(ctx context.Context, hash [32]byte) (bool, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM setup_links WHERE hash = ?`, hash[:]).Scan(&n); err != nil {
		return false, fmt.Errorf("journal: setup link: %w", err)
	}
	return n > 0, nil
}

// UseSetupLink is journal.SetupLinks.UseSetupLink: one statement, which
// the file's write lock runs after or before any other process's.
func (s *Store) UseSetupLink(ctx context.Context, hash [32]byte) (bool, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM setup_links WHERE EXISTS (SELECT 1 FROM setup_links WHERE hash = ?)`, hash[:])
	if err != nil {
		return false, fmt.Errorf("journal: setup link: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
