package main

import (
	"database/sql"
	"strings"
	"testing"
)

// A secret missing from the database (a table altered, a
// copy without its secrets) is an internal error said in French, never the
// store's English cause.
func TestMissingSecretIsAnInternalErrorInFrench(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	mustRun(t, "event", "create", "--db", db, "--from", "../../examples/mega-loto.yaml")
	sqlDB, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sqlDB.Exec(`DELETE FROM secrets WHERE name = 'series/A/key'`); err != nil {
		t.Fatal(err)
	}
	sqlDB.Close()
	code, _, errs := run(t, "series", "list", "--db", db)
	if code != 1 || !strings.Contains(errs, "erreur interne") || !strings.Contains(errs, "« series/A/key »") ||
		!strings.Contains(errs, "manque dans la base") || strings.Contains(errs, "not found") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
}
