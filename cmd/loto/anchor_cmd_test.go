package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// backends names each journal the tests play on: a new SQLite file, and a
// fresh PostgreSQL database (skipped without LOTO_TEST_PG), with a way to
// run SQL on it behind the program's back, as an insider would.
var backends = []struct {
	name string
	open func(t *testing.T) (db string, exec func(query string))
}{
	{"SQLite", func(t *testing.T) (string, func(string)) {
		db := newDB(t)
		return db, func(q string) {
			t.Helper()
			conn, err := sql.Open("sqlite", db)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			if _, err := conn.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	}},
	{"PostgreSQL", func(t *testing.T) (string, func(string)) {
		db := journaltest.PostgresURL(t)
		return db, func(q string) {
			t.Helper()
			ctx := context.Background()
			conn, err := pgx.Connect(ctx, db)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close(ctx)
			if _, err := conn.Exec(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	}},
}

// saleDay records the small sale day on db and opens caisse-1.
func saleDay(t *testing.T, db string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "event.yaml")
	if err := os.WriteFile(file, []byte(saleEvent), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "event", "create", "--db", db, "--from", file)
	mustRun(t, "desk", "open", "caisse-1", "--float", "0", "--db", db)
}

// anchoredSale sells one card and returns the anchor the sale printed.
func anchoredSale(t *testing.T, db, serial string) journal.Anchor {
	t.Helper()
	var s struct {
		Anchor journal.Anchor `json:"anchor"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "sell", "--db", db, "--desk", "caisse-1", "--pay", "cash:5", serial)), &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Anchor.Hash) != 64 {
		t.Fatalf("a sale's JSON carries the full hash in its anchor, got %q", s.Anchor)
	}
	return s.Anchor
}

// TestR27_CLI_AnchorSeesTheCutTail is the audit's attack: two SQL statements
// delete the last sales and move the head row back; the chain still
// verifies, so a sold card reads unsold and the Z expects less cash. The
// anchor the last sale printed makes verify fail, naming it.
func TestR27_CLI_AnchorSeesTheCutTail(t *testing.T) {
	t.Parallel()
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			db, exec := b.open(t)
			saleDay(t, db)
			a := serialsOf(t, db, "A", 3)
			kept := anchoredSale(t, db, a[0])
			anchoredSale(t, db, a[1])
			last := anchoredSale(t, db, a[2])
			var h headJSON
			if err := json.Unmarshal([]byte(mustRun(t, "journal", "head", "--json", "--db", db)), &h); err != nil {
				t.Fatal(err)
			}
			if h.Anchor != last || h.Seq != last.Seq || h.Hash != last.Hash {
				t.Fatalf("journal head %+v, want the last sale's anchor %s", h, last)
			}
			if out := mustRun(t, "journal", "head", "--db", db); !strings.Contains(out, "ancre "+last.Short()) {
				t.Fatalf("journal head in text: %q, want the anchor %s", out, last.Short())
			}

			exec(`DELETE FROM events WHERE seq > ` + itoa(int(kept.Seq)))
			exec(`UPDATE head SET seq = ` + itoa(int(kept.Seq)) + `, hash = (SELECT hash FROM events WHERE seq = ` + itoa(int(kept.Seq)) + `) WHERE id = 1`)
			mustRun(t, "journal", "verify", "--db", db) // what the chain alone cannot see

			code, _, errs := run(t, "journal", "verify", "--db", db, "--anchor", kept.Short(), "--anchor", last.Short())
			if code != 1 || !strings.Contains(errs, "ancre "+last.Short()) || !strings.Contains(errs, "raccourci") {
				t.Fatalf("verify with the last sale's anchor after the cut: exit %d %q; want 1 naming %s", code, errs, last.Short())
			}
			if out := mustRun(t, "journal", "verify", "--db", db, "--anchor", kept.String()); !strings.Contains(out, "ancre "+kept.String()+" : conforme") {
				t.Fatalf("verify with an anchor before the cut: %q", out)
			}
		})
	}
}

// TestR27_CLI_BadAnchorIsAUsageError: an anchor that does not read is said
// in French, exit 2, before the journal is opened.
func TestR27_CLI_BadAnchorIsAUsageError(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	for _, bad := range []string{"12", "12:abc", "douze:0f3a9c2e71b4", "12:0f3a9c2e71bZ"} {
		code, _, errs := run(t, "journal", "verify", "--db", db, "--anchor", bad)
		if code != 2 || !strings.Contains(errs, "ancre « "+bad+" » invalide") {
			t.Errorf("--anchor %q: exit %d %q; want 2 in French", bad, code, errs)
		}
	}
}

// TestR27_CLI_ReplacedSeriesKeyIsSeen is the audit's other attack: a series
// key replaced in the secrets table passed verify, and every printed card
// was then refused for a wrong check code. The series' event commits to its
// key: verify fails naming that event, and no command acts on the journal.
func TestR27_CLI_ReplacedSeriesKeyIsSeen(t *testing.T) {
	t.Parallel()
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			db, exec := b.open(t)
			mustRun(t, "series", "create", "--db", db, "--series", "A", "--cards", "6")
			serial := serialsOf(t, db, "A", 1)[0]
			mustRun(t, "card", "check", "--db", db, serial)
			if out := mustRun(t, "journal", "verify", "--db", db); !strings.Contains(out, "secrets conformes à leur engagement : 2") {
				t.Fatalf("verify of a sound journal: %q", out)
			}
			exec(`UPDATE secrets SET value = value || value WHERE name = 'series/A/key'`)
			code, _, errs := run(t, "journal", "verify", "--db", db)
			if code != 1 || !strings.Contains(errs, "n° 1") || !strings.Contains(errs, "series/A/key") {
				t.Fatalf("verify with a replaced key: exit %d %q; want 1 naming event 1 and the key", code, errs)
			}
			code, _, errs = run(t, "card", "check", "--db", db, serial)
			if code != 1 || !strings.Contains(errs, "journal corrompu à l'événement n° 1") {
				t.Fatalf("card check with a replaced key: exit %d %q; want a broken journal", code, errs)
			}
		})
	}
}

// TestR27_CLI_DoorAndZPrintTheirAnchor: the door's admission and the Z
// report print the anchor of the journal right after them, a 12-character
// hash prefix that verify takes back.
func TestR27_CLI_DoorAndZPrintTheirAnchor(t *testing.T) {
	t.Parallel()
	db := saleDB(t)
	a := serialsOf(t, db, "A", 1)
	ticket := strings.TrimSpace(mustRun(t, "reservation", "add", "Dupont", "--db", db))
	headShort := func() string {
		var h headJSON
		if err := json.Unmarshal([]byte(mustRun(t, "journal", "head", "--json", "--db", db)), &h); err != nil {
			t.Fatal(err)
		}
		return h.Anchor.Short()
	}
	out := mustRun(t, "door", "--door", "porte-1", "--db", db, ticket, a[0])
	if want := headShort(); !strings.Contains(out, "ancre du journal, à garder : "+want) {
		t.Fatalf("door: %q, want the anchor %s", out, want)
	}
	mustRun(t, "desk", "open", "caisse-1", "--float", "0", "--db", db)
	out = mustRun(t, "desk", "close", "caisse-1", "--count", "0", "--db", db)
	want := headShort()
	if !strings.Contains(out, "ancre du journal, à garder : "+want) {
		t.Fatalf("Z report: %q, want the anchor %s", out, want)
	}
	mustRun(t, "journal", "verify", "--db", db, "--anchor", want)
}
