package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"loto/internal/journal"
	"loto/internal/journal/sqlite"

	_ "modernc.org/sqlite"
)

// run runs the program in-process and returns its exit status and output.
func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// seedJournal writes n events, one with a secret, into a new SQLite file.
func seedJournal(t *testing.T, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "loto.db")
	s, err := sqlite.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for i := range n {
		d := journal.Draft{Actor: "test", Type: "demo", Payload: json.RawMessage(`{"i":` + string(rune('0'+i)) + `}`)}
		if i == 0 {
			d.Secrets = map[string][]byte{"series/A/seed": []byte("TOPSECRETSEED")}
		}
		if _, err := s.Append(context.Background(), int64(i), d); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

func TestVersion(t *testing.T) {
	code, out, _ := run(t, "version")
	if code != 0 || !strings.HasPrefix(out, "loto ") {
		t.Fatalf("version: %d %q", code, out)
	}
}

func TestUnknownCommandExits2(t *testing.T) {
	code, _, errs := run(t, "frobnicate")
	if code != 2 || !strings.Contains(errs, "commande inconnue") {
		t.Fatalf("unknown command: %d %q", code, errs)
	}
}

func TestJournalVerifyNamesFirstBadSequence(t *testing.T) {
	path := seedJournal(t, 6)
	code, out, errs := run(t, "journal", "verify", "--db", path)
	if code != 0 || !strings.Contains(out, "6 événements") {
		t.Fatalf("verify of a sound journal: %d %q %q", code, out, errs)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE events SET payload = '{"i":9}' WHERE seq = 4`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	code, _, errs = run(t, "journal", "verify", "--db", path)
	if code == 0 || !strings.Contains(errs, "n° 4") {
		t.Fatalf("verify of an edited journal: %d %q", code, errs)
	}
}

func TestJournalExportWritesEventsNeverSecrets(t *testing.T) {
	path := seedJournal(t, 3)
	t.Setenv("LOTO_DB", path) // the flag's default comes from LOTO_DB
	code, out, errs := run(t, "journal", "export", "--format", "jsonl")
	if code != 0 {
		t.Fatalf("export: %d %q", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("export wrote %d lines, want 3", len(lines))
	}
	var e journal.Event
	if err := json.Unmarshal([]byte(lines[2]), &e); err != nil || e.Seq != 3 || e.Hash == "" {
		t.Fatalf("line 3 = %q (%v)", lines[2], err)
	}
	if strings.Contains(out, "TOPSECRETSEED") || strings.Contains(out, "VE9QU0VDUkVUU0VFRA") {
		t.Fatal("export leaked a secret")
	}
	if code, _, _ := run(t, "journal", "export", "--format", "xml", "--db", path); code != 2 {
		t.Fatalf("unknown format: exit %d, want 2 (usage)", code)
	}
}

func TestPostgresDownIsAClearError(t *testing.T) {
	code, _, errs := run(t, "journal", "verify", "--db", "postgres://nobody@127.0.0.1:1/none?sslmode=disable&connect_timeout=2")
	if code != 1 || !strings.Contains(errs, "PostgreSQL inaccessible") {
		t.Fatalf("postgres down: %d %q", code, errs)
	}
}
