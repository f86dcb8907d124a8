package main

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"loto/internal/web"
)

// clientsHere runs the measure's clients in the test's process: the test
// binary is not the program a child process would need.
func clientsHere(t *testing.T) {
	t.Helper()
	old := spawnClients
	spawnClients = func(ctx context.Context, url string, n int, d time.Duration, _ *env) (streamLoad, error) {
		return measureStream(ctx, url, n, d, nil)
	}
	t.Cleanup(func() { spawnClients = old })
}

func TestLoadStreamMeasuresItsOwnServer(t *testing.T) {
	clientsHere(t)
	code, out, errs := run(t, "load", "stream", "--clients", "20", "--duration", "1s", "--interval", "20ms", "--json")
	if code != 0 {
		t.Fatalf("load stream: exit %d %q", code, errs)
	}
	var r streamLoad
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%q: %v", out, err)
	}
	// A change every 20 ms for a second: dozens, each received by all.
	if r.Clients != 20 || r.Changes < 10 || r.Dropped != 0 || r.P50 <= 0 || r.P50 > r.P99 || r.P99 > r.Max || r.MemPerClient <= 0 {
		t.Fatalf("figures %+v", r)
	}
	code, out, errs = run(t, "load", "stream", "--clients", "5", "--duration", "1s", "--interval", "50ms")
	if code != 0 || !strings.Contains(out, "flux : 5 clients pendant 1s") || !strings.Contains(out, "de l'écriture au dernier client : p50 ") {
		t.Fatalf("load stream: exit %d %q %q", code, out, errs)
	}
}

func TestLoadStreamMeasuresAServerAtAURL(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	day, closeDay, err := loadDay(ctx, filepath.Join(t.TempDir(), "load.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer closeDay()
	b := web.NewBroker(day, web.BrokerOptions{})
	go b.Run(ctx)
	srv := httptest.NewServer(b)
	defer srv.Close()
	ready := make(chan struct{})
	res := make(chan streamLoad, 1)
	go func() {
		u, err := loopbackURL(srv.URL + "/")
		if err != nil {
			t.Error(err)
		}
		r, err := measureStream(ctx, u, 10, time.Second, ready)
		if err != nil {
			t.Error(err)
		}
		res <- r
	}()
	<-ready
	dr := newDrawer(day)
	for range 5 {
		if err := dr.next(ctx); err != nil {
			t.Fatal(err)
		}
	}
	// Draws in a row may reach the broker as one change (it sends the latest).
	if r := <-res; r.Changes < 1 || r.Changes > 5 || r.Incomplete != 0 || r.MemPerClient != 0 {
		t.Fatalf("5 draws, 10 clients: %+v", r)
	}
}

// TestLoadStreamWeighsTheServerOfAPid: with --url and --pid the tool reads
// the server's memory and CPU in /proc (here the test's own process, which
// serves the stream and draws).
func TestLoadStreamWeighsTheServerOfAPid(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	day, closeDay, err := loadDay(ctx, filepath.Join(t.TempDir(), "load.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer closeDay()
	b := web.NewBroker(day, web.BrokerOptions{})
	go b.Run(ctx)
	srv := httptest.NewServer(b)
	defer srv.Close()
	go func() {
		dr := newDrawer(day)
		for ctx.Err() == nil {
			dr.next(ctx)
			time.Sleep(20 * time.Millisecond)
		}
	}()
	code, out, errs := run(t, "load", "stream", "--url", srv.URL, "--pid", strconv.Itoa(os.Getpid()), "--clients", "50",
		"--duration", "1s", "--json")
	if code != 0 {
		t.Fatalf("load stream --pid: exit %d %q", code, errs)
	}
	var r streamLoad
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%q: %v", out, err)
	}
	if r.Changes < 1 || r.ServerCPU <= 0 || r.MemPerClient < 0 {
		t.Fatalf("figures %+v", r)
	}
	if code, _, errs := run(t, "load", "stream", "--pid", "1"); code != 2 || !strings.Contains(errs, "--pid : avec --url seulement") {
		t.Errorf("--pid without --url: exit %d %q", code, errs)
	}
}

func TestLoadStreamLoadsOnlyThisMachineForAWhile(t *testing.T) {
	for _, tc := range []struct {
		args []string
		say  string
	}{
		{[]string{"--url", "http://192.168.1.20:8080"}, "n'est pas cette machine"},
		{[]string{"--url", "http://example.org/"}, "n'est pas cette machine"},
		{[]string{"--url", "https://127.0.0.1:8080"}, "attendu http://127.0.0.1:PORT"},
		{[]string{"--clients", "0"}, "--clients : de 1 à 10000"},
		{[]string{"--clients", "10001"}, "--clients : de 1 à 10000"},
		{[]string{"--duration", "11m"}, "--duration : de 1s à 10m"},
		{[]string{"--duration", "10ms"}, "--duration : de 1s à 10m"},
		{[]string{"--interval", "1ms"}, "--interval : de 10ms à 10s"},
	} {
		code, _, errs := run(t, append([]string{"load", "stream"}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.say) {
			t.Errorf("load stream %v: exit %d %q, want 2 saying %q", tc.args, code, errs, tc.say)
		}
	}
	for _, ok := range []string{"http://127.0.0.1:8080", "http://[::1]:80/api/v1/stream", "http://localhost:9"} {
		if _, err := loopbackURL(ok); err != nil {
			t.Errorf("%s refused: %v", ok, err)
		}
	}
}
