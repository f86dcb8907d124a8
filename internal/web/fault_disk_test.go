package web

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/routers/legacy"

	"loto/examples"
	"loto/internal/eventfile"
	"loto/internal/journal"
	"loto/internal/journal/journaltest"
	"loto/internal/journal/sqlite"
	"loto/internal/loto"
)

// TestSale_DiskFullOnSQLiteIsAClearErrorThenResumes: the
// served day's SQLite file is on a small disk that fills up during the
// sales. The sale the disk refuses is answered 503 with a French message
// saying the disk is full and nothing is recorded (documented); nothing of
// it is written (the journal's head, chain and file as before, the day's
// state unchanged); the server still serves reads (the status, the desk,
// a quote, the board); once space returns the same sale with the same key
// is recorded once, and the next ones too; a fresh replay of the file
// gives the served day.
func TestSale_DiskFullOnSQLiteIsAClearErrorThenResumes(t *testing.T) {
	t.Parallel()
	dir := journaltest.SmallDisk(t, 4<<20)
	spec, _, err := eventfile.Parse(examples.MegaLoto)
	if err != nil {
		t.Fatal(err)
	}
	f := setUpAt(t, Config{}, true, spec, filepath.Join(dir, "loto.db"))
	f.openDesk()
	router, err := legacy.NewRouter(servedDoc(t, f))
	if err != nil {
		t.Fatal(err)
	}
	v := &validator{t: t, f: f, router: router}
	cashier := f.bearerOf(loto.RoleCashier)
	sell := func(n int) *httpResult {
		body := `{"cards":["` + f.serial(n) + `"],"payments":[{"method":"cash","cents":500}]}`
		w := v.do("POST", "/api/v1/sales", body, cashier, withHeader("Idempotency-Key", fmt.Sprintf("vente-%d", n)))
		return &httpResult{code: w.Code, body: w.Body.String(), retryAfter: w.Header().Get("Retry-After")}
	}
	for n := 1; n <= 3; n++ {
		if r := sell(n); r.code != http.StatusOK {
			t.Fatalf("sale %d on a disk with room: %d %s", n, r.code, r.body)
		}
	}

	free := journaltest.FillDisk(t, dir)
	// SQLite's files may hold room for a few more sales: the desk sells
	// until the disk refuses one.
	n, refused := 4, (*httpResult)(nil)
	for ; n < 2000; n++ {
		if r := sell(n); r.code != http.StatusOK {
			refused = r
			break
		}
	}
	if refused == nil {
		t.Fatal("2,000 sales on a full disk, none refused")
	}
	if refused.code != http.StatusServiceUnavailable || !strings.Contains(refused.body, `"code":"unavailable"`) ||
		!strings.Contains(refused.body, "le disque du serveur est plein : rien n'est enregistré") || refused.retryAfter == "" {
		t.Fatalf("the sale the full disk refused: %d %s (Retry-After %q), want 503 saying the disk is full", refused.code, refused.body, refused.retryAfter)
	}
	acked := n - 1
	check := func(when string) {
		t.Helper()
		h, err := journal.Verify(context.Background(), f.store)
		if err != nil || h.Seq != f.day.Head() || len(f.day.Sales()) != acked {
			t.Fatalf("%s: the journal verifies to %d (%v), the day is at %d with %d sales, want %d sales acknowledged, all applied",
				when, h.Seq, err, f.day.Head(), len(f.day.Sales()), acked)
		}
		if _, err := f.store.ByKey(context.Background(), fmt.Sprintf("vente-%d", n)); err == nil {
			t.Fatalf("%s: the refused sale's key is in the journal", when)
		}
	}
	check("after the refusal")
	// Reads are served on the full disk.
	for _, path := range []string{"/api/v1/status", "/api/v1/desks/caisse-1", "/api/v1/sales/quote?card=" + f.serial(n)} {
		if w := v.do("GET", path, "", cashier); w.Code != http.StatusOK {
			t.Fatalf("GET %s on the full disk: %d %s", path, w.Code, w.Body)
		}
	}
	if w := f.do("GET", "/", ""); w.Code != http.StatusOK {
		t.Fatalf("the start page on the full disk: %d", w.Code)
	}
	// The desk retrying, still full: refused the same, nothing written.
	if r := sell(n); r.code != http.StatusServiceUnavailable {
		t.Fatalf("the retry on the full disk: %d %s", r.code, r.body)
	}
	check("after the retry on the full disk")

	free()
	if r := sell(n); r.code != http.StatusOK || !strings.Contains(r.body, fmt.Sprintf(`"sale":%d`, n)) {
		t.Fatalf("the same sale once space returned: %d %s", r.code, r.body)
	}
	if r := sell(n); r.code != http.StatusOK || !strings.Contains(r.body, fmt.Sprintf(`"sale":%d`, n)) {
		t.Fatalf("its retry: %d %s, want the same sale", r.code, r.body)
	}
	if r := sell(n + 1); r.code != http.StatusOK {
		t.Fatalf("the next sale: %d %s", r.code, r.body)
	}
	acked, n = n+1, n+2
	check("once space returned")

	db, err := sql.Open("sqlite", filepath.Join(dir, "loto.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var sound string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&sound); err != nil || sound != "ok" {
		t.Fatalf("the SQLite file's integrity check: %q %v", sound, err)
	}
	// A fresh replay of the file is the served day.
	store, err := sqlite.Open(context.Background(), filepath.Join(dir, "loto.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	replay, err := loto.Open(context.Background(), store)
	if err != nil {
		t.Fatal(err)
	}
	if replay.Head() != f.day.Head() || fmt.Sprint(replay.Sales()) != fmt.Sprint(f.day.Sales()) {
		t.Fatalf("a fresh replay has %d events and %d sales, the served day %d and %d", replay.Head(), len(replay.Sales()), f.day.Head(), len(f.day.Sales()))
	}
}

// httpResult is what a test keeps of an answer.
type httpResult struct {
	code       int
	body       string
	retryAfter string
}

// TestBrowser_DeskOnAFullDiskKeepsSellingThenSends: the
// server's disk is full while a desk sells; its sale is answered 503, and
// the page says so in the server's words (not "offline"), keeps the sale
// waiting, and sends it again by itself; once space returns the sale is
// recorded once and the page is back online.
func TestBrowser_DeskOnAFullDiskKeepsSellingThenSends(t *testing.T) {
	t.Parallel()
	dir := journaltest.SmallDisk(t, 4<<20)
	spec, _, err := eventfile.Parse(examples.MegaLoto)
	if err != nil {
		t.Fatal(err)
	}
	l := startLiveAt(t, Config{}, spec, filepath.Join(dir, "loto.db"))
	d := l.openCashier("caisse-1", 820, 1180)
	d.openTill("50")
	ctx := context.Background()
	if _, err := l.day.OpenDesk(loto.WithKey(ctx, "ouverture-2"), org, "caisse-2", 0); err != nil {
		t.Fatal(err)
	}
	free := journaltest.FillDisk(t, dir)
	// Whatever room SQLite's files still hold goes to another desk's sales.
	for n := 100; ; n++ {
		codes, _ := loto.ParseCardCodes([]string{l.serial(n)})
		_, err := l.day.Sell(loto.WithKey(ctx, loto.Key(fmt.Sprintf("ailleurs-%d", n))), org, loto.SaleRequest{Desk: "caisse-2", Cards: codes,
			Payments: []loto.Payment{{Method: loto.BankCard, Cents: 500}}})
		if loto.ErrorCode(err) == loto.EUnavailable {
			break
		} else if err != nil || n > 2000 {
			t.Fatalf("filling the journal's own room: %v", err)
		}
	}
	before := len(l.day.Sales())

	d.scanCard(l.serial(1))
	d.waitText("#total", "5,00 €")
	d.choose("card")
	d.payAndWait("Vente en attente")
	d.waitText("#net", "Le serveur n'enregistre pas : le disque du serveur est plein")
	d.waitText("#net", "1 vente en attente")
	d.screenshot("caisse-disque-plein-tablette")
	if n := len(l.day.Sales()); n != before {
		t.Fatalf("%d sales on the full disk, want %d", n, before)
	}

	free()
	d.waitText("#said", "Vente en attente enregistrée")
	d.waitAllSent()
	sales := l.day.Sales()
	if len(sales) != before+1 || sales[before].Desk != "caisse-1" || strings.Join(sales[before].Cards, " ") != l.serial(1) {
		t.Fatalf("%d sales once space returned, want %d, the last caisse-1's of %s", len(sales), before+1, l.serial(1))
	}
	d.dropErrors(func(e string) bool { return strings.Contains(e, "status of 503") })
	d.axe()
	d.noErrors()
}
