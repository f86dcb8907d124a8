package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"loto/internal/journal/journaltest"
)

// english are phrases of the flag package that must never reach a person.
var english = []string{"flag provided", "needs an argument", "invalid value", "Usage of", "usage:"}

// TestUsageErrorsExit2InFrench: a command line of the wrong shape (an
// unknown or missing flag, a value outside the flag's choices, a missing
// argument) exits 2 with a French message and records nothing; a refusal of
// the day's rules exits 1.
func TestUsageErrorsExit2InFrench(t *testing.T) {
	db := saleDB(t)
	t.Setenv("LOTO_DB", db) // so that a flag left without its value can come last
	cases := []struct {
		name string
		args []string
		say  string
	}{
		{"unknown flag", []string{"sell", "--nope"}, "option inconnue : -nope"},
		{"flag without its value", []string{"sell", "--desk"}, "l'option -desk attend une valeur"},
		{"not a number", []string{"series", "create", "--series", "B", "--cards", "abc"}, "valeur « abc » invalide pour l'option -cards"},
		{"sell without --desk", []string{"sell", "--pay", "cash:5", "A-000001-22"}, "--desk est requis"},
		{"sell without --pay", []string{"sell", "--desk", "caisse-1", "A-000001-22"}, "--pay est requis"},
		{"sell without cards", []string{"sell", "--desk", "caisse-1", "--pay", "cash:5"}, "aucune carte"},
		{"desk open without --float", []string{"desk", "open", "pmr"}, "--float est requis"},
		{"desk open without a desk", []string{"desk", "open", "--float", "0"}, "le nom de la caisse"},
		{"desk close without --count", []string{"desk", "close", "caisse-1"}, "--count est requis"},
		{"door without --door", []string{"door", "R-000001-22", "A-000001-22"}, "--door est requis"},
		{"door with one argument", []string{"door", "--door", "porte-1", "R-000001-22"}, "le code du billet puis"},
		{"refund without --sale", []string{"refund", "--reason", "exclusion"}, "--sale est requis"},
		{"reservation without a name", []string{"reservation", "add", "--tickets", "2"}, "le nom de la réservation est requis"},
		{"reservation import without a file", []string{"reservation", "import"}, "le fichier CSV"},
		{"card check without a serial", []string{"card", "check"}, "numéro de série"},
		{"event create without --from", []string{"event", "create"}, "--from est requis"},
		{"print cards without --out", []string{"print", "cards", "--series", "A"}, "--out est requis"},
		{"print cards on 4 a page", []string{"print", "cards", "--series", "A", "--layout", "4", "--out", filepath.Join(t.TempDir(), "a.pdf")}, "mise en page 4"},
		{"print tickets without --out", []string{"print", "tickets"}, "--out est requis"},
		{"report without a format", []string{"report", "day"}, "choisir --json"},
		{"report as JSON and CSV", []string{"report", "day", "--json", "--format", "csv"}, "pas les deux"},
		{"report in an unknown format", []string{"report", "day", "--format", "xls", "--out", "r.xls"}, "format « xls » inconnu"},
		{"PDF report without --out", []string{"report", "day", "--format", "pdf"}, "--out est requis"},
		{"JSON report with --out", []string{"report", "day", "--json", "--out", "r.json"}, "--out"},
		{"journal export as XML", []string{"journal", "export", "--format", "xml"}, "format « xml » inconnu"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { misused(t, db, tc.say, tc.args...) })
	}
}

// misused runs a command line of the wrong shape: it must exit 2 with say
// in a French message, print nothing on stdout and write nothing.
func misused(t *testing.T, db, say string, args ...string) {
	t.Helper()
	out, errs := refused(t, db, 2, say, args...)
	for _, en := range english {
		if strings.Contains(errs, en) {
			t.Errorf("loto %s: stderr speaks English (%q): %q", strings.Join(args, " "), en, errs)
		}
	}
	if out != "" {
		t.Errorf("loto %s: a usage error printed %q", strings.Join(args, " "), out)
	}
}

// TestHelpExits0 prints a command's flags on -h, and exits 0: help is not an error.
func TestHelpExits0(t *testing.T) {
	code, _, errs := run(t, "sell", "-h")
	if code != 0 || !strings.Contains(errs, "-desk") || !strings.Contains(errs, "usage : loto sell") {
		t.Fatalf("sell -h: exit %d %q", code, errs)
	}
}

// TestDatabasePasswordNeverShown: LOTO_DB may hold a PostgreSQL password;
// no help, usage error or connection error may print it.
func TestDatabasePasswordNeverShown(t *testing.T) {
	t.Setenv("LOTO_DB", "postgres://loto:s3cr3t-pw@127.0.0.1:1/loto?sslmode=disable&connect_timeout=1")
	for _, args := range [][]string{{"sell", "-h"}, {"sell", "--nope"}, {"journal", "verify"}, {"report", "day", "--json"}} {
		code, out, errs := run(t, args...)
		if code == 0 && args[1] != "-h" {
			t.Fatalf("loto %s succeeded against a closed port", strings.Join(args, " "))
		}
		if strings.Contains(out+errs, "s3cr3t-pw") {
			t.Fatalf("loto %s printed the database password:\n%s%s", strings.Join(args, " "), out, errs)
		}
	}
}

