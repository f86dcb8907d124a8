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
	"time"

	"loto/internal/access"
	"loto/internal/cli"
	"loto/internal/loto"
)

// The bounds of a measure of the claims.
const (
	maxClaimRate    = 5000
	maxClaimWorkers = 500
	claimCards      = 600 // cards sold before the game, claimed in turn
)

// claimsLoad is what a measure of the claims found.
type claimsLoad struct {
	Rate    int     `json:"rate"`   // claims asked per second
	Claims  int     `json:"claims"` // acknowledged with 200
	Errors  int     `json:"errors"` // refused, or no answer
	Late    int     `json:"late"`   // not sent within 1 ms of their time: every sender was busy
	PerSec  float64 `json:"claims_per_second"`
	P50     int64   `json:"p50_us"` // from the claim's due time to its answer read, microseconds
	P99     int64   `json:"p99_us"`
	Max     int64   `json:"max_us"`
	Control int64   `json:"control_us"` // the control that judged them all, through HTTP
	Judged  int     `json:"judged"`     // verdicts the control gave
	// FirstError says why the first failed claim failed.
	FirstError string `json:"first_error,omitempty"`
}

// loadClaims serves a temporary day whose game has drawn numbers and has
// controllers register claims through POST /api/v1/claims at a set rate,
// each a durable append; then the host opens the control, which judges
// them all.
func loadClaims(fs *flags) action {
	fs.About = "Mesure sur cette machine seulement : un serveur sur une journée temporaire (SQLite) en 127.0.0.1, une partie en cours, des contrôleurs appairés ; --db ne sert pas."
	rate := fs.Int("rate", 1000, "`N` annonces par seconde, de 1 à "+strconv.Itoa(maxClaimRate))
	duration, asJSON := fs.timed()
	workers := fs.Int("workers", 64, "`N` requêtes en cours au plus, de 1 à "+strconv.Itoa(maxClaimWorkers))
	return func(ctx context.Context, e *env) error {
		switch {
		case *rate < 1 || *rate > maxClaimRate:
			return usagef("--rate : de 1 à %d annonces par seconde", maxClaimRate)
		case badDuration(*duration):
			return errDuration
		case *workers < 1 || *workers > maxClaimWorkers:
			return usagef("--workers : de 1 à %d", maxClaimWorkers)
		}
		res, err := measureClaimsHere(ctx, *rate, *workers, *duration)
		if err != nil || *asJSON {
			return cli.OrJSON(e.stdout, res, err)
		}
		fmt.Fprintf(e.stdout, "annonces : %d par seconde demandées pendant %s, %d confirmées, %s par seconde\n", res.Rate, *duration, res.Claims,
			frenchDecimal(strconv.FormatFloat(res.PerSec, 'f', 0, 64)))
		if res.Claims > 0 {
			fmt.Fprintf(e.stdout, "de l'heure prévue à la réponse : %s\n", latency(res.P50, res.P99, res.Max))
		}
		fmt.Fprintf(e.stdout, "annonces parties en retard sur leur heure (tous les envois occupés) : %d ; erreurs : %d\n", res.Late, res.Errors)
		if res.FirstError != "" {
			fmt.Fprintf(e.stdout, "première erreur : %s\n", res.FirstError)
		}
		fmt.Fprintf(e.stdout, "contrôle : %d annonces jugées en %s\n", res.Judged, millis(res.Control))
		return nil
	}
}

// claimsDay creates the example day on a new SQLite file, sells its first
// cards (plates of 6, by bank card), starts the first game and draws 30
// numbers; it returns the day, its access control and the serials sold.
func claimsDay(ctx context.Context, path string) (*loto.Day, *access.Book, []string, func(), error) {
	day, book, desks, closeDay, err := salesDay(ctx, path)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	cashier := loto.Actor{Name: "mesure", Role: loto.RoleCashier, Desk: desks[0]}
	var sold []string
	for n := 1; n <= claimCards && err == nil; n += 6 {
		var texts []string
		for k := n; k < n+6; k++ {
			s, _, cerr := day.CardAt(loadSeries, k)
			if cerr != nil {
				err = cerr
				break
			}
			texts = append(texts, s)
		}
		var codes []loto.CardCode
		if codes, err = loto.ParseCardCodes(texts); err == nil {
			_, err = day.Sell(loto.WithKey(ctx, loto.Key(fmt.Sprintf("mesure-vente-%d", n))), cashier, loto.SaleRequest{Desk: desks[0], Cards: codes,
				Payments: []loto.Payment{{Method: loto.BankCard, Cents: 2000}}})
		}
		sold = append(sold, texts...)
	}
	if err == nil {
		_, err = day.StartGame(ctx, loadHost)
	}
	for range 30 {
		if err != nil {
			break
		}
		_, err = day.Draw(ctx, loadHost, 0)
	}
	if err != nil {
		closeDay()
		return nil, nil, nil, nil, err
	}
	return day, book, sold, closeDay, nil
}

