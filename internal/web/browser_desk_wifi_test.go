package web

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"loto/internal/loto"
)

// wifi cuts the tablet's Wi-Fi (up false) or gives it back: the link
// drops every connection, so that nothing reaches the server for certain,
// and the browser is told it is offline, as the tablet's system tells it.
// Going down, it checks that a request of the page fails and waits until
// the desk says it is offline.
func (tb *tab) wifi(link *wifiLink, up bool) {
	tb.t.Helper()
	if up {
		link.restore()
	} else {
		link.cut()
	}
	call(tb, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: !up, DownloadThroughput: -1, UploadThroughput: -1})
	if !up {
		if got := eval[string](tb, `fetch("/api/v1/status", {cache: "no-store"}).then(() => "passé", () => "coupé")`); got != "coupé" {
			tb.t.Fatalf("a request of the page got through the cut Wi-Fi: %s", got)
		}
		tb.waitText("#net", "Hors ligne")
	}
}

// openCashierOverWifi opens /caisse as a cashier of caisse-1 through a
// Wi-Fi link of its own, the till opened with 50 €.
func (l *live) openCashierOverWifi(width, height int64) (*tab, *wifiLink) {
	l.t.Helper()
	link := startWifiLink(l.t, strings.TrimPrefix(l.url, "http://"))
	return l.openCashierThrough(link.url(), width, height), link
}

// openCashierThrough opens /caisse as a cashier of caisse-1 with the
// server at base (a relay's), the till opened with 50 €.
func (l *live) openCashierThrough(base string, width, height int64) *tab {
	l.t.Helper()
	via := *l
	via.url = base
	d := via.openCashier("caisse-1", width, height)
	d.openTill("50")
	return d
}

// waitOfflineReady waits until the desk's page is kept for offline use.
func (tb *tab) waitOfflineReady() {
	tb.t.Helper()
	tb.waitFor("body", func(string) bool { return tb.attr("#desk", "data-offline-ready") == "true" }, "with the page kept for offline")
}

// waitAllSent waits until the desk says it is online, nothing else: no
// sale waiting, no conflict.
func (tb *tab) waitAllSent() {
	tb.t.Helper()
	tb.waitFor("#net", func(s string) bool { return s == "En ligne" }, "online with no sale waiting")
}

// waitOnlineNoneWaiting waits until the desk says it is online with no
// sale waiting, whatever else it says.
func (tb *tab) waitOnlineNoneWaiting() {
	tb.t.Helper()
	tb.waitFor("#net", func(s string) bool { return strings.HasPrefix(s, "En ligne") && !strings.Contains(s, "attente") }, "online with no sale waiting")
}

// holdPricedOffline waits until the basket is priced offline, pays it by
// card and waits until the desk holds the sale.
func (tb *tab) holdPricedOffline() {
	tb.t.Helper()
	tb.waitText("#pricenote", "hors ligne")
	tb.choose("card")
	tb.payAndWait("Vente en attente")
}

