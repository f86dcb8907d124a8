package postgres

import (
	"context"
)

// AddSetupLink is journal.SetupLinks.AddSetupLink.
func (s *Store) AddSetupLink(ctx context.Context, hash [32]byte) error {
	if _, err := s.pool.Exec(ctx, `INSERT INTO setup_links (hash) VALUES ($1) ON CONFLICT DO NOTHING`, hash[:]); err != nil {
		return fault("setup link", err)
	}
	return nil
}

// HasSetupLink is journal.SetupLinks.HasSetupLink.
func (s *Store) HasSetupLink(ctx context.Context, hash [32]byte) (bool, error) {
	var has bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM setup_links WHERE hash = $1)`, hash[:]).Scan(&has); err != nil {
		return false, fault("setup link", err)
	}
	return has, nil
}

// UseSetupLink is journal.SetupLinks.UseSetupLink: the statement that
// deletes hash's row deletes the others with it, so that of parallel
// uses, of one link or of several, the one that locks its own link's row
// first wins and the others find their link gone (or, crossing its locks,
// are refused with an error).
func (s *Store) UseSetupLink(ctx context.Context, hash [32]byte) (bool, error) {
	var used int
	err := s.pool.QueryRow(ctx, `WITH used AS (DELETE FROM setup_links WHERE hash = $1 RETURNING hash),
others AS (DELETE FROM setup_links WHERE hash <> $1 AND EXISTS (SELECT 1 FROM used))
SELECT count(*) FROM used`, hash[:]).Scan(&used)
	if err != nil {
		return false, fault("setup link", err)
	}
	return used > 0, nil
}