// TestCommandsOnAMissingFileCreateNothing: only the commands that start a
// day (event create, series create, simulate) may create the SQLite file;
// any other refuses a path where there is none, rather than leave an empty
// journal behind (and, for verify, call it sound).
func TestCommandsOnAMissingFileCreateNothing(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "typo.db")
	for _, args := range [][]string{
		{"journal", "verify"}, {"journal", "export"}, {"audit", "draws"}, {"card", "check", "A-000001-22"},
		{"series", "list"}, {"series", "export", "--series", "A"}, {"event", "show"}, {"report", "day", "--json"},
		{"desk", "open", "caisse-1", "--float", "0"}, {"sell", "--desk", "caisse-1", "--pay", "cash:5", "A-000001-22"},
		{"reservation", "add", "Marie"}, {"break", "start"}, {"event", "postpone"},
	} {
		code, _, errs := run(t, append(args, "--db", db)...)
		if code != 1 || !strings.Contains(errs, "introuvable") {
			t.Errorf("loto %s on a missing file: exit %d %q; want 1 saying introuvable", strings.Join(args, " "), code, errs)
		}
		if left, _ := os.ReadDir(dir); len(left) != 0 {
			t.Fatalf("loto %s on a missing file created %v", strings.Join(args, " "), left[0].Name())
		}
	}
}

// TestRefusedStartLeavesNoFile: a command that may start a new SQLite file
// (event create, series create, simulate) and is refused leaves nothing
// where there was nothing: no empty journal, no -wal or -shm beside it.
// Where a journal was, it stays.
func TestRefusedStartLeavesNoFile(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("name: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"event create of a bad file", []string{"event", "create", "--from", bad}},
		{"series create of no card", []string{"series", "create", "--series", "A", "--cards", "0"}},
		{"simulate of a bad file", []string{"simulate", "--event", bad, "--players", "2", "--seed", "1"}},
		{"event create by a cashier", []string{"event", "create", "--from", "../../examples/mega-loto.yaml", "--as", "caissier:caisse-1"}},
		{"series create by the host", []string{"series", "create", "--series", "A", "--cards", "6", "--as", "meneur"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			db := filepath.Join(dir, "new.db")
			if code, _, errs := run(t, append(tc.args, "--db", db)...); code != 1 {
				t.Fatalf("exit %d %q, want 1", code, errs)
			}
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Fatalf("a refused start left %s behind", left[0].Name())
			}
			// On a journal that exists, the same refusal keeps it.
			mustRun(t, "series", "create", "--series", "Z", "--cards", "6", "--db", db)
			if code, _, _ := run(t, append(tc.args, "--db", db)...); code != 1 {
				t.Fatalf("exit %d on an existing journal, want 1", code)
			}
			if h := head(t, db); h != 1 {
				t.Fatalf("the existing journal holds %d events, want 1", h)
			}
		})
	}
}

// TestJournalVerifySaysWhyInFrench: the reason verify gives for a broken
// chain is shown to a person, in French.
func TestJournalVerifySaysWhyInFrench(t *testing.T) {
	cases := []struct {
		name, query, say string
	}{
		{"edited", `UPDATE events SET actor = 'mallory' WHERE seq = 2`, "n° 2 : son empreinte ne correspond pas à son contenu"},
		{"deleted", `DELETE FROM events WHERE seq = 2`, "n° 2 : absent"},
		{"tail cut", `DELETE FROM events WHERE seq = 4`, "n° 4 : la tête du journal"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := seedJournal(t, 4)
			db, err := sql.Open("sqlite", path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec(tc.query); err != nil {
				t.Fatal(err)
			}
			db.Close()
			code, _, errs := run(t, "journal", "verify", "--db", path)
			if code != 1 || !strings.Contains(errs, tc.say) {
				t.Fatalf("exit %d %q; want 1 saying %q", code, errs, tc.say)
			}
		})
	}
}

// TestCLI_OnPostgreSQL plays a small day through the CLI on PostgreSQL; the
// test database's owner fails the test if a connection is left open.
func TestCLI_OnPostgreSQL(t *testing.T) {
	db := journaltest.PostgresURL(t)
	mustRun(t, "simulate", "--players", "20", "--seed", "3", "--db", db)
	mustRun(t, "journal", "verify", "--db", db)
	mustRun(t, "audit", "draws", "--db", db)
	if code, _, errs := run(t, "sell", "--desk", "caisse-1", "--pay", "cash:5", "Q-000001-22", "--db", db); code != 1 || errs == "" {
		t.Fatalf("a refused sale on PostgreSQL: exit %d %q", code, errs)
	}
	if out := mustRun(t, "report", "day", "--format", "csv", "--db", db); !strings.Contains(out, "rapport final") {
		t.Fatalf("report on PostgreSQL:\n%s", out)
	}
}
