package main

import (
	"context"
	"database/sql"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"loto/internal/journal/journaltest"
)

// TestSimulate_RefusesABaseWithARealDay: a simulation's seeds follow from
// --seed, so it never plays on a base holding events it did not write (an
// event, a reservation, a password), says so in French and adds nothing.
func TestSimulate_RefusesABaseWithARealDay(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		make [][]string
	}{
		{"an event", [][]string{{"event", "create", "--from", "../../examples/mega-loto.yaml"}}},
		{"a reservation", [][]string{{"event", "create", "--from", "../../examples/mega-loto.yaml"}, {"reservation", "add", "Dupont"}}},
		{"a password", [][]string{{"organiser", "password"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := newDB(t)
			for _, args := range tc.make {
				var errb strings.Builder
				if code := Run(context.Background(), append(args, "--db", db), strings.NewReader("cheval batterie agrafe\n"), io.Discard, &errb); code != 0 {
					t.Fatalf("loto %s: exit %d %s", args[0], code, errb.String())
				}
			}
			before := head(t, db)
			code, _, errs := run(t, "simulate", "--db", db, "--players", "10", "--seed", "5")
			if code != 1 || !strings.Contains(errs, "contient une journée qui n'est pas simulée") || !strings.Contains(errs, "base neuve") {
				t.Fatalf("simulate on a base with %s: exit %d %q", tc.name, code, errs)
			}
			if after := head(t, db); after != before {
				t.Fatalf("the refused simulation wrote %d events", after-before)
			}
		})
	}
}

// TestSimulate_MarkedInItsFirstEventAndByTheAudit: a simulated day's first
// event says it is simulated, and `audit draws` says "journée simulée";
// a real day's events carry no such mark and its audit says nothing of it.
func TestSimulate_MarkedInItsFirstEventAndByTheAudit(t *testing.T) {
	t.Parallel()
	simulated := newDB(t)
	mustRun(t, "simulate", "--db", simulated, "--players", "20", "--seed", "5")
	if first := firstPayload(t, simulated); !strings.Contains(first, `"simulated":true`) {
		t.Fatalf("the simulated day's first event: %s", first)
	}
	if out := mustRun(t, "audit", "draws", "--db", simulated); !strings.Contains(out, "journée simulée") {
		t.Fatalf("the audit of a simulated day:\n%s", out)
	}

	real := newDB(t)
	mustRun(t, "event", "create", "--db", real, "--from", "../../examples/mega-loto.yaml")
	if first := firstPayload(t, real); strings.Contains(first, "simulated") {
		t.Fatalf("a real day's first event: %s", first)
	}
	if out := mustRun(t, "audit", "draws", "--db", real); strings.Contains(out, "simulée") {
		t.Fatalf("the audit of a real day:\n%s", out)
	}
}

// firstPayload is the payload of the first event of the SQLite base db.
func firstPayload(t *testing.T, db string) string {
	t.Helper()
	conn, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var payload []byte
	if err := conn.QueryRow(`SELECT payload FROM events WHERE seq = 1`).Scan(&payload); err != nil {
		t.Fatal(err)
	}
	return string(payload)
}

// TestSimulate_AFailureLeavesNothing: a simulation refused after the event
// is created (no player) or stopped in the middle of its day leaves no
// base, no temporary file and nothing of SQLite's in the folder.
func TestSimulate_AFailureLeavesNothing(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		args    []string
		timeout time.Duration
	}{
		{"no player", []string{"--players", "0"}, time.Minute},
		{"stopped", []string{"--players", "3000"}, 300 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			ctx, cancel := context.WithTimeout(context.Background(), tc.timeout)
			defer cancel()
			var errb strings.Builder
			code := Run(ctx, append([]string{"simulate", "--db", filepath.Join(dir, "loto.db"), "--seed", "5"}, tc.args...), strings.NewReader(""), io.Discard, &errb)
			if code == 0 {
				t.Fatalf("the simulation succeeded: %s", errb.String())
			}
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Fatalf("a failed simulation (%s) left %s behind", strings.TrimSpace(errb.String()), left[0].Name())
			}
		})
	}
}

// TestSimulate_RefusesARealDayOnPostgreSQL: the same refusal on a shared
// PostgreSQL journal, which keeps its head.
func TestSimulate_RefusesARealDayOnPostgreSQL(t *testing.T) {
	t.Parallel()
	db := journaltest.PostgresURL(t)
	mustRun(t, "event", "create", "--db", db, "--from", "../../examples/mega-loto.yaml")
	before := mustRun(t, "journal", "verify", "--db", db)
	code, _, errs := run(t, "simulate", "--db", db, "--players", "10", "--seed", "5")
	if code != 1 || !strings.Contains(errs, "contient une journée qui n'est pas simulée") {
		t.Fatalf("simulate on a real day in PostgreSQL: exit %d %q", code, errs)
	}
	if after := mustRun(t, "journal", "verify", "--db", db); after != before {
		t.Fatalf("the refused simulation changed the journal: %q, before %q", after, before)
	}
}
