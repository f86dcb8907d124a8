package main

import (
	"context"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"loto/internal/access"
	"loto/internal/drive"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
)

// crashKillsEnv names the number of SIGKILLs of the crash test: 50 by
// default, a short day that runs in CI; more (e.g. 500) for a longer run,
// on a day made longer in proportion.
const crashKillsEnv = "LOTO_CRASH_KILLS"

// crashPassword is the organiser's password on the crash test's day.
const crashPassword = "mot-de-passe-de-la-panne"

// crashKills is the number of kills asked by crashKillsEnv.
func crashKills(t *testing.T) int {
	t.Helper()
	v := os.Getenv(crashKillsEnv)
	if v == "" {
		return 50
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: a number of kills, at least 1", crashKillsEnv, v)
	}
	return n
}

// prepareCrashDay records the example day cut to games games on a new
// SQLite file at db, with the organiser's password, and the plan of
// players players driven through HTTP (drive.Prepare pairs the devices
// and records the reservations).
func prepareCrashDay(t *testing.T, db string, games, players int, seed int64) *drive.Plan {
	t.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(ctx, db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	day, book, err := access.Open(ctx, store, loto.Options{})
	if err != nil {
		t.Fatal(err)
	}
	spec, err := drive.Example(games, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := day.CreateEvent(ctx, organiser, spec); err != nil {
		t.Fatal(err)
	}
	if err := book.SetOrganiserPassword(ctx, organiser, crashPassword); err != nil {
		t.Fatal(err)
	}
	plan, err := drive.Prepare(ctx, day, book, drive.Options{Players: players, Cashiers: 3, Controllers: 2, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return plan
}

// victim is the real binary's `loto serve` the crash test kills and
// starts again, on one database, each time on a new loopback port.
type victim struct {
	t  *testing.T
	db string

	mu   sync.Mutex
	cmd  *exec.Cmd
	out  *syncBuffer
	done chan struct{}
}

// start starts the server; address tells its address once it prints it.
func (v *victim) start() (address <-chan string) {
	v.t.Helper()
	cmd := exec.Command(buildBinary(v.t), "serve", "--addr", "127.0.0.1:0", "--db", v.db)
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		v.t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	v.mu.Lock()
	v.cmd, v.out, v.done = cmd, out, done
	v.mu.Unlock()
	url := make(chan string, 1)
	go func() {
		for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
			if m := listening.FindStringSubmatch(out.String()); m != nil {
				url <- m[1]
				return
			}
			select {
			case <-done:
				return
			default:
			}
		}
	}()
	return url
}

// kill kills the server with SIGKILL and waits for it to be gone.
func (v *victim) kill() {
	v.mu.Lock()
	cmd, done := v.cmd, v.done
	v.mu.Unlock()
	cmd.Process.Kill()
	<-done
}

// stop stops the server with SIGTERM, the way it stops cleanly.
func (v *victim) stop() {
	v.mu.Lock()
	cmd, done := v.cmd, v.done
	v.mu.Unlock()
	cmd.Process.Signal(os.Interrupt)
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		v.t.Errorf("the server did not stop: %s", v.out)
		v.kill()
	}
}

// trigger is the driver's transport: it sends every request to the
// server's address of the moment (each start takes a new port), counts
// the writes the driver sends and, at the one the killer chose, tells the
// killer while the request is on its way, so that kills fall in the
// middle of acts.
type trigger struct {
	next   http.RoundTripper
	addr   atomic.Pointer[string] // the server's host:port now
	writes atomic.Int64
	at     atomic.Int64 // the write that fires; 0 for none
	fire   chan string  // the route of the write that fired
}

func (tr *trigger) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Header.Get("Idempotency-Key") != "" {
		if n := tr.writes.Add(1); n == tr.at.Load() {
			select {
			case tr.fire <- r.Method + " " + drive.RoutePattern(r.URL.Path):
			default:
			}
		}
	}
	r = r.Clone(r.Context())
	r.URL.Host = *tr.addr.Load()
	r.Host = r.URL.Host
	return tr.next.RoundTrip(r)
}

// moveTo points the driver's requests at the server started at base.
func (tr *trigger) moveTo(base string) {
	host := strings.TrimSuffix(strings.TrimPrefix(base, "http://"), "/")
	tr.addr.Store(&host)
}

// TestServe_SurvivesSIGKILLsDuringADrivenDay: the real
// binary serves a short day that internal/drive plays through HTTP (the
// door, three cashiers and the special desk, the host's draws, the
// controllers' calls and controls, the awards, the breaks) and is killed
// with SIGKILL at least 50 times (LOTO_CRASH_KILLS for more) at random
// moments: mostly while one of the driver's writes is on its way, now and
// then while the restarted server is still starting. Each time it is
// started again and the driver, sending its acts again with their keys,
// goes on. At the end the day is whole: every act the server
// acknowledged is in the journal under its key, exactly the acknowledged
// ones and each once, each receipt's anchor verifies, the chain and the
// secrets verify, the SQLite file is sound, and the last served server's
// status and day report are byte for byte those of a fresh replay.
func TestServe_SurvivesSIGKILLsDuringADrivenDay(t *testing.T) {
	t.Parallel()
	kills := crashKills(t)
	// About 5 writes between two kills: a day of about 6 writes a player.
	players, games := max(60, kills*6/5), min(3+kills/100, 12)
	db := filepath.Join(t.TempDir(), "loto.db")
	const seed = 11
	plan := prepareCrashDay(t, db, games, players, seed)
	rng := rand.New(rand.NewPCG(seed, 0x6b696c6c))

	v := &victim{t: t, db: db}
	base := <-v.start()
	if base == "" {
		t.Fatalf("the server never listened: %s", v.out)
	}
	t.Cleanup(v.kill)
	tr := &trigger{next: &http.Transport{MaxIdleConnsPerHost: 16, DisableCompression: true}, fire: make(chan string, 1)}
	gap := func() int64 { return 1 + rng.Int64N(8) } // the writes until the next kill
	tr.at.Store(gap())
	tr.moveTo(base)
	cur := base[:len(base)-1] // the server's address, without its last slash
	d := drive.New(plan, drive.Config{Base: cur, Seed: seed, Retry: 2 * time.Minute,
		Client: &http.Client{Transport: tr, Timeout: 20 * time.Second}})

	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	type result struct {
		r   drive.Report
		err error
	}
	ran := make(chan result, 1)
	go func() {
		r, err := d.Run(ctx)
		ran <- result{r, err}
	}()

	var killed, whileStarting int
	var res result
	var startedIn []time.Duration
	during := map[string]int{} // kills by the route of the write on its way
loop:
	for {
		select {
		case res = <-ran:
			break loop
		case route := <-tr.fire:
			during[route]++
		}
		// Now or in a few milliseconds: before, during or after the append.
		time.Sleep(time.Duration(rng.Int64N(int64(3 * time.Millisecond))))
		v.kill()
		killed++
		if rng.IntN(6) == 0 {
			// Killed again while it starts: opening the file, replaying the journal.
			v.start()
			time.Sleep(time.Duration(rng.Int64N(int64(80 * time.Millisecond))))
			v.kill()
			killed++
			whileStarting++
		}
		start := time.Now()
		url := <-v.start()
		if url == "" {
			t.Fatalf("after %d kills the server never listened again: %s", killed, v.out)
		}
		startedIn = append(startedIn, time.Since(start))
		cur = url[:len(url)-1]
		tr.moveTo(url)
		select {
		case <-tr.fire: // fired by a write to the server now dead
		default:
		}
		tr.at.Store(tr.writes.Load() + gap())
	}
	if res.err != nil {
		t.Fatalf("the driven day stopped after %d kills: %v", killed, res.err)
	}
	r := res.r
	t.Logf("%d kills (%d while starting) during a day of %d players, %d games: %d sales, %d admissions, %d draws, %d claims, %d awards, %d writes, in %s; restarts took %s at most",
		killed, whileStarting, r.Players, games, r.Sales, r.Admissions, r.Draws, r.Claims, r.Awards, tr.writes.Load(), r.Took.Round(time.Millisecond), slowest(startedIn))
	t.Logf("kills by the write on its way: %v", during)
	if killed < kills {
		t.Fatalf("the day ended after %d kills, want at least %d: make the day longer", killed, kills)
	}
	if r.Errors != 0 {
		t.Fatalf("%d acts went wrong, the first: %s", r.Errors, r.FirstError)
	}
	// Most writes are sales and draws: kills fell on both, whatever the seed.
	if during["POST /api/v1/sales"] == 0 || during["POST /api/v1/game/draws"] == 0 {
		t.Fatalf("no kill during a sale or during a draw: %v", during)
	}
	if r.Games != games || r.Awards < games {
		t.Fatalf("%d games played to their end and %d awards, want %d games", r.Games, r.Awards, games)
	}
	served := servedViews(t, cur, nil)
	v.stop()
	checkCrashDay(t, db, d.Acked(), r, served)
}

// slowest is the longest of durations.
func slowest(ds []time.Duration) time.Duration {
	var m time.Duration
	for _, d := range ds {
		m = max(m, d)
	}
	return m.Round(time.Millisecond)
}
