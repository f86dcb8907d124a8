package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestUnwritableOutputSaysWhyInFrench: a PDF or CSV that cannot be written
// is refused with the path the user gave and the reason in French, never
// the temporary file's name nor the system's English.
func TestUnwritableOutputSaysWhyInFrench(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	dir := t.TempDir()
	aFile := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(aFile, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// A read-only folder is in TestWriteError_SaysTheCauseInFrench: root,
	// who runs some test machines, writes in any folder.
	cases := []struct{ name, out, say string }{
		{"missing folder", "/nonexistent-dir/cartes.pdf", "le dossier /nonexistent-dir n'existe pas"},
		{"folder is a file", filepath.Join(aFile, "sous-dossier", "cartes.pdf"), aFile + " n'est pas un dossier"},
		{"output is a folder", dir, dir + " est un dossier"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, args := range [][]string{
				{"print", "cards", "--series", "A", "--to", "6", "--out", tc.out},
				{"report", "day", "--format", "csv", "--out", tc.out},
			} {
				code, _, errs := run(t, append(args, "--db", db)...)
				want := "impossible d'écrire " + tc.out + " : " + tc.say
				if code != 1 || !strings.Contains(errs, want) {
					t.Errorf("loto %s: exit %d %q; want 1 saying %q", strings.Join(args[:2], " "), code, errs, want)
				}
				for _, leak := range []string{".loto-", ".tmp", "no such", "permission denied", "not a directory", "open ", "rename "} {
					if strings.Contains(errs, leak) {
						t.Errorf("loto %s says %q: %q", strings.Join(args[:2], " "), leak, errs)
					}
				}
			}
		})
	}
}

// TestWriteError_SaysTheCauseInFrench: each cause the system gives for a
// failed write, as root never meets some of them.
func TestWriteError_SaysTheCauseInFrench(t *testing.T) {
	t.Parallel()
	tmp := "/srv/loto/.loto-123.tmp"
	cases := []struct {
		name string
		err  error
		say  string
	}{
		{"missing folder", &fs.PathError{Op: "open", Path: tmp, Err: syscall.ENOENT}, "le dossier /srv/loto n'existe pas"},
		{"read-only folder", &fs.PathError{Op: "open", Path: tmp, Err: syscall.EACCES}, "le dossier /srv/loto n'est pas accessible en écriture"},
		{"not permitted", &fs.PathError{Op: "open", Path: tmp, Err: syscall.EPERM}, "n'est pas accessible en écriture"},
		{"disk full", &fs.PathError{Op: "write", Path: tmp, Err: syscall.ENOSPC}, "le disque est plein"},
		{"read-only disk", &fs.PathError{Op: "open", Path: tmp, Err: syscall.EROFS}, "lecture seule"},
		{"other", &os.LinkError{Op: "rename", Old: tmp, New: "/srv/loto/c.pdf", Err: syscall.EXDEV}, "erreur du système"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := writeError("/srv/loto/c.pdf", tc.err).Error()
			if !strings.HasPrefix(got, "impossible d'écrire /srv/loto/c.pdf : ") || !strings.Contains(got, tc.say) || strings.Contains(got, ".loto-") {
				t.Fatalf("got %q, want the path given and %q", got, tc.say)
			}
		})
	}
}
