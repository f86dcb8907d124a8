package main

import (
	"database/sql"
	"strings"
	"testing"
)

// TestSimulate_MarkedInItsFirstEventAndByTheAudit: a simulated day's first
// event says it is simulated, and `audit draws` says "journée simulée";
// a real day's events carry no such mark and its audit says nothing of it.
func TestSimulate_MarkedInItsFirstEventAndByTheAudit(t *testing.T) {
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