// measureClaimsHere serves the claims' day on a loopback port, pairs a
// controller per worker and the host, and measures.
func measureClaimsHere(ctx context.Context, rate, workers int, d time.Duration) (claimsLoad, error) {
	var sold []string
	a, err := serveTempDay(ctx, func(ctx context.Context, dir string) (day *loto.Day, book *access.Book, closeDay func(), err error) {
		day, book, sold, closeDay, err = claimsDay(ctx, filepath.Join(dir, "load.db"))
		return day, book, closeDay, err
	})
	if err != nil {
		return claimsLoad{}, err
	}
	defer a.stop()
	tokens, err := a.pair(ctx, loto.RoleController, "controle-mesure", workers, nil)
	if err != nil {
		return claimsLoad{}, err
	}
	host, err := a.book.AddDevice(ctx, organiser, "meneur-mesure", loto.RoleHost, "")
	if err != nil {
		return claimsLoad{}, err
	}
	res := measureClaims(ctx, a.base, tokens, sold, rate, d)
	start := time.Now()
	var ctl loto.ControlResult
	if err := postJSON(ctx, http.DefaultClient, a.base+"/api/v1/game/control", host.Token, "mesure-controle", struct{}{}, &ctl); err != nil {
		return res, fmt.Errorf("contrôle des annonces : %w", err)
	}
	res.Control, res.Judged = time.Since(start).Microseconds(), len(ctl.Verdicts)
	return res, nil
}

// measureClaims sends a claim every 1/rate for d, each by the next free
// sender with its controller's token, of a card sold in turn, and sums
// their figures up. A claim's latency runs from its due time, so that a
// server that falls behind shows in it even when every sender waits.
func measureClaims(ctx context.Context, base string, tokens, serials []string, rate int, d time.Duration) claimsLoad {
	ctx, cancel := context.WithTimeout(ctx, d+30*time.Second)
	defer cancel()
	client, closeIdle := senders(len(tokens))
	defer closeIdle()
	type job struct {
		n  int
		at time.Time
	}
	jobs := make(chan job)
	var (
		got  tally
		late int
		wg   sync.WaitGroup
	)
	for i, token := range tokens {
		wg.Go(func() {
			var mine []int64
			defer func() { got.add(mine) }()
			for j := range jobs {
				err := postJSON(ctx, client, base+"/api/v1/claims", token, fmt.Sprintf("mesure-annonce-%d-%d", i, j.n),
					map[string]string{"serial": serials[j.n%len(serials)]}, nil)
				if err != nil {
					got.fail(err.Error())
					continue
				}
				mine = append(mine, time.Since(j.at).Microseconds())
			}
		})
	}
	interval := time.Second / time.Duration(rate)
	start := time.Now()
	for n := 0; ; n++ {
		at := start.Add(time.Duration(n) * interval)
		if at.Sub(start) >= d || ctx.Err() != nil {
			break
		}
		time.Sleep(time.Until(at))
		jobs <- job{n, at}
		if time.Since(at) > time.Millisecond {
			late++
		}
	}
	close(jobs)
	wg.Wait()
	elapsed := time.Since(start)
	out := claimsLoad{Rate: rate, Claims: len(got.lat), Errors: got.errs, Late: late, FirstError: got.firstErr,
		PerSec: float64(len(got.lat)) / elapsed.Seconds()}
	out.P50, out.P99, out.Max = got.quantiles()
	return out
}

// postJSON posts body as JSON with the device's token and an
// Idempotency-Key, and reads a 200's answer into out (when not nil).
func postJSON(ctx context.Context, client *http.Client, url, token, key string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	answer, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s : %s %s", url, resp.Status, bytes.TrimSpace(answer))
	}
	if out != nil {
		return json.Unmarshal(answer, out)
	}
	return nil
}
