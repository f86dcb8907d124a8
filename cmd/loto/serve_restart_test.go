package main

import (
	"context"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"loto/examples"
	"loto/internal/eventfile"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
)

// restartEvents is the journal's length the restart is measured with.
const restartEvents = 20000

// TestServe_AnswersAgainAfterKillWith20000Events measures the restart of
// the real binary after a kill -9 on a journal of 20,000 events (sales
// through the domain): the time from the process's start to the first
// answer of GET /api/v1/status. It logs the figure and asserts only that
// the restarted server answers; the time depends on the machine
// (docs/benchmarks.md).
func TestServe_AnswersAgainAfterKillWith20000Events(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "loto.db")
	day, desk, closeDay := restartDay(t, db)
	for n := 1; day.Head() < restartEvents; n++ {
		serial, _, err := day.CardAt(restartSeries, n)
		if err != nil {
			t.Fatal(err)
		}
		codes, err := loto.ParseCardCodes([]string{serial})
		if err != nil {
			t.Fatal(err)
		}
		req := loto.SaleRequest{Desk: desk, Cards: codes, Payments: []loto.Payment{{Method: loto.Cash, Cents: 1000}}}
		if _, err := day.Sell(loto.WithKey(ctx, loto.Key(fmt.Sprintf("vente-%d", n))), organiser, req); err != nil {
			t.Fatal(err)
		}
	}
	closeDay()

	first, took := startAnswering(t, bin, db)
	t.Logf("first start on %d events: status answered after %s", restartEvents, took)
	if err := first.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	first.Wait()
	_, took = startAnswering(t, bin, db)
	t.Logf("after kill -9 on %d events: status answered after %s", restartEvents, took)
}

// restartSeries is the series the restart's journal sells, one card a
// sale: the example's first, enlarged to hold a sale per event.
const restartSeries = "A"

// restartDay creates the example day on a new SQLite file, its first
// series enlarged to restartEvents cards, and opens its first regular desk.
func restartDay(t *testing.T, path string) (day *loto.Day, desk string, closeDay func()) {
	t.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if day, err = loto.OpenWith(ctx, store, loto.Options{Clock: clock}); err != nil {
		t.Fatal(err)
	}
	spec, _, err := eventfile.Parse(examples.MegaLoto)
	if err != nil {
		t.Fatal(err)
	}
	spec.Series[0].Code, spec.Series[0].Cards = restartSeries, restartEvents
	for _, d := range spec.Desks {
		if !d.Special {
			desk = d.Name
			break
		}
	}
	if _, err := day.CreateEvent(ctx, organiser, spec); err != nil {
		t.Fatal(err)
	}
	if _, err := day.OpenDesk(ctx, organiser, desk, 20000); err != nil {
		t.Fatal(err)
	}
	return day, desk, func() { store.Close() }
}

// startAnswering starts `loto serve` on db and port 0, and returns it
// with the time from its start to the first 200 of GET /api/v1/status.
func startAnswering(t *testing.T, bin, db string) (*exec.Cmd, time.Duration) {
	t.Helper()
	out := &syncBuffer{}
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db)
	cmd.Stdout, cmd.Stderr = out, out
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	client := &http.Client{Timeout: time.Second}
	for deadline := start.Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		m := listening.FindStringSubmatch(out.String())
		if m == nil {
			continue
		}
		resp, err := client.Get(m[1] + "api/v1/status")
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return cmd, time.Since(start)
		}
	}
	t.Fatalf("status never answered: %s", out)
	return nil, 0
}
