package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"loto/internal/cli/clitest"
	"loto/internal/journal"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"

	_ "modernc.org/sqlite"
)

// itoa writes n in decimal, for the tests' command lines.
func itoa(n int) string { return strconv.Itoa(n) }

// run runs the program in-process and returns its exit status and output.
func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return clitest.Run(Run, "", args...)
}

// wantSays fails the test unless text, what a command printed (named by
// what), says every one of says.
func wantSays(t *testing.T, what, text string, says ...string) {
	t.Helper()
	for _, say := range says {
		if !strings.Contains(text, say) {
			t.Fatalf("%s does not say %q:\n%s", what, say, text)
		}
	}
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
		// Breaks started and ended in turn: a journal that the replay of
		// `journal verify` folds, as the day's opening would.
		typ := loto.TypeBreakStarted
		if i%2 == 1 {
			typ = loto.TypeBreakEnded
		}
		d := journal.Draft{Actor: "test", Type: typ, Payload: json.RawMessage(`{"i":` + string(rune('0'+i)) + `}`)}
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

// TestNounAloneListsItsCommands: a noun without its verb ("loto game") is a
// command line of the wrong shape: it lists the noun's commands and exits 2;
// with -h or help it lists them as an answer and exits 0.
func TestNounAloneListsItsCommands(t *testing.T) {
	nouns := map[string][]string{}
	for name := range commands {
		if noun, verb, ok := strings.Cut(name, " "); ok {
			nouns[noun] = append(nouns[noun], verb)
		}
	}
	for _, want := range []string{"game", "series", "desk", "event", "print", "journal", "reservation", "break", "report", "audit", "card"} {
		if len(nouns[want]) == 0 {
			t.Fatalf("no command of the noun %q", want)
		}
	}
	for noun, verbs := range nouns {
		t.Run(noun, func(t *testing.T) {
			code, out, errs := run(t, noun)
			if code != 2 || out != "" || strings.Contains(errs, "commande inconnue") {
				t.Fatalf("loto %s: exit %d, stdout %q, stderr %q; want 2 and the list on stderr", noun, code, out, errs)
			}
			for _, v := range verbs {
				if !strings.Contains(errs, "loto "+noun+" "+v+" ") || !strings.Contains(errs, commands[noun+" "+v].summary) {
					t.Errorf("loto %s does not list %q with its summary:\n%s", noun, v, errs)
				}
			}
			for _, help := range []string{"-h", "--help", "help"} {
				code, out, errs := run(t, noun, help)
				if code != 0 || errs != "" || !strings.Contains(out, "loto "+noun+" "+verbs[0]) {
					t.Errorf("loto %s %s: exit %d, stdout %q, stderr %q; want 0 and the list", noun, help, code, out, errs)
				}
			}
		})
	}
	code, _, errs := run(t, "game", "frobnicate")
	if code != 2 || !strings.Contains(errs, "commande inconnue « game frobnicate »") || !strings.Contains(errs, "loto game start") {
		t.Fatalf("loto game frobnicate: exit %d %q; want 2, unknown, and the game commands", code, errs)
	}
}

// TestHelpPrintsUsage: asking for help prints the usage and exits 0 (a
// bare "loto" is the volunteer's start: hall_test.go).
func TestHelpPrintsUsage(t *testing.T) {
	for _, help := range []string{"help", "-h", "--help"} {
		code, out, errs := run(t, help)
		if code != 0 || errs != "" || !strings.Contains(out, "usage : loto COMMANDE") {
			t.Errorf("loto %s: exit %d, stdout %q, stderr %q; want 0 and the usage", help, code, out, errs)
		}
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

// TestJournalVerifyRefusesAnUnknownEventType: replay refuses an event of a
// type this version does not fold, so verify does not call that journal
// sound; it names the event and its type.
func TestJournalVerifyRefusesAnUnknownEventType(t *testing.T) {
	path := seedJournal(t, 3)
	mustRun(t, "journal", "verify", "--db", path)
	s, err := sqlite.Open(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Append(context.Background(), 3, journal.Draft{Actor: "test", Type: "game.teleported", Payload: json.RawMessage(`{}`)})
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "journal", "verify", "--db", path)
	if code != 1 || strings.Contains(out, "intègre") || !strings.Contains(errs, "événement 4") || !strings.Contains(errs, "« game.teleported » inconnu") {
		t.Fatalf("verify of a journal with an unknown type: exit %d, stdout %q, stderr %q; want 1 naming event 4 and its type", code, out, errs)
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
