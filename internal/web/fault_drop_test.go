package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"loto/internal/journal"
	"loto/internal/loto"
)

// postSale posts a sale body with an idempotency key as the fixture's
// cashier does, over a client of its own that never reuses a connection
// (so that Go's transport does not resend by itself: the test does); it
// returns the status and answer, or the error of a lost connection.
func (l *live) postSale(base, key, body string) (int, []byte, error) {
	l.t.Helper()
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	req, err := http.NewRequest("POST", base+"/api/v1/sales", strings.NewReader(body))
	if err != nil {
		l.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+l.tokens[loto.RoleCashier])
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

// saleEvents counts the journal's sale.recorded events and checks the chain.
func saleEvents(t *testing.T, store journal.Store) int {
	t.Helper()
	ctx := context.Background()
	if _, err := journal.Verify(ctx, store); err != nil {
		t.Fatalf("the chain does not verify: %v", err)
	}
	n := 0
	if err := store.Read(ctx, 1, func(e journal.Event) error {
		if e.Type == "sale.recorded" {
			n++
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestSale_ConnectionDroppedMidSaleRetriedWithItsKeyIsOneSale: a desk's connection is lost after its sale reached the server,
// either once the server answered (the answer never arrives) or while the
// server works on it (the desk gives up); the desk retries with the same
// Idempotency-Key and gets one sale, the first one's, and the journal
// holds one sale, however many times it retries.
func TestSale_ConnectionDroppedMidSaleRetriedWithItsKeyIsOneSale(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		how  cut
	}{
		{"answer lost", cutAnswer},
		{"cut while the server works", cutWaiting},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := startLive(t, Config{})
			l.openDesk()
			p := startCutProxy(t, strings.TrimPrefix(l.url, "http://"), "POST", "/api/v1/sales", tc.how)
			body := `{"cards":["` + l.serial(1) + `","` + l.serial(2) + `"],"payments":[{"method":"cash","cents":1000}]}`
			const key = "caisse-1-vente-42"

			p.arm(1)
			if code, b, err := l.postSale(p.url(), key, body); err == nil {
				t.Fatalf("the cut sale was answered: %d %s", code, b)
			}
			if p.made.Load() != 1 {
				t.Fatalf("%d cuts made, want 1", p.made.Load())
			}
			if tc.how == cutAnswer {
				// The server recorded the sale whose answer was lost.
				if n := saleEvents(t, l.store); n != 1 {
					t.Fatalf("%d sales recorded behind the lost answer, want 1", n)
				}
			}

			var first loto.Receipt
			for retry := range 3 {
				code, b, err := l.postSale(p.url(), key, body)
				if err != nil || code != http.StatusOK {
					t.Fatalf("retry %d: %d %s %v", retry+1, code, b, err)
				}
				var got loto.Receipt
				if err := json.Unmarshal(b, &got); err != nil {
					t.Fatal(err)
				}
				if retry == 0 {
					first = got
				}
				if got.Sale != 1 || got.Anchor != first.Anchor || strings.Join(got.Cards, " ") != l.serial(1)+" "+l.serial(2) {
					t.Fatalf("retry %d answered sale %d of %v anchored %v, want sale 1 of both cards anchored %v", retry+1, got.Sale, got.Cards, got.Anchor, first.Anchor)
				}
			}
			if n := saleEvents(t, l.store); n != 1 {
				t.Fatalf("%d sales recorded after the retries, want 1", n)
			}
			sales := l.day.Sales()
			if len(sales) != 1 || sales[0].Anchor.Seq != first.Anchor.Seq {
				t.Fatalf("the day holds %d sales, want the one the retries were answered with (anchor %d)", len(sales), first.Anchor.Seq)
			}
			// The next sale of the desk, with a new key, is a new sale.
			next := `{"cards":["` + l.serial(3) + `"],"payments":[{"method":"cash","cents":500}]}`
			if code, b, err := l.postSale(p.url(), "caisse-1-vente-43", next); err != nil || code != http.StatusOK || !strings.Contains(string(b), `"sale":2`) {
				t.Fatalf("the next sale: %d %s %v", code, b, err)
			}
		})
	}
}

// TestBrowser_DeskConnectionDroppedMidSaleIsOneSale: the
// tablet of /caisse reaches the server through a Wi-Fi that loses the
// first answers to its sale (the server recorded it, the answer never
// came): the page keeps the sale in its queue as waiting, sends it again
// with its key until an answer comes, and the journal holds one sale,
// the one the page finally shows.
func TestBrowser_DeskConnectionDroppedMidSaleIsOneSale(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	p := startCutProxy(t, strings.TrimPrefix(l.url, "http://"), "POST", "/api/v1/sales", cutAnswer)
	d := l.openCashierThrough(p.url(), 820, 1180)

	// Every answer to a sale is lost until the page gives up: the browser
	// first resends by itself (a POST with the same key, on another
	// connection), then the page's fetch fails.
	p.arm(1000)
	d.scanCard(l.serial(1))
	d.scanCard(l.serial(2))
	d.waitText("#total", "10,00 €")
	d.choose("card")
	d.payAndWait("Vente en attente")
	d.waitText("#net", "1 vente en attente")
	if n := saleEvents(t, l.store); n != 1 {
		t.Fatalf("%d sales recorded behind the lost answer, want 1", n)
	}
	d.screenshot("caisse-reponse-perdue-tablette")
	p.arm(0)
	t.Logf("%d answers lost before the page held the sale", p.made.Load())
	d.waitText("#said", "Vente en attente enregistrée : vente n° 1")
	d.waitAllSent()
	if n := saleEvents(t, l.store); n != 1 {
		t.Fatalf("%d sales recorded after the page sent its sale again, want 1", n)
	}
	sales := l.day.Sales()
	if len(sales) != 1 || strings.Join(sales[0].Cards, " ") != l.serial(1)+" "+l.serial(2) {
		t.Fatalf("the day's sales: %+v, want one of both cards", sales)
	}
	// The next sale goes through at once, as sale 2.
	d.scanCard(l.serial(3))
	d.waitText("#total", "5,00 €")
	d.choose("card")
	d.payAndWait("Vente n° 2")
	d.dropErrors(func(e string) bool { return strings.Contains(e, "net::ERR_") })
	d.axe()
	d.noErrors()
}
