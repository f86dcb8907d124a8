package main

import (
	"strings"
	"testing"
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
	r := runJSON[dayLoad](t, "load", "day", "--players", "40", "--cashiers", "3", "--clients", "5", "--games", "1",
		"--pace", "0", "--pause", "0", "--json")
	// One game of three stages, every player served, each act once in a
	// journal that verifies; the clients saw the draws; the server weighed.
	if r.Errors != 0 || r.Players != 40 || r.Sales < 40 || r.Games != 1 || r.Awards != 3 || r.Draws < 15 {
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
	code, out, errs := run(t, "load", "day", "--players", "5", "--cashiers", "1", "--clients", "0", "--games", "1", "--pace", "0")
	if code != 0 || !strings.Contains(out, "journée : 5 joueurs, 1 caissiers") || !strings.Contains(out, "POST /api/v1/sales") ||
		!strings.Contains(out, "serveur : CPU ") {
		t.Fatalf("load day: exit %d %q %q", code, out, errs)
	}
}
