package drive_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"loto/internal/access"
	"loto/internal/drive"
	"loto/internal/drive/drivetest"
	"loto/internal/journal"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
	"loto/internal/web"
)

// organiser records the test's day.
var organiser = loto.Actor{Name: "drive", Role: loto.RoleOrganiser}

// served is a short example day on a real SQLite file, served on a
// loopback port by the real API.
type served struct {
	store journal.Store
	day   *loto.Day
	plan  *drive.Plan
	base  string
}

// serve records a day of games games and regular cards, prepares the
// plan of players players and serves the day.
func serve(t *testing.T, games, regular int, opt drive.Options) *served {
	t.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "loto.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	day, book, err := access.Open(ctx, store, loto.Options{})
	if err != nil {
		t.Fatal(err)
	}
	spec, err := drive.Example(games, regular)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := day.CreateEvent(ctx, organiser, spec); err != nil {
		t.Fatal(err)
	}
	plan, err := drive.Prepare(ctx, day, book, opt)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := web.New(web.Config{Day: day, Auth: book, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	hs := srv.HTTPServer(ln.Addr().String())
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	return &served{store: store, day: day, plan: plan, base: "http://" + ln.Addr().String()}
}

// checkDay checks that the driven day is in the journal as the report
// says: every game played, every act acknowledged once and under its key
// on or before its anchor (drivetest.Journal), the chain whole.
func checkDay(t *testing.T, s *served, r drive.Report, acked []drive.Act, games int) {
	t.Helper()
	if r.Errors != 0 {
		t.Fatalf("%d acts went wrong, the first: %s", r.Errors, r.FirstError)
	}
	if r.Games != games || r.Awards != 3*games {
		t.Errorf("played %d games and %d awards, want %d and %d", r.Games, r.Awards, games, 3*games)
	}
	if r.Provoked < 1+games {
		t.Errorf("%d mistakes provoked, want a ticket scanned twice and a wrong call per game", r.Provoked)
	}
	drivetest.Journal(t, s.store, acked, r)
	if _, err := journal.Verify(context.Background(), s.store); err != nil {
		t.Fatal(err)
	}
	if over := s.day.Results(); len(over) != games {
		t.Errorf("the day has %d games over, want %d", len(over), games)
	}
}

func TestDrive_PlaysADayThroughHTTP(t *testing.T) {
	const games = 2
	s := serve(t, games, 600, drive.Options{Players: 40, Cashiers: 3, Controllers: 2, Seed: 7})
	d := drive.New(s.plan, drive.Config{Base: s.base, Seed: 7})
	r, err := d.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r.Players != len(s.plan.Players) || r.Sales < r.Players || r.Admissions == 0 {
		t.Errorf("%d players served of %d, %d sales, %d admissions", r.Players, len(s.plan.Players), r.Sales, r.Admissions)
	}
	t.Logf("%d players, %d sales, %d admissions, %d draws, %d claims, %d awards, %d mistakes, in %s",
		r.Players, r.Sales, r.Admissions, r.Draws, r.Claims, r.Awards, r.Provoked, r.Took)
	checkDay(t, s, r, d.Acked(), games)
	for _, f := range r.Routes {
		if f.Count == 0 || f.Max < f.P99 || f.P99 < f.P50 {
			t.Errorf("route %s: figures out of order %+v", f.Route, f)
		}
	}
}

// losing is a transport that loses the answer of one act in every few:
// the server got the request and made the act, the device never hears
// of it, as when the Wi-Fi drops mid-sale.
type losing struct {
	next  http.RoundTripper
	every int64
	n     atomic.Int64
	lost  atomic.Int64
}

func (l *losing) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := l.next.RoundTrip(r)
	if err != nil || r.Header.Get("Idempotency-Key") == "" || l.n.Add(1)%l.every != 0 {
		return resp, err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	l.lost.Add(1)
	return nil, errors.New("connexion coupée après l'envoi")
}

func TestDrive_AnActWhoseAnswerIsLostIsMadeOnce(t *testing.T) {
	const games = 1
	s := serve(t, games, 300, drive.Options{Players: 25, Cashiers: 2, Controllers: 1, Seed: 3})
	tr := &losing{next: http.DefaultTransport, every: 4}
	d := drive.New(s.plan, drive.Config{Base: s.base, Seed: 3, Client: &http.Client{Transport: tr, Timeout: 10 * time.Second}})
	r, err := d.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if tr.lost.Load() < 10 {
		t.Fatalf("only %d answers lost: the test proves nothing", tr.lost.Load())
	}
	retries := 0
	for _, f := range r.Routes {
		retries += f.Retries
	}
	if retries != int(tr.lost.Load()) {
		t.Errorf("%d acts sent again, %d answers lost", retries, tr.lost.Load())
	}
	checkDay(t, s, r, d.Acked(), games)
}

// front is a server in front of another that counts the requests it
// passes on, by route: one of a hall's instances, as the driver sees it.
type front struct {
	url    string
	mu     sync.Mutex
	routes map[string]int
}

func newFront(t *testing.T, to string) *front {
	t.Helper()
	target, err := url.Parse(to)
	if err != nil {
		t.Fatal(err)
	}
	f := &front{routes: map[string]int{}}
	proxy := httputil.NewSingleHostReverseProxy(target)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.routes[r.Method+" "+drive.RoutePattern(r.URL.Path)]++
		f.mu.Unlock()
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	f.url = hs.URL
	return f
}

func (f *front) count(route string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.routes[route]
}

func TestDrive_SpreadsTheDesksOverTheInstances(t *testing.T) {
	const games = 1
	s := serve(t, games, 300, drive.Options{Players: 20, Cashiers: 4, Controllers: 1, Seed: 5})
	a, b := newFront(t, s.base), newFront(t, s.base)
	d := drive.New(s.plan, drive.Config{Base: a.url, Spread: []string{b.url}, Seed: 5})
	r, err := d.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	checkDay(t, s, r, d.Acked(), games)
	// Sales on both, the door on the other, the game on Base only.
	for _, c := range []struct {
		f     *front
		route string
		some  bool
	}{
		{a, "POST /api/v1/sales", true}, {b, "POST /api/v1/sales", true},
		{a, "POST /api/v1/desks/{desk}/open", true}, {b, "POST /api/v1/desks/{desk}/open", true},
		{b, "POST /api/v1/door", true}, {a, "POST /api/v1/door", false},
		{a, "POST /api/v1/game/draws", true}, {b, "POST /api/v1/game/draws", false},
		{a, "POST /api/v1/claims", true}, {b, "POST /api/v1/claims", false},
	} {
		if n := c.f.count(c.route); (n > 0) != c.some {
			name := "Base"
			if c.f == b {
				name = "the other"
			}
			t.Errorf("%s on %s: %d requests, want some: %v", c.route, name, n, c.some)
		}
	}
}