// TestBrowser_DeskWifiDropLosesNothing: the desk's Wi-Fi is
// cut (a relay between the browser and the server drops every connection,
// and the browser is told it is offline), the cashier sells 3 times, the
// page is reloaded once (from its service worker's copy), the Wi-Fi comes
// back: exactly those 3 sales are recorded, once each, with the desk's
// time of sale beside the server's; a fourth, whose card another desk sold
// meanwhile, shows as a conflict the cashier settles.
func TestBrowser_DeskWifiDropLosesNothing(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	ctx := context.Background()
	d, link := l.openCashierOverWifi(1366, 768)
	d.waitOfflineReady()

	d.wifi(link, false)
	plate, err := l.day.PlateCode("A", 2)
	if err != nil {
		t.Fatal(err)
	}
	baskets := [][]string{{l.serial(1)}, {l.serial(2), l.serial(3)}, {plate}, {l.serial(20)}}
	for i, b := range baskets {
		for _, c := range b {
			d.scanCard(c)
		}
		d.holdPricedOffline()
		d.waitText("#net", fmt.Sprintf("%d vente", i+1))
		if i == 2 {
			// Meanwhile another desk, online, sells the card of the fourth sale.
			if _, err := l.day.OpenDesk(loto.WithKey(ctx, "ouverture-2"), org, "caisse-2", 0); err != nil {
				t.Fatal(err)
			}
			codes, _ := loto.ParseCardCodes([]string{l.serial(20)})
			if _, err := l.day.Sell(loto.WithKey(ctx, "ailleurs"), org, loto.SaleRequest{Desk: "caisse-2", Cards: codes,
				Payments: []loto.Payment{{Method: loto.BankCard, Cents: 500}}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	d.waitText("#net", "4 ventes en attente")
	d.screenshot("caisse-hors-ligne-portable")
	d.run(chromedp.Reload())
	d.waitText("#net", "Hors ligne")
	d.waitText("#net", "4 ventes en attente")
	d.waitText("#held", "En attente")
	if n := len(l.day.Sales()); n != 1 {
		t.Fatalf("%d sales recorded while the desk was cut off, want only the other desk's", n)
	}

	restored := time.Now()
	d.wifi(link, true)
	d.waitText("#net", "En ligne")
	d.waitText("#net", "1 conflit à régler")
	d.waitText("#held", "Conflit")
	d.waitText("#held", "la carte "+l.serial(20)+" est déjà vendue (vente n° 1, caisse « caisse-2 »")
	d.screenshot("caisse-conflit-portable")
	sales := l.day.Sales()
	var ours []string
	for _, s := range sales {
		if s.Desk == "caisse-1" {
			ours = append(ours, strings.Join(s.Cards, " "))
			// Taken while cut off, recorded once the Wi-Fi was back.
			if !s.TakenAt.Before(restored) || s.Time.Before(restored) {
				t.Errorf("sale %d taken at %v by the desk, recorded at %v: want taken before the Wi-Fi came back at %v, recorded after", s.ID, s.TakenAt, s.Time, restored)
			}
		}
	}
	want := []string{l.serial(1), l.serial(2) + " " + l.serial(3)}
	var plateSerials []string
	for n := 7; n <= 12; n++ {
		plateSerials = append(plateSerials, l.serial(n))
	}
	want = append(want, strings.Join(plateSerials, " "))
	if strings.Join(ours, "|") != strings.Join(want, "|") {
		t.Fatalf("caisse-1's sales:\n%s\nwant exactly:\n%s", strings.Join(ours, "\n"), strings.Join(want, "\n"))
	}
	d.failuresSeen()
	// Settled with the buyer: the conflict leaves the queue, nothing recorded.
	d.run(chromedp.Click(chromedp.CSS("#held li.conflict button")))
	d.waitFor("#net", func(s string) bool { return !strings.Contains(s, "conflit") && !strings.Contains(s, "attente") }, "without a waiting sale")
	d.shown("code")
	if n := len(l.day.Sales()); n != 4 {
		t.Fatalf("%d sales after the conflict was settled, want 4", n)
	}
	d.axe()
	d.noErrors()
}

// TestBrowser_DeskFindsTheServerGoneWhileTheTabletSaysOnline: the tablet
// keeps its Wi-Fi but the server cannot be reached (the laptop's cable
// out), so the browser never says it is offline. The page reloaded then,
// with no sale held, says so itself once its first request fails, instead
// of "En ligne" while nothing gets through; a sale made then is held, and
// goes out on its own once the server answers again, with the desk's time
// of sale.
func TestBrowser_DeskFindsTheServerGoneWhileTheTabletSaysOnline(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	d, link := l.openCashierOverWifi(820, 1180)
	d.waitOfflineReady()

	link.cut()
	d.run(chromedp.Reload())
	if !eval[bool](d, "navigator.onLine") {
		t.Fatal("the browser says it is offline: this test is of a server gone while the tablet's Wi-Fi is up")
	}
	d.waitText("#net", "Hors ligne")
	d.scanCard(l.serial(1))
	d.holdPricedOffline()
	d.waitText("#net", "1 vente en attente")
	if n := len(l.day.Sales()); n != 0 {
		t.Fatalf("%d sales recorded while the server could not be reached", n)
	}

	restored := time.Now()
	link.restore()
	d.waitAllSent()
	sales := l.day.Sales()
	if len(sales) != 1 || strings.Join(sales[0].Cards, " ") != l.serial(1) {
		t.Fatalf("the day's sales: %+v, want the held one", sales)
	}
	if s := sales[0]; !s.TakenAt.Before(restored) || s.Time.Before(restored) {
		t.Errorf("sale taken at %v by the desk, recorded at %v: want taken before the server was back at %v, recorded after", s.TakenAt, s.Time, restored)
	}
	d.failuresSeen()
	d.noErrors()
}
