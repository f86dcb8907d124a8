package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"loto/internal/journal"
)

// rechain rewrites every hash and the head after an edit, as someone with
// write access to the file and the source code could: verify then passes,
// and only the audit of the draws against the day seed can tell.
func rechain(t *testing.T, db *sql.DB) {
	t.Helper()
	rows, err := db.Query(`SELECT seq, time_us, actor, type, payload, COALESCE(key, '') FROM events ORDER BY seq`)
	if err != nil {
		t.Fatal(err)
	}
	var evs []journal.Event
	for rows.Next() {
		var e journal.Event
		var us int64
		var p []byte
		if err := rows.Scan(&e.Seq, &us, &e.Actor, &e.Type, &p, &e.Key); err != nil {
			t.Fatal(err)
		}
		e.Time, e.Payload = time.UnixMicro(us).UTC(), p
		evs = append(evs, e)
	}
	rows.Close()
	prev := journal.Genesis
	for _, e := range evs {
		prev = journal.Chain(prev, e)
		if _, err := db.Exec(`UPDATE events SET hash = ? WHERE seq = ?`, prev, e.Seq); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(`UPDATE head SET hash = ?`, prev); err != nil {
		t.Fatal(err)
	}
}

func TestR14_AuditFindsADrawChangedAndRechained(t *testing.T) {
	t.Parallel()
	path := newDB(t)
	mustRun(t, "simulate", "--db", path, "--players", "40", "--seed", "5", "--json")
	if out := mustRun(t, "audit", "draws", "--db", path); strings.Contains(out, "ÉCHEC") {
		t.Fatalf("audit of a sound day: %s", out)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var seq int64
	var payload []byte
	if err := db.QueryRow(`SELECT seq, payload FROM events WHERE type = 'number.drawn' ORDER BY seq LIMIT 1 OFFSET 10`).Scan(&seq, &payload); err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	json.Unmarshal(payload, &p)
	n := int(p["number"].(float64))
	p["number"] = n%90 + 1
	edited, _ := json.Marshal(p)
	if _, err := db.Exec(`UPDATE events SET payload = ? WHERE seq = ?`, edited, seq); err != nil {
		t.Fatal(err)
	}
	rechain(t, db)
	if _, err := journal.Verify(context.Background(), openSQLite(t, path)); err != nil {
		t.Fatalf("the re-chained journal should verify: %v", err)
	}
	code, out, errs := run(t, "audit", "draws", "--db", path)
	if code != 1 || !strings.Contains(out, "ÉCHEC événement n°") || !strings.Contains(errs, "échec") {
		t.Fatalf("audit of an edited draw: exit %d\n%s\n%s", code, out, errs)
	}
}

func TestEventEndClosesADayCutShort(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	mustRun(t, "event", "create", "--db", db, "--from", "../../examples/mega-loto.yaml")
	if code, _, errs := run(t, "event", "end", "--db", db); code != 2 || !strings.Contains(errs, "--reason") {
		t.Fatalf("event end without a reason: exit %d %q", code, errs)
	}
	out := mustRun(t, "event", "end", "--db", db, "--reason", "coupure de courant")
	if !strings.Contains(out, "journée close") {
		t.Fatalf("event end: %q", out)
	}
	before := head(t, db)
	if code, _, errs := run(t, "event", "end", "--db", db, "--reason", "encore"); code != 1 || !strings.Contains(errs, "déjà close") {
		t.Fatalf("a second end: exit %d %q", code, errs)
	}
	if h := head(t, db); h != before {
		t.Fatal("a refused end wrote an event")
	}
	if out := mustRun(t, "audit", "draws", "--db", db); !strings.Contains(out, "recalculés : 0 partie, 0 tirage, 0 pion") {
		t.Fatalf("audit of a day with no game: %q", out)
	}
}

// TestCommandsRefuseABrokenJournal: a command replays the journal before it
// acts; an edited event or a deleted tail stops it, naming the first bad
// event, and it writes nothing.
func TestCommandsRefuseABrokenJournal(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, query string
	}{
		{"edited event", `UPDATE events SET actor = 'mallory' WHERE seq = 2`},
		{"deleted tail", `DELETE FROM events WHERE seq = (SELECT max(seq) FROM events)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := newDB(t)
			mustRun(t, "series", "create", "--db", path, "--series", "A", "--cards", "12")
			mustRun(t, "series", "create", "--db", path, "--series", "B", "--cards", "12")
			mustRun(t, "series", "create", "--db", path, "--series", "C", "--cards", "12")
			db, err := sql.Open("sqlite", path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec(tc.query); err != nil {
				t.Fatal(err)
			}
			var before int
			db.QueryRow(`SELECT count(*) FROM events`).Scan(&before)
			code, _, errs := run(t, "series", "create", "--db", path, "--series", "D", "--cards", "6")
			if code != 1 || !strings.Contains(errs, "journal corrompu à l'événement n°") {
				t.Fatalf("a command on a broken journal: exit %d %q", code, errs)
			}
			var after int
			db.QueryRow(`SELECT count(*) FROM events`).Scan(&after)
			db.Close()
			if after != before {
				t.Fatalf("a command on a broken journal wrote %d events", after-before)
			}
		})
	}
}

// A day of typed numbers has nothing to recompute them from: the audit says
// so, and says what it checked instead, rather than "0 tirage".
func TestR14_AuditOfAManualDaySaysWhatItChecked(t *testing.T) {
	t.Parallel()
	db, _ := startedGame(t, "manual")
	for _, n := range []string{"7", "43", "90"} {
		mustRun(t, "game", "draw", n, "--db", db)
	}
	out := mustRun(t, "audit", "draws", "--db", db)
	for _, want := range []string{"mode manuel", "3 numéros tapés", "machine à boules", "chaîne du journal", "deux fois"} {
		if !strings.Contains(out, want) {
			t.Fatalf("audit of a manual day, want %q:\n%s", want, out)
		}
	}
	var rep struct {
		Mode  string `json:"mode"`
		Typed int    `json:"typed"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "audit", "draws", "--db", db, "--json")), &rep); err != nil || rep.Mode != "manual" || rep.Typed != 3 {
		t.Fatalf("audit --json of a manual day: %+v %v", rep, err)
	}
}

