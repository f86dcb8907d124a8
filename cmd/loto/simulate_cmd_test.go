package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"loto/internal/journal/journaltest"
	"loto/internal/report"
)

// simDay is the part of `loto simulate --json` the tests read.
type simDay struct {
	Seed  int64 `json:"seed"`
	Games []struct {
		Number int    `json:"number"`
		Title  string `json:"title"`
		Stages []struct {
			Stage  string `json:"stage"`
			Lines  int    `json:"lines"`
			Draws  []int  `json:"draws"`
			Claims []struct {
				Serial  string `json:"serial"`
				Verdict string `json:"verdict"`
			} `json:"claims"`
			Winners []struct {
				Serial      string `json:"serial"`
				Token       *int   `json:"token"`
				Prize       string `json:"prize"`
				ShareCents  *int64 `json:"share_cents"`
				Consolation bool   `json:"consolation"`
			} `json:"winners"`
		} `json:"stages"`
	} `json:"games"`
}

// playDay simulates a whole day on db through the CLI and checks what must
// hold of any day: the programme is played, every stage is awarded to
// winners, draws never repeat, every verdict kind appears, the chain and
// the random draws verify.
func playDay(t *testing.T, db string) simDay {
	t.Helper()
	out := mustRun(t, "simulate", "--db", db, "--players", "120", "--seed", "42", "--json")
	var day simDay
	if err := json.Unmarshal([]byte(out), &day); err != nil {
		t.Fatalf("simulate --json: %v\n%s", err, out)
	}
	if day.Seed != 42 || len(day.Games) != 11 {
		t.Fatalf("seed %d, %d games; want 42 and the 11 games of the example", day.Seed, len(day.Games))
	}
	verdicts := map[string]bool{}
	ties := 0
	for _, g := range day.Games {
		if len(g.Stages) == 0 {
			t.Fatalf("game %d has no stage awarded", g.Number)
		}
		for _, st := range g.Stages {
			seen := map[int]bool{}
			for _, n := range st.Draws {
				if n < 1 || n > 90 || seen[n] {
					t.Fatalf("game %d %s: number %d drawn twice or out of range (R24)", g.Number, st.Stage, n)
				}
				seen[n] = true
			}
			if len(st.Winners) == 0 {
				t.Fatalf("game %d %s awarded to nobody", g.Number, st.Stage)
			}
			if len(st.Winners) > 1 {
				ties++
			}
			for _, c := range st.Claims {
				verdicts[c.Verdict] = true
			}
		}
	}
	for _, v := range []string{"win", "not_winner", "late", "not_stamped", "unknown_series", "bad_check", "not_eligible", "voided", "duplicate"} {
		if !verdicts[v] {
			t.Errorf("no claim got the verdict %q in a whole simulated day", v)
		}
	}
	if ties == 0 {
		t.Error("no tie in a whole simulated day")
	}
	if out := mustRun(t, "journal", "verify", "--db", db); !strings.Contains(out, "journal intègre") {
		t.Fatalf("verify after the day: %q", out)
	}
	if out := mustRun(t, "audit", "draws", "--db", db); !strings.Contains(out, "11 parties") {
		t.Fatalf("audit after the day: %q", out)
	}
	return day
}

func TestSimulateWholeDaySQLite(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	first := playDay(t, db)
	// The same seed on another journal plays the same day, draw for draw.
	again := playDay(t, newDB(t))
	a, _ := json.Marshal(first)
	b, _ := json.Marshal(again)
	if string(a) != string(b) {
		t.Fatal("two simulations with one seed differ")
	}
	code, _, errs := run(t, "simulate", "--db", db)
	if code != 1 || !strings.Contains(errs, "déjà commencé") {
		t.Fatalf("a second simulation on a played day: exit %d %q", code, errs)
	}
}

// The demo day's report shows the door: reservations, tickets crossed out
// with free cards (R4, R5), walk-in sales (R3), and the breaks (R12).
func TestSimulateDemoDayHasEntranceAndBreaks(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	out := mustRun(t, "simulate", "--db", db, "--players", "40", "--seed", "5")
	for _, want := range []string{"billets barrés avec une carte gratuite", "refus attendu à l'entrée : billet R-", "déjà barré", "pauses : pause repas (75 min), entracte (30 min)"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	var r report.DayReport
	if err := json.Unmarshal([]byte(mustRun(t, "report", "day", "--json", "--db", db)), &r); err != nil {
		t.Fatal(err)
	}
	a := r.Attendance
	if a.Reservations == 0 || a.Tickets < a.Reservations || a.Crossed != a.Tickets || r.Totals.FreeCards != a.Crossed ||
		len(r.Free) != a.Crossed || a.WalkInSales == 0 || a.WalkInSales >= a.Sales || len(r.Breaks) != 2 {
		t.Fatalf("demo day report: attendance %+v, %d free cards, %d breaks", a, r.Totals.FreeCards, len(r.Breaks))
	}
}

func TestSimulateWholeDayPostgreSQL(t *testing.T) {
	t.Parallel()
	playDay(t, journaltest.PostgresURL(t))
}

func TestEventCreateAndShow(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	code, _, errs := run(t, "event", "create", "--db", db, "--from", "../../examples/mega-loto.yaml")
	if code != 0 || !strings.Contains(errs, "L1") {
		t.Fatalf("event create: exit %d, %q (the 20 EUR plate must warn, L1)", code, errs)
	}
	out := mustRun(t, "event", "show", "--db", db, "--json")
	var ev map[string]any
	if err := json.Unmarshal([]byte(out), &ev); err != nil {
		t.Fatalf("event show: %v", err)
	}
	if list := mustRun(t, "series", "list", "--db", db); !strings.Contains(list, "A ") || !strings.Contains(list, "V ") {
		t.Fatalf("event create did not create its series:\n%s", list)
	}
	code, _, _ = run(t, "event", "create", "--db", db, "--from", "../../examples/mega-loto.yaml")
	if code != 1 {
		t.Fatalf("a second event on one journal: exit %d, want 1", code)
	}
}

func TestEventCreateBadFileNamesThePlaceAndWritesNothing(t *testing.T) {
	t.Parallel()
	db := newDB(t)
	good, err := os.ReadFile("../../examples/mega-loto.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(good), "kind: voucher", "kind: cash", 1)
	path := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(path, []byte(bad), 0o644)
	code, _, errs := run(t, "event", "create", "--db", db, "--from", path)
	if code != 1 || !strings.Contains(errs, "ligne") || !strings.Contains(errs, "kind") {
		t.Fatalf("a cash prize (L1): exit %d, %q", code, errs)
	}
	if h := head(t, db); h != 0 {
		t.Fatalf("a refused event file wrote %d events", h)
	}
	// A colour the printer does not know is named at its line too.
	os.WriteFile(path, []byte(strings.Replace(string(good), "color: jaune", "color: chartreuse", 1)), 0o644)
	code, _, errs = run(t, "event", "create", "--db", db, "--from", path)
	if code != 1 || !strings.Contains(errs, "ligne 23, series[0].color") || head(t, db) != 0 {
		t.Fatalf("an unknown colour: exit %d, %q", code, errs)
	}
}
