package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFile writes a test's input file and returns its path.
func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A 33 KB programme of aliases of aliases made event create
// use gigabytes; it is refused at once, in French, and records nothing.
func TestCLI_AliasBombIsRefusedAtOnce(t *testing.T) {
	t.Parallel()
	example, err := os.ReadFile("../../examples/mega-loto.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("bomb:\n  a0: &a0 [" + strings.TrimSuffix(strings.Repeat("regular, ", 30), ", ") + "]\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, "  a%d: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 30), ", "))
	}
	src := b.String() + strings.Replace(string(example), "kinds: [special]", "kinds: *a9", 1)
	if len(src) > 40<<10 {
		t.Fatalf("the bomb is %d bytes", len(src))
	}
	db := newDB(t)
	code, _, errs := run(t, "event", "create", "--db", db, "--from", writeFile(t, "bomb.yaml", []byte(src)))
	if code != 1 || !strings.Contains(errs, "alias YAML (*a0), refusé") || len(errs) > 300 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Fatalf("a refused event file left a journal: %v", err)
	}
}

// The files a command reads are bounded before they are read.
func TestCLI_InputFilesAreBounded(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	big := writeFile(t, "big.yaml", make([]byte, 256<<10+1))
	code, _, errs := run(t, "event", "create", "--db", newDB(t), "--from", big)
	if code != 1 || !strings.Contains(errs, "fichier d'événement trop gros") {
		t.Fatalf("event file: exit %d, stderr %q", code, errs)
	}
	code, _, errs = run(t, "reservation", "import", filepath.Join(t.TempDir(), "absent.csv"), "--db", db)
	if code != 1 || !strings.Contains(errs, "fichier des réservations introuvable") || strings.Contains(errs, "no such file") {
		t.Fatalf("missing CSV: exit %d, stderr %q", code, errs)
	}
	csv := writeFile(t, "big.csv", []byte(strings.Repeat("Paul,06 12 34 56 78,1\n", 200_000)))
	code, _, errs = run(t, "reservation", "import", csv, "--db", db)
	if code != 1 || !strings.Contains(errs, "trop gros") || len(errs) > 300 {
		t.Fatalf("CSV: exit %d, stderr %q", code, errs)
	}
}

// Reservation list wrote raw escape sequences to the door's
// terminal; a name with one is refused when it enters, typed or imported.
func TestCLI_ControlCharactersNeverReachTheTerminal(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	code, _, errs := run(t, "reservation", "add", "Dupont\x1b[2J\x1b[H", "--db", db)
	if code != 1 || !strings.Contains(errs, "U+001B") || strings.Contains(errs, "\x1b") {
		t.Fatalf("add: exit %d, stderr %q", code, errs)
	}
	csv := writeFile(t, "resa.csv", []byte("nom;contact;billets\nPaul;;1\nDu\u202epont;;1\n"))
	code, _, errs = run(t, "reservation", "import", csv, "--db", db)
	if code != 1 || !strings.Contains(errs, "U+202E") || strings.Contains(errs, "\u202e") {
		t.Fatalf("import: exit %d, stderr %q", code, errs)
	}
	code, _, errs = run(t, "game", "start", "--by", "Paul\a", "--db", db)
	if code != 1 || !strings.Contains(errs, "nom de qui agit") || strings.Contains(errs, "\a") {
		t.Fatalf("--by: exit %d, stderr %q", code, errs)
	}
	if out := mustRun(t, "reservation", "list", "--db", db); strings.ContainsAny(out, "\x1b\u202e") {
		t.Fatalf("reservation list %q", out)
	}
}

// The command line's own refusals cut a huge value too.
func TestCLI_UsageErrorsNeverRepeatAHugeValue(t *testing.T) {
	t.Parallel()
	huge := "\x1b[2J" + strings.Repeat("x", 50_000)
	for _, args := range [][]string{
		{"break", "start", "--minutes", huge},
		{"game", "start", "--" + huge},
		{huge},
		{"game", huge},
	} {
		code, out, errs := run(t, args...)
		if code != 2 || len(out)+len(errs) > 2000 || strings.Contains(errs, "\x1b") || strings.Contains(errs, strings.Repeat("x", 200)) {
			t.Fatalf("loto %.20q: exit %d, %d bytes out, stderr %.300q", args, code, len(out)+len(errs), errs)
		}
	}
}

// A path is an input too. A huge one, or one holding
// an escape sequence, is cut and neutralised in the message that names it,
// whether it is the database, a file read or a file written.
func TestCLI_PathsInMessagesAreCutAndNeutralised(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	dir := t.TempDir()
	huge := filepath.Join(dir, "\x1b[2J"+strings.Repeat("x", 5_000))
	for _, args := range [][]string{
		{"event", "show", "--db", huge},
		{"event", "show", "--db", filepath.Join(dir, "a\x1b[31m.db")},
		{"event", "create", "--db", db, "--from", huge},
		{"reservation", "import", "--db", db, filepath.Join(huge, "r.csv")},
		{"report", "day", "--db", db, "--format", "csv", "--out", filepath.Join(huge, "r.csv")},
		{"report", "day", "--db", db, "--format", "csv", "--out", filepath.Join(dir, "no\x1b[31m", "r.csv")},
		{"print", "tickets", "--db", db, "--out", filepath.Join(dir, "\x1b[31m"+strings.Repeat("y", 300))},
	} {
		code, _, errs := run(t, args...)
		if code == 0 || len(errs) > 1000 || strings.Contains(errs, "\x1b") || strings.Contains(errs, strings.Repeat("x", 200)) {
			t.Fatalf("loto %.60q: exit %d, stderr (%d bytes) %.300q", args, code, len(errs), errs)
		}
	}
	junk := writeFile(t, "junk.db", []byte(strings.Repeat("pas une base ", 100)))
	if err := os.Chmod(junk, 0o600); err != nil { // a base others may read is refused before it is read
		t.Fatal(err)
	}
	code, _, errs := run(t, "event", "show", "--db", junk)
	if code != 1 || !strings.Contains(errs, "n'est pas une base SQLite") || strings.Count(errs, junk) != 1 {
		t.Fatalf("junk file: exit %d, stderr %q", code, errs)
	}
}
