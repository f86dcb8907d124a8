package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// writeFileAtomic writes to a temporary file beside path and renames it into
// place, so a failure, or a crash, leaves no half-written file: the old one,
// if any, or none.
func writeFileAtomic(path string, write func(*os.File) error) error {
	// Said before any work: a big print should not fail at its end.
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("impossible d'écrire %s : %s est un dossier, donner un nom de fichier", shownPath(path), shownPath(path))
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".loto-*.tmp")
	if err != nil {
		return writeError(path, err)
	}
	defer os.Remove(f.Name())
	if err := write(f); err != nil {
		f.Close()
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return writeError(path, err)
		}
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
		return writeError(path, err)
	}
	return nil
}

// writeError says in French why path could not be written. It names the
// path the user gave, never the temporary file beside it, whose name the
// system's message carries.
func writeError(path string, err error) error {
	dir := filepath.Dir(path)
	var why string
	switch {
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		why = "le disque est plein"
	case errors.Is(err, syscall.EROFS):
		why = "le disque est en lecture seule"
	case errors.Is(err, syscall.EISDIR):
		why = shownPath(path) + " est un dossier, donner un nom de fichier"
	case errors.Is(err, syscall.ENOTDIR):
		why = shownPath(notFolder(dir)) + " n'est pas un dossier"
	case errors.Is(err, fs.ErrPermission):
		why = "le dossier " + shownPath(dir) + " n'est pas accessible en écriture"
	case errors.Is(err, fs.ErrNotExist):
		why = "le dossier " + shownPath(dir) + " n'existe pas"
	default:
		// The system's own words, without the temporary file's name.
		var errno syscall.Errno
		if errors.As(err, &errno) {
			why = fmt.Sprintf("erreur du système (%v)", errno)
		} else {
			why = "erreur du système"
		}
	}
	return fmt.Errorf("impossible d'écrire %s : %s", shownPath(path), why)
}

// notFolder returns the first part of dir, from the root down, that exists
// and is not a folder: the one the user must fix.
func notFolder(dir string) string {
	var parts []string
	for d := dir; ; d = filepath.Dir(d) {
		parts = append(parts, d)
		if next := filepath.Dir(d); next == d {
			break
		}
	}
	for i := len(parts) - 1; i >= 0; i-- {
		if fi, err := os.Stat(parts[i]); err == nil && !fi.IsDir() {
			return parts[i]
		}
	}
	return dir
}
