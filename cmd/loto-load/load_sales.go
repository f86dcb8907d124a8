package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"loto/examples"
	"loto/internal/access"
	"loto/internal/cli"
	"loto/internal/eventfile"
	"loto/internal/journal"
	"loto/internal/journal/postgres"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
)

// maxCashiers bounds a measure of the sales: a hall has a few desks.
const maxCashiers = 200

// loadSeries is the series the measure sells, one card a sale, big enough
// for any run the bounds allow on this kind of machine.
const (
	loadSeries      = "A"
	loadSeriesCards = 300000
)

// salesLoad is what a measure of the sales found.
type salesLoad struct {
	Journal   string  `json:"journal"` // SQLite or PostgreSQL
	Cashiers  int     `json:"cashiers"`
	Sales     int     `json:"sales"`  // acknowledged with 200
	Errors    int     `json:"errors"` // refused, or no answer
	PerSecond float64 `json:"sales_per_second"`
	P50       int64   `json:"p50_us"` // from the request to its answer read, microseconds
	P99       int64   `json:"p99_us"`
	Max       int64   `json:"max_us"`
	// FirstError says why the first failed sale failed.
	FirstError string `json:"first_error,omitempty"`
}

// loadSales runs a server on a temporary SQLite day and N cashiers that
// sell one card each, paid in cash, through POST /api/v1/sales for a
// while, and reports the latency and the throughput.
func loadSales(fs *flags) action {
	fs.About = "Mesure sur cette machine seulement : un serveur sur une journée temporaire (SQLite, ou la base PostgreSQL vide que --db nomme) en 127.0.0.1, des caissiers appairés à ses caisses."
	cashiers := fs.Int("cashiers", 20, "`N` caissiers qui vendent en même temps, de 1 à "+strconv.Itoa(maxCashiers))
	duration, asJSON := fs.timed()
	return func(ctx context.Context, e *env) error {
		switch {
		case *cashiers < 1 || *cashiers > maxCashiers:
			return usagef("--cashiers : de 1 à %d caissiers", maxCashiers)
		case badDuration(*duration):
			return errDuration
		}
		pg := fs.db
		if pg != "" && !cli.IsPostgres(pg) {
			return usagef("--db : une base PostgreSQL vide (postgres://...) ; sans --db, la mesure se fait sur un fichier SQLite temporaire")
		}
		res, err := measureSalesHere(ctx, *cashiers, *duration, pg)
		if err != nil || *asJSON {
			return cli.OrJSON(e.stdout, res, err)
		}
		fmt.Fprintf(e.stdout, "ventes : %d caissiers pendant %s, %d ventes confirmées, %s ventes/s (journal %s)\n", res.Cashiers, *duration, res.Sales,
			frenchDecimal(strconv.FormatFloat(res.PerSecond, 'f', 0, 64)), res.Journal)
		if res.Sales > 0 {
			fmt.Fprintf(e.stdout, "de la requête à la réponse : %s\n", latency(res.P50, res.P99, res.Max))
		}
		fmt.Fprintf(e.stdout, "erreurs : %d\n", res.Errors)
		if res.FirstError != "" {
			fmt.Fprintf(e.stdout, "première erreur : %s\n", res.FirstError)
		}
		return nil
	}
}

// salesDay creates the example day on a new SQLite file, its first series
// enlarged to loadSeriesCards, and opens every regular desk; it returns
// their names.
func salesDay(ctx context.Context, path string) (day *loto.Day, book *access.Book, desks []string, closeDay func(), err error) {
	store, err := sqlite.Open(ctx, path, nil)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	return salesDayOn(ctx, store)
}

// salesDayOn is salesDay on an empty journal of any store; closeDay
// closes the store, as does a failure.
func salesDayOn(ctx context.Context, store journal.Store) (day *loto.Day, book *access.Book, desks []string, closeDay func(), err error) {
	day, book, err = access.Open(ctx, store, loto.Options{Clock: clock})
	if err == nil {
		var spec *loto.EventSpec
		if spec, _, err = eventfile.Parse(examples.MegaLoto); err == nil {
			spec.Series[0].Code, spec.Series[0].Cards = loadSeries, loadSeriesCards
			desks = regularDesks(spec)
			if _, err = day.CreateEvent(ctx, organiser, spec); err == nil {
				for _, d := range desks {
					if _, err = day.OpenDesk(ctx, organiser, d, 20000); err != nil {
						break
					}
				}
			}
		}
	}
	if err != nil {
		store.Close()
		return nil, nil, nil, nil, err
	}
	return day, book, desks, func() { store.Close() }, nil
}

