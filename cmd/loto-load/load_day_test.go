package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"loto/internal/access"
	"loto/internal/journal/journaltest"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
	"loto/internal/web"
)

// serverBuilt has load day serve its day with the real binary, built for
// the test: the test's own binary is not loto.
func serverBuilt(t *testing.T) {
	t.Helper()
	bin := buildBinary(t)
	old := serverBinary
	serverBinary = func() (string, error) { return bin, nil }
	t.Cleanup(func() { serverBinary = old })
}

func TestLoadDayPlaysADayThroughTheRealServer(t *testing.T) {
	serverBuilt(t)
	r := runJSON[dayLoad](t, "day", "--players", "40", "--cashiers", "3", "--clients", "5", "--games", "1",
		"--pace", "0", "--pause", "0", "--json")
	// One game of three stages, every player served, each act once in a
	// journal that verifies; the clients saw the draws; the server weighed.
	if r.Errors != 0 || r.Players != 40 || r.Sales < 40 || r.Games != 1 || r.Awards != 3 || r.Draws < 15 || !r.Replayed || r.Journal != "SQLite" {
		t.Fatalf("day %+v", r)
	}
	if r.Acts < r.Sales+r.Admissions+r.Draws+r.Awards || r.Events < int64(r.Acts) {
		t.Errorf("%d acts acknowledged, %d events in the journal", r.Acts, r.Events)
	}
	if r.Stream == nil || r.Stream.Changes < r.Draws || r.Stream.Dropped != 0 {
		t.Errorf("live clients %+v, %d draws", r.Stream, r.Draws)
	}
	if r.ServerCPU <= 0 || r.ServerRSS <= 0 || r.ServerPeak < r.ServerRSS {
		t.Errorf("server CPU %s, memory %d, peak %d", r.ServerCPU, r.ServerRSS, r.ServerPeak)
	}
	routes := map[string]bool{}
	for _, f := range r.Routes {
		routes[f.Route] = f.Count > 0
	}
	for _, want := range []string{"POST /api/v1/sales", "POST /api/v1/door", "POST /api/v1/game/draws", "POST /api/v1/claims", "POST /api/v1/game/award"} {
		if !routes[want] {
			t.Errorf("no figures for %s in %v", want, routes)
		}
	}
	code, out, errs := run(t, "day", "--players", "5", "--cashiers", "1", "--clients", "0", "--games", "1", "--pace", "0")
	if code != 0 || !strings.Contains(out, "journée : 5 joueurs, 1 caissiers") || !strings.Contains(out, "POST /api/v1/sales") ||
		!strings.Contains(out, "serveur : CPU ") || !strings.Contains(out, "sur le serveur : les mêmes que ceux d'une relecture fraîche du journal") {
		t.Fatalf("load day: exit %d %q %q", code, out, errs)
	}
}

