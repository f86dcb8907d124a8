package main

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"loto/internal/loto"
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
	r := runJSON[streamLoad](t, "stream", "--clients", "200", "--duration", "1s", "--interval", "20ms", "--json")
	// A change every 20 ms for a second: dozens on a quiet machine, a few
	// on a loaded one, whose draws take longer (the change is counted once
	// every client has it); 200 clients weigh more than the heap's noise.
	if r.Clients != 200 || r.Changes < 3 || r.Dropped != 0 || r.P50 <= 0 || r.P50 > r.P99 || r.P99 > r.Max || r.MemPerClient <= 0 ||
		// A change is read after it is delivered, never before.
		r.ReadP50 < r.P50 || r.ReadP99 < r.P99 || r.ReadMax < r.Max {
		t.Fatalf("figures %+v", r)
	}
	code, out, errs := run(t, "stream", "--clients", "5", "--duration", "1s", "--interval", "50ms")
	if code != 0 || !strings.Contains(out, "flux : 5 clients pendant 1s") || !strings.Contains(out, "de l'écriture au dernier client, reçu par son système : p50 ") ||
		!strings.Contains(out, "lu par cet outil, qui partage la machine : p50 ") {
		t.Fatalf("load stream: exit %d %q %q", code, out, errs)
	}
}

// TestLoadStreamMeasuresEitherTransport: the server's stream written
// through net/http reaches every client as the raw one does, so that the
// two are measured side by side.
func TestLoadStreamMeasuresEitherTransport(t *testing.T) {
	clientsHere(t)
	for _, transport := range []string{"raw", "http"} {
		r := runJSON[streamLoad](t, "stream", "--transport", transport, "--clients", "50", "--duration", "1s", "--interval", "50ms", "--json")
		if r.Clients != 50 || r.Changes < 3 || r.Dropped != 0 {
			t.Errorf("--transport %s: figures %+v", transport, r)
		}
	}
}

// streamServer serves the stream of the measure's day, its first game
// started, until the test ends.
func streamServer(t *testing.T) (*loto.Day, *httptest.Server) {
	t.Helper()
	day, closeDay, err := loadDay(t.Context(), filepath.Join(t.TempDir(), "load.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(closeDay)
	b := web.NewBroker(day, web.BrokerOptions{})
	go b.Run(t.Context())
	srv := httptest.NewServer(b)
	t.Cleanup(srv.Close)
	return day, srv
}

func TestLoadStreamMeasuresAServerAtAURL(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	day, srv := streamServer(t)
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
	day, srv := streamServer(t)
	go func() {
		dr := newDrawer(day)
		for ctx.Err() == nil {
			dr.next(ctx)
			time.Sleep(20 * time.Millisecond)
		}
	}()
	r := runJSON[streamLoad](t, "stream", "--url", srv.URL, "--pid", strconv.Itoa(os.Getpid()), "--clients", "50",
		"--duration", "1s", "--json")
	if r.Changes < 1 || r.ServerCPU <= 0 || r.MemPerClient < 0 {
		t.Fatalf("figures %+v", r)
	}
}

// TestLoadCommandsLoadOnlyThisMachineForAWhile: each load command refuses
// a server elsewhere and figures out of its bounds, naming the option and
// its bounds, with the exit status of a command line of the wrong shape.
func TestLoadCommandsLoadOnlyThisMachineForAWhile(t *testing.T) {
	for _, tc := range []struct {
		command string
		args    []string
		say     string
	}{
		{"stream", []string{"--url", "http://192.168.1.20:8080"}, "n'est pas cette machine"},
		{"stream", []string{"--url", "http://example.org/"}, "n'est pas cette machine"},
		{"stream", []string{"--url", "https://127.0.0.1:8080"}, "attendu http://127.0.0.1:PORT"},
		{"stream", []string{"--clients", "0"}, "--clients : de 1 à 10000"},
		{"stream", []string{"--clients", "10001"}, "--clients : de 1 à 10000"},
		{"stream", []string{"--duration", "11m"}, "--duration : de 1s à 10m"},
		{"stream", []string{"--duration", "10ms"}, "--duration : de 1s à 10m"},
		{"stream", []string{"--interval", "1ms"}, "--interval : de 10ms à 10s"},
		{"stream", []string{"--pid", "1"}, "--pid : avec --url seulement"},
		{"stream", []string{"--transport", "udp"}, "--transport : raw ou http"},
		{"claims", []string{"--rate", "0"}, "--rate : de 1 à 5000"},
		{"claims", []string{"--rate", "5001"}, "--rate : de 1 à 5000"},
		{"claims", []string{"--workers", "0"}, "--workers : de 1 à 500"},
		{"claims", []string{"--duration", "11m"}, "--duration : de 1s à 10m"},
		{"sales", []string{"--cashiers", "0"}, "--cashiers : de 1 à 200"},
		{"sales", []string{"--cashiers", "201"}, "--cashiers : de 1 à 200"},
		{"sales", []string{"--duration", "11m"}, "--duration : de 1s à 10m"},
		{"sales", []string{"--duration", "10ms"}, "--duration : de 1s à 10m"},
		{"day", []string{"--players", "0"}, "--players : de 1 à 10000"},
		{"day", []string{"--players", "10001"}, "--players : de 1 à 10000"},
		{"day", []string{"--cashiers", "0"}, "--cashiers : de 1 à 200"},
		{"day", []string{"--clients", "-1"}, "--clients : de 0 à 10000"},
		{"day", []string{"--controllers", "21"}, "--controllers : de 1 à 20"},
		{"day", []string{"--duration", "11m"}, "--duration : de 1s à 10m"},
		{"day", []string{"--pace", "-1s"}, "--pace : de 0 à 10s"},
	} {
		code, _, errs := run(t, append([]string{tc.command}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.say) {
			t.Errorf("load %s %v: exit %d %q, want 2 saying %q", tc.command, tc.args, code, errs, tc.say)
		}
	}
	for _, ok := range []string{"http://127.0.0.1:8080", "http://[::1]:80/api/v1/stream", "http://localhost:9"} {
		if _, err := loopbackURL(ok); err != nil {
			t.Errorf("%s refused: %v", ok, err)
		}
	}
}
