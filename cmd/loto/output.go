package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// writeFileAtomic writes to a temporary file beside path and renames it into
// place, so a failure, or a crash, leaves no half-written file: the old one,
// if any, or none.
func writeFileAtomic(path string, write func(*os.File) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".loto-*.tmp")
	if err != nil {
		return fmt.Errorf("impossible d'écrire %s : %w", path, err)
	}
	defer os.Remove(f.Name())
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	// Sync before the rename: after a power cut the name must not point at
	// a file whose content never reached the disk.
	err = f.Chmod(0o644)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("impossible d'écrire %s : %w", path, err)
	}
	return nil
}
