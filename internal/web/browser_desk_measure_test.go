package web

import (
	"fmt"
	"math"
	"os"
	"slices"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// measured skips a measure test unless LOTO_MEASURE=1 asks for it: its
// figures go to docs/benchmarks.md, and a loaded machine only slows the suite.
func measured(t *testing.T) {
	t.Helper()
	if os.Getenv("LOTO_MEASURE") != "1" {
		t.Skip("a measure: LOTO_MEASURE=1 runs it (docs/benchmarks.md)")
	}
}

// percentile is the p-th percentile of sorted figures (nearest rank).
func percentile(sorted []float64, p float64) float64 {
	return sorted[int(math.Ceil(p*float64(len(sorted))))-1]
}

// TestBrowser_DeskSaleMeasured measures, over 100 sales of one card paid by
// bank card on /caisse in the real browser on loopback (target
// p99 under 150 ms), the time from the scan of the last card (the Enter a
// USB scanner types) to the receipt on screen. The page stamps the scan,
// the price shown, the pay click and the receipt with one clock; the time
// the test itself takes between the price shown and its click on the pay
// button (a cashier's, not the machine's) is reported apart. It logs the
// figures and asserts none: timing depends on the machine.
func TestBrowser_DeskSaleMeasured(t *testing.T) {
	t.Parallel()
	measured(t)
	const sales = 100
	l := startLive(t, Config{})
	d := l.openCashier("caisse-1", 1366, 768)
	d.openTill("0")
	var machine, wall, driver, quoted, paid []float64
	for i := range sales {
		d.choose("card")
		d.scanCard(l.serial(100 + i))
		d.waitText("#total", "5,00 €")
		d.payAndWait(fmt.Sprintf("Vente n° %d", i+1))
		type marks struct {
			Scan, Quoted, Pay, Receipt float64
		}
		m := eval[marks](d, `(() => {
			const last = (k) => { for (let i = lotoMarks.length - 1; i >= 0; i--) if (k in lotoMarks[i]) return lotoMarks[i][k]; return 0; };
			return {Scan: last("scan"), Quoted: last("quoted"), Pay: last("pay"), Receipt: last("receipt")};
		})()`)
		if m.Scan == 0 || m.Quoted < m.Scan || m.Pay < m.Quoted || m.Receipt < m.Pay {
			t.Fatalf("sale %d: marks out of order %+v", i+1, m)
		}
		machine = append(machine, (m.Quoted-m.Scan)+(m.Receipt-m.Pay))
		wall = append(wall, m.Receipt-m.Scan)
		driver = append(driver, m.Pay-m.Quoted)
		quoted = append(quoted, m.Quoted-m.Scan)
		paid = append(paid, m.Receipt-m.Pay)
		d.run(chromedp.Click(chromedp.CSS("#next")))
	}
	if n := len(l.day.Sales()); n != sales {
		t.Fatalf("%d sales recorded, want %d", n, sales)
	}
	for _, f := range []struct {
		what string
		v    []float64
	}{{"scan to price shown + pay click to receipt (the machine's time)", machine}, {"scan to receipt, the test's click included", wall}, {"price shown to the test's click", driver},
		{"scan to price shown (the quote)", quoted}, {"pay click to receipt (the sale)", paid}} {
		slices.Sort(f.v)
		t.Logf("%s, %d sales: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms", f.what, len(f.v), percentile(f.v, 0.5), percentile(f.v, 0.95), percentile(f.v, 0.99), f.v[len(f.v)-1])
	}
}

// TestBrowser_DeskFirstLoadMeasured measures the desk page's load on
// loopback in the real browser (target under 200 ms), its
// session open, nothing cached: before each of 10 loads the browser's
// cache is cleared and the page's service worker removed. It logs the
// figures and asserts none.
func TestBrowser_DeskFirstLoadMeasured(t *testing.T) {
	t.Parallel()
	measured(t)
	l := startLive(t, Config{})
	d := l.openCashier("caisse-1", 1366, 768)
	d.openTill("0")
	var loads []float64
	for range 10 {
		// Nothing cached: the HTTP cache cleared, the service worker and its cache gone.
		eval[bool](d, `(async () => {
			for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
			for (const k of await caches.keys()) await caches.delete(k);
			return true;
		})()`)
		d.run(chromedp.Navigate("about:blank"))
		call(d, network.ClearBrowserCache, cdp.Empty{})
		d.run(chromedp.Navigate(d.url))
		d.shown("till")
		type load struct {
			LoadMS float64 `json:"load_ms"`
			Bytes  int     `json:"bytes"`
			Files  int     `json:"files"`
		}
		m := eval[load](d, `new Promise((done) => {
			const ready = () => {
				const nav = performance.getEntriesByType("navigation")[0];
				const res = performance.getEntriesByType("resource").filter((r) => !r.name.includes("/api/"));
				done({load_ms: nav.loadEventEnd - nav.startTime, bytes: nav.transferSize + res.reduce((n, r) => n + r.transferSize, 0), files: res.length});
			};
			if (document.readyState === "complete" && performance.getEntriesByType("navigation")[0].loadEventEnd > 0) ready();
			else addEventListener("load", () => setTimeout(ready, 0));
		})`)
		if m.Files < 2 {
			t.Fatalf("the measure saw nothing: %+v", m)
		}
		loads = append(loads, m.LoadMS)
		t.Logf("desk page load: %.1f ms, %d bytes in %d files besides the page", m.LoadMS, m.Bytes, m.Files)
	}
	slices.Sort(loads)
	t.Logf("desk page load, 10 loads: median %.1f ms, max %.1f ms", percentile(loads, 0.5), loads[len(loads)-1])
}