// An award rewritten in the file and re-chained keeps its chain: the
// verification's replay judges it again from the cards, the draws and the
// tokens, and names the event; the audit fails it too (R27).
func TestR27_VerifyAndAuditJudgeAnAwardRewritten(t *testing.T) {
	t.Parallel()
	path := newDB(t)
	mustRun(t, "simulate", "--db", path, "--players", "40", "--seed", "5", "--json")
	mustRun(t, "journal", "verify", "--db", path)
	editAndRechain(t, path, "prize.awarded", `%"share_cents":%`, `"share_cents":`, `"share_cents":9`)
	code, out, errs := run(t, "journal", "verify", "--db", path)
	if code != 1 || strings.Contains(out, "intègre") || !strings.Contains(errs, "lot remis ainsi") || !strings.Contains(errs, "événement n° ") {
		t.Fatalf("verify of a rewritten award: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, _ = run(t, "audit", "draws", "--db", path)
	if code != 1 || !strings.Contains(out, "ÉCHEC événement n° ") || !strings.Contains(out, "lot remis ainsi") {
		t.Fatalf("audit of a rewritten award: exit %d\n%s", code, out)
	}
}

// Two sales swapped and re-chained: `loto serve` refuses to replay them,
// and so does the verification, which replays as the day's opening does.
func TestR27_VerifyRefusesWhatTheReplayRefuses(t *testing.T) {
	t.Parallel()
	path := newDB(t)
	mustRun(t, "simulate", "--db", path, "--players", "40", "--seed", "5", "--json")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var a, b int64
	var pa, pb []byte
	if err := db.QueryRow(`SELECT seq, payload FROM events WHERE type = 'sale.recorded' ORDER BY seq LIMIT 1`).Scan(&a, &pa); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`SELECT seq, payload FROM events WHERE type = 'sale.recorded' ORDER BY seq LIMIT 1 OFFSET 1`).Scan(&b, &pb); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE events SET payload = ? WHERE seq = ?`, pb, a); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE events SET payload = ? WHERE seq = ?`, pa, b); err != nil {
		t.Fatal(err)
	}
	rechain(t, db)
	code, out, errs := run(t, "journal", "verify", "--db", path)
	if code != 1 || strings.Contains(out, "intègre") || !strings.Contains(errs, "hors séquence") {
		t.Fatalf("verify of two sales swapped: exit %d\n%s\n%s", code, out, errs)
	}
}