// salesStore is the journal of a measure of the sales: a new SQLite file
// in dir, or the PostgreSQL database at pg, which must be empty (the
// measure records a day there).
func salesStore(ctx context.Context, dir, pg string) (journal.Store, error) {
	if pg == "" {
		return sqlite.Open(ctx, filepath.Join(dir, "load.db"), nil)
	}
	store, err := postgres.Open(ctx, pg, nil)
	if err != nil {
		return nil, fmt.Errorf("base PostgreSQL inaccessible : %w", err)
	}
	head, err := store.Head(ctx)
	if err == nil && head.Seq > 0 {
		err = fmt.Errorf("la base PostgreSQL n'est pas vide (%d événements) : la mesure y enregistre une journée, donner une base neuve", head.Seq)
	}
	if err != nil {
		store.Close()
		return nil, err
	}
	return store, nil
}

// regularDesks are the desks of the day that sell regular cards.
func regularDesks(spec *loto.EventSpec) []string {
	var out []string
	for _, d := range spec.Desks {
		if !d.Special {
			out = append(out, d.Name)
		}
	}
	return out
}

// measureSalesHere serves a temporary day on a loopback port, pairs n
// cashiers with its desks (in turn) and measures their sales for d.
func measureSalesHere(ctx context.Context, n int, d time.Duration, pg string) (salesLoad, error) {
	var desks []string
	a, err := serveTempDay(ctx, func(ctx context.Context, dir string) (day *loto.Day, book *access.Book, closeDay func(), err error) {
		store, err := salesStore(ctx, dir, pg)
		if err != nil {
			return nil, nil, nil, err
		}
		day, book, desks, closeDay, err = salesDayOn(ctx, store)
		return day, book, closeDay, err
	})
	if err != nil {
		return salesLoad{}, err
	}
	defer a.stop()
	tokens, err := a.pair(ctx, loto.RoleCashier, "caisse-mesure", n, func(i int) string { return desks[i%len(desks)] })
	if err != nil {
		return salesLoad{}, err
	}
	var next atomic.Int64 // the number of the next card to sell in the series
	serial := func() (string, error) {
		s, _, err := a.day.CardAt(loadSeries, int(next.Add(1)))
		return s, err
	}
	res := measureSales(ctx, a.base+"/api/v1/sales", tokens, serial, d)
	res.Journal = "SQLite"
	if pg != "" {
		res.Journal = "PostgreSQL"
	}
	return res, nil
}

// measureSales runs one cashier a token, each selling the cards serial
// gives it one by one until d is over, and sums their figures up.
func measureSales(ctx context.Context, url string, tokens []string, serial func() (string, error), d time.Duration) salesLoad {
	ctx, cancel := context.WithTimeout(ctx, d+30*time.Second)
	defer cancel()
	client, closeIdle := senders(len(tokens))
	defer closeIdle()
	var got tally
	start := time.Now()
	until := start.Add(d)
	var wg sync.WaitGroup
	for i, token := range tokens {
		wg.Go(func() {
			var mine []int64
			defer func() { got.add(mine) }()
			for k := 1; time.Now().Before(until) && ctx.Err() == nil; k++ {
				s, err := serial()
				if err != nil {
					got.fail(err.Error())
					return
				}
				took, err := sellOne(ctx, client, url, token, fmt.Sprintf("mesure-%d-%d", i+1, k), s)
				if err != nil {
					got.fail(err.Error())
					continue
				}
				mine = append(mine, took.Microseconds())
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	out := salesLoad{Cashiers: len(tokens), Sales: len(got.lat), Errors: got.errs, FirstError: got.firstErr,
		PerSecond: float64(len(got.lat)) / elapsed.Seconds()}
	out.P50, out.P99, out.Max = got.quantiles()
	return out
}

// sellOne sells one card in cash through the API and says how long the
// answer took, or why the sale failed.
func sellOne(ctx context.Context, client *http.Client, url, token, key, serial string) (time.Duration, error) {
	body, _ := json.Marshal(map[string]any{"cards": []string{serial}, "payments": []map[string]any{{"method": "cash", "cents": 1000}}})
	req, err := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	answer, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	took := time.Since(start)
	if err != nil {
		return 0, err
	}
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("vente %s : %s %s", serial, resp.Status, bytes.TrimSpace(answer))
	}
	return took, nil
}