// TestLoadDayOnTwoServersOfPostgreSQL: the simulated day on an empty
// PostgreSQL database (skipped without LOTO_TEST_PG), served by two
// instances, the desks on both and the game on the first: nothing refused
// that should pass, the chain verifies, and both servers show what a fresh
// replay of the journal shows. A database with a day in it, a server of
// another machine, and two servers on a SQLite file are refused. With
// LOTO_MEASURE=1 it is the measure of docs/benchmarks.md: the whole day of
// 3,000 players and 1,000 live clients on one server, then on two, each on
// a fresh database, their figures logged.
func TestLoadDayOnTwoServersOfPostgreSQL(t *testing.T) {
	serverBuilt(t)
	measure := os.Getenv("LOTO_MEASURE") == "1"
	instances := []int{2}
	if measure {
		instances = []int{1, 2}
	}
	var url string
	for _, n := range instances {
		url = journaltest.PostgresURL(t)
		args := []string{"day", "--db", url, "--instances", itoa(n), "--players", "40", "--cashiers", "4", "--clients", "5",
			"--games", "1", "--pace", "0", "--pause", "0", "--json"}
		games := 1
		if measure {
			args, games = []string{"day", "--db", url, "--instances", itoa(n), "--json"}, 0
		}
		r := runJSON[dayLoad](t, args...)
		logDay(t, r)
		if r.Journal != "PostgreSQL" || r.Instances != n || r.Errors != 0 || !r.Replayed || r.Sales < r.Players ||
			(games > 0 && (r.Games != games || r.Awards != 3*games)) {
			t.Fatalf("day %+v", r)
		}
		if r.Acts < r.Sales+r.Admissions+r.Draws+r.Awards || r.Events < int64(r.Acts) {
			t.Errorf("%d acts acknowledged, %d events in the journal", r.Acts, r.Events)
		}
		// The second server follows the journal: a read of it may bring
		// several draws, which its clients get in one change; none is dropped.
		if r.Stream == nil || r.Stream.Changes == 0 || r.Stream.Dropped != 0 {
			t.Errorf("live clients on the last server %+v, %d draws", r.Stream, r.Draws)
		}
	}

	code, _, errs := run(t, "day", "--db", url, "--players", "5", "--clients", "0", "--games", "1")
	if code == 0 || !strings.Contains(errs, "la base PostgreSQL n'est pas vide") {
		t.Errorf("a second day on the same database: exit %d %q", code, errs)
	}
	for _, c := range []struct{ args, want string }{
		{"--db postgres://loto@192.0.2.1/jour", "la mesure charge cette machine seulement"},
		{"--db postgres://loto@127.0.0.1,192.0.2.1/jour", "pas \"192.0.2.1\""},
		{"--instances 2", "--instances 2 : plusieurs serveurs partagent une base PostgreSQL"},
		{"--db " + filepath.Join(t.TempDir(), "jour.db"), "--db : une base PostgreSQL vide de cette machine"},
		{"--instances 3 --db " + url, "--instances : 1 ou 2 serveurs"},
	} {
		code, _, errs := run(t, append([]string{"day", "--players", "5", "--clients", "0"}, strings.Fields(c.args)...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("load day %s: exit %d %q, want 2 and %q", c.args, code, errs, c.want)
		}
	}
}

// TestLoadDayTellsAServerFromAFreshReplay: the check that ends a day
// compares what the servers showed with what a fresh replay shows, and a
// server that showed anything else fails it.
func TestLoadDayTellsAServerFromAFreshReplay(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "jour.db")
	store, err := sqlite.Open(ctx, db, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, password, err := prepareDay(ctx, store, dayOptions{players: 5, cashiers: 1, controllers: 1, games: 1})
	if err != nil {
		t.Fatal(err)
	}
	day, book, err := access.Open(ctx, store, loto.Options{})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(web.New(web.Config{Day: day, Auth: book, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}))
	shown, err := servedDay(ctx, []string{hs.URL + "/"}, password)
	hs.Close()
	store.Close()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := checkDayJournal(ctx, db, &shown); err != nil {
		t.Fatalf("what the server showed: %v", err)
	}
	changed := shown
	changed.report = append(bytes.Clone(shown.report), "ligne en trop\n"...)
	if _, err := checkDayJournal(ctx, db, &changed); err == nil || !strings.Contains(err.Error(), "le rapport de la journée") {
		t.Errorf("a report other than the replay's: %v", err)
	}
	changed = shown
	changed.status = bytes.Replace(shown.status, []byte(`"game":0`), []byte(`"game":1`), 1)
	if bytes.Equal(changed.status, shown.status) {
		t.Fatalf("status without a game number: %s", shown.status)
	}
	if _, err := checkDayJournal(ctx, db, &changed); err == nil || !strings.Contains(err.Error(), "l'état de la partie") {
		t.Errorf("a status other than the replay's: %v", err)
	}
}

// logDay logs the figures of a day for docs/benchmarks.md.
func logDay(t *testing.T, r dayLoad) {
	t.Helper()
	t.Logf("%s, %d servers: %d players, %d acts in %s (%.0f/s), %d events, %d mistakes provoked, %d errors (%s)",
		r.Journal, r.Instances, r.Players, r.Acts, r.Took, r.ActsPerSecond, r.Events, r.Provoked, r.Errors, r.FirstError)
	t.Logf("%d sales, %d admissions, %d games, %d draws, %d claims, %d awards", r.Sales, r.Admissions, r.Games, r.Draws, r.Claims, r.Awards)
	for _, f := range r.Routes {
		t.Logf("%s: %d, p50 %s, p99 %s, max %s, %d errors, %d retries", f.Route, f.Count, f.P50, f.P99, f.Max, f.Errors, f.Retries)
	}
	if r.Stream != nil {
		t.Logf("stream: %d clients, %d changes, p50 %d µs, p99 %d µs, max %d µs, %d dropped", r.Stream.Clients, r.Stream.Changes,
			r.Stream.P50, r.Stream.P99, r.Stream.Max, r.Stream.Dropped)
	}
	t.Logf("servers: CPU %s, memory %d, peak %d", r.ServerCPU, r.ServerRSS, r.ServerPeak)
}
