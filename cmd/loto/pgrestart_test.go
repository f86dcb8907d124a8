package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"loto/internal/journal/journaltest"
)

// recoverWithin bounds the time instances take to acknowledge acts again
// once PostgreSQL is back: the pool reconnects at the next request, the
// listener within its longest backoff (5 s).
const recoverWithin = 15 * time.Second

// TestInstances_PostgreSQLRestartedUnderLoad: two real servers on one
// PostgreSQL of the test's own, both desks selling and the host drawing,
// when PostgreSQL stops at once (pg_ctl -m immediate, a crash) and starts
// again. Each act is retried with its idempotency key until
// acknowledged, as the desk's queue does. The instances recover by
// themselves: both acknowledge sales within recoverWithin of the restart,
// and the live clients of both get the draws made after it (the
// instances' listeners reconnected). Every acknowledged sale and draw is
// in the journal once, and the chain verifies.
func TestInstances_PostgreSQLRestartedUnderLoad(t *testing.T) {
	t.Parallel()
	pg := journaltest.StartCluster(t)
	day, store, cashiers, host := instancesDay(t, pg.URL)
	a, b := startBinary(t, pg.URL), startBinary(t, pg.URL)
	lives := map[string]*live{"A": openLive(t, a.url, true), "B": openLive(t, b.url, true)}
	client := &http.Client{Timeout: 5 * time.Second}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()

	// until retries one act with its key until it is acknowledged, and
	// returns when; false when the run ended first.
	// Meanwhile an act is refused with a 503 "unavailable" that says in
	// French to retry (PostgreSQL away, or the journal too busy right after
	// its restart), never an internal error.
	var refused atomic.Int64
	var unclear sync.Map // answers other than that 503
	until := func(url, token, key, body string) (time.Time, bool) {
		for ctx.Err() == nil {
			ans := post(t, client, url, token, key, body)
			if ans.code == http.StatusOK {
				return time.Now(), true
			}
			refused.Add(1)
			if ans.code != http.StatusServiceUnavailable || !strings.Contains(string(ans.body), `"code":"unavailable"`) ||
				!strings.Contains(string(ans.body), "réessayer dans un moment") && !strings.Contains(string(ans.body), "refaire la même demande dans un instant") {
				unclear.Store(ans.String(), true)
			}
			time.Sleep(100 * time.Millisecond)
		}
		return time.Time{}, false
	}
	var (
		mu       sync.Mutex
		acked    = map[string]int{} // serial → acknowledged sales of it
		lastSale [2]time.Time       // each instance's latest acknowledged sale
		draws    atomic.Int64
	)
	var wg sync.WaitGroup
	for i, base := range []string{a.url, b.url} {
		wg.Go(func() {
			for k := 1; ctx.Err() == nil; k++ {
				s, _, err := day.CardAt("A", i*3000+k)
				if err != nil {
					t.Error(err)
					return
				}
				at, ok := until(base+"api/v1/sales", cashiers[i], fmt.Sprintf("vente-%d-%d", i, k), saleBody(s))
				if !ok {
					return // never acknowledged: the desk would still hold it in its queue
				}
				mu.Lock()
				acked[s]++
				lastSale[i] = at
				mu.Unlock()
			}
		})
	}
	if _, ok := until(a.url+"api/v1/game/start", host, "partie", "{}"); !ok {
		t.Fatal("game start")
	}
	wg.Go(func() {
		for n := 1; n <= 80 && ctx.Err() == nil; n++ {
			if _, ok := until(a.url+"api/v1/game/draws", host, fmt.Sprintf("tirage-%d", n), "{}"); !ok {
				return
			}
			draws.Add(1)
			time.Sleep(150 * time.Millisecond)
		}
	})

	time.Sleep(2 * time.Second) // the load runs
	pg.Crash()
	time.Sleep(time.Second)
	pg.Start()
	restarted := time.Now()
	drawsBefore := draws.Load()
	for {
		mu.Lock()
		recovered := lastSale[0].After(restarted) && lastSale[1].After(restarted)
		mu.Unlock()
		if recovered && draws.Load() >= drawsBefore+5 {
			break
		}
		if time.Since(restarted) > recoverWithin {
			t.Fatalf("%s after PostgreSQL's restart the instances acknowledge no sale or draw (last sales %v, draws %d then %d)\nA: %s\nB: %s",
				recoverWithin, lastSale, drawsBefore, draws.Load(), a.stderr, b.stderr)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("both instances acknowledged sales again %s after PostgreSQL's restart (%d refusals meanwhile, retried)",
		time.Since(restarted).Round(time.Millisecond), refused.Load())
	time.Sleep(500 * time.Millisecond) // the load goes on a little after the recovery
	stop()
	wg.Wait()
	time.Sleep(300 * time.Millisecond) // the last changes reach the clients
	unclear.Range(func(k, _ any) bool {
		t.Errorf("while PostgreSQL restarted, an act was answered %s", k)
		return true
	})

	// Nothing acknowledged is lost, nothing is there twice.
	recorded := soldOnce(t, day, acked)
	journalDraws := drawEvents(t, store)
	if len(recorded) != len(acked) || int64(len(journalDraws)) != draws.Load() {
		t.Errorf("recorded %d cards sold and %d draws, acknowledged %d and %d", len(recorded), len(journalDraws), len(acked), draws.Load())
	}
	// The draws after the restart reached the live clients of both instances.
	after := journalDraws[drawsBefore:]
	for name, l := range lives {
		if got, missing := l.delays(after); len(missing) > 0 {
			t.Errorf("live client of %s missed the draws %v after the restart", name, missing)
		} else {
			t.Logf("live client of %s: %d draws after the restart, the slowest %s from its append", name, len(got), percentile(got, 1))
		}
	}
	if code, out, errs := run(t, "journal", "verify", "--db", pg.URL); code != 0 {
		t.Fatalf("journal verify: %s %s", out, errs)
	}
}
