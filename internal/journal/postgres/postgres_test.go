package postgres

import (
	"context"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"loto/internal/journal"
	"loto/internal/journal/journaltest"
)

// testURL creates a fresh, empty database on the server named by
// LOTO_TEST_PG, drops it when the test ends, and returns its URL.
func testURL(t testing.TB) string { return journaltest.PostgresURL(t) }

// open opens a store on dbURL, closed when the test ends.
func open(t testing.TB, dbURL string) *Store {
	t.Helper()
	s, err := Open(context.Background(), dbURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestContract(t *testing.T) {
	t.Parallel()
	journaltest.Run(t, journaltest.Backend{
		Open: func(t *testing.T) journal.Store { return open(t, testURL(t)) },
		Exec: func(t *testing.T, s journal.Store, query string) {
			if _, err := s.(*Store).pool.Exec(context.Background(), query); err != nil {
				t.Fatalf("%s: %v", query, err)
			}
		},
	})
}

// TestOpenUnreachable checks that a server that is down, or one that never
// answers, gives a prompt error naming the host and the cause.
func TestOpenUnreachable(t *testing.T) {
	t.Parallel()
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	downAddr := closed.Addr().String()
	closed.Close() // nothing listens there any more: connection refused

	silent, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	var held []net.Conn // accepted, never answered: the startup message gets no reply
	var mu sync.Mutex
	go func() {
		for {
			c, err := silent.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			held = append(held, c)
			mu.Unlock()
		}
	}()
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range held {
			c.Close()
		}
	}()

	cases := []struct {
		name  string
		url   string
		wants []string
		max   time.Duration
	}{
		{"server down", "postgres://postgres@" + downAddr + "/loto?sslmode=disable",
			[]string{"connexion impossible", downAddr, "refused"}, 2 * time.Second},
		{"server silent, connect_timeout=1", "postgres://postgres@" + silent.Addr().String() + "/loto?sslmode=disable&connect_timeout=1",
			[]string{"connexion impossible", silent.Addr().String(), "timeout"}, 3 * time.Second},
		{"not a URL", "mysql://nobody@host/db", []string{"URL invalide"}, time.Second},
		{"bad port", "postgres://postgres@127.0.0.1:notaport/db", []string{"URL invalide"}, time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			s, err := Open(context.Background(), tc.url, nil)
			took := time.Since(start)
			if err == nil {
				s.Close()
				t.Fatal("Open succeeded")
			}
			for _, w := range tc.wants {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
			if took > tc.max {
				t.Errorf("Open took %v to fail, want under %v", took, tc.max)
			}
		})
	}
}

func TestConfigDefaults(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		url      string
		timeout  time.Duration
		maxConns int32
	}{
		{"defaults", "postgres://u@h/db", defaultConnectTimeout, defaultMaxConns},
		{"URL settings win", "postgres://u@h/db?connect_timeout=2&pool_max_conns=3", 2 * time.Second, 3},
		{"room for a turn and a read", "postgres://u@h/db?pool_max_conns=1", defaultConnectTimeout, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := config(tc.url)
			if err != nil {
				t.Fatal(err)
			}
			if cfg.ConnConfig.ConnectTimeout != tc.timeout || cfg.MaxConns != tc.maxConns {
				t.Errorf("timeout %v, max conns %d; want %v, %d",
					cfg.ConnConfig.ConnectTimeout, cfg.MaxConns, tc.timeout, tc.maxConns)
			}
			if got := cfg.ConnConfig.RuntimeParams["synchronous_commit"]; got != "on" {
				t.Errorf("synchronous_commit = %q, want on", got)
			}
		})
	}
}

// TestMigrateConcurrently opens one fresh database from several stores at
// once: the advisory lock makes them take turns, each migration runs once.
func TestMigrateConcurrently(t *testing.T) {
	t.Parallel()
	dbURL := testURL(t)
	const n = 4
	errs := make(chan error, n)
	for range n {
		go func() {
			s, err := Open(context.Background(), dbURL, nil)
			if err == nil {
				s.Close()
			}
			errs <- err
		}()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	s := open(t, dbURL)
	names, _ := migrations.ReadDir("migration")
	var applied int
	if err := s.pool.QueryRow(context.Background(), `SELECT count(*) FROM schema_migrations`).Scan(&applied); err != nil {
		t.Fatal(err)
	}
	if applied != len(names) {
		t.Fatalf("%d migrations recorded, want %d", applied, len(names))
	}
}

// TestTimeKeepsMicroseconds checks that a clock with nanoseconds and a zone
// is stored at microseconds in UTC, so the event re-hashes after reading.
func TestTimeKeepsMicroseconds(t *testing.T) {
	t.Parallel()
	paris := time.FixedZone("CET", 3600)
	at := time.Date(2025, 3, 9, 14, 30, 0, 123456789, paris)
	s, err := Open(context.Background(), testURL(t), func() time.Time { return at })
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	evs, err := s.Append(context.Background(), 0, journaltest.Draft("t", 1))
	if err != nil {
		t.Fatal(err)
	}
	want := time.Date(2025, 3, 9, 13, 30, 0, 123456000, time.UTC)
	got := journaltest.All(t, s)[0]
	if !evs[0].Time.Equal(want) || !got.Time.Equal(want) || got.Time.Location() != time.UTC {
		t.Fatalf("appended %v, read back %v; want %v", evs[0].Time, got.Time, want)
	}
	if journal.Chain(journal.Genesis, got) != evs[0].Hash {
		t.Fatal("event read back does not re-hash to its appended hash")
	}
}

func TestNextBackoff(t *testing.T) {
	t.Parallel()
	var got []time.Duration
	for d := minBackoff; len(got) < 8; d = nextBackoff(d) {
		got = append(got, d)
	}
	want := []time.Duration{100, 200, 400, 800, 1600, 3200, 5000, 5000}
	for i := range want {
		if got[i] != want[i]*time.Millisecond {
			t.Fatalf("backoff steps %v, want %v ms", got, want)
		}
	}
}
