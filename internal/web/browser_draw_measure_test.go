package web

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"loto/internal/loto"
)

// TestBrowser_HostDrawToBoardMeasured measures, over 50 draws in the real
// browser on loopback, the time from the host's click on the draw button of
// /meneur to the number shown on an open /tableau (target: p99 under
// 100 ms). Both tabs stamp their moments with performance.timeOrigin plus
// the page's clock, one machine's clock. It logs the figures and asserts
// none: timing depends on the machine (docs/benchmarks.md has them).
func TestBrowser_HostDrawToBoardMeasured(t *testing.T) {
	t.Parallel()
	const draws = 50
	l := startLive(t, Config{})
	l.sell(1, 60)
	host := l.openAs(loto.RoleHost, "/meneur", 1366, 768)
	board := l.open("/tableau", 1920, 1080)
	host.waitText("#live", "En direct")
	host.waitText("#startannounce", "Partie 1")
	host.press("l")
	host.waitText("#phase", loto.PhaseDrawing.French())
	board.waitText("#count", "0")
	// The click's moment is the event's own time stamp, taken before any
	// handler runs; the board's is when its number element changes.
	eval[bool](host, `(addEventListener("click", (e) => {
		if (e.target.closest('button[data-act="draw"]')) (window.clicks ||= []).push(performance.timeOrigin + e.timeStamp);
	}, true), true)`)
	eval[bool](board, `(window.seen = {}, new MutationObserver(() => {
		window.seen[document.getElementById("last").textContent.trim()] ??= performance.timeOrigin + performance.now();
	}).observe(document.getElementById("last"), {childList: true, characterData: true, subtree: true}), true)`)
	var lat []float64
	for i := range draws {
		host.run(chromedp.Click(chromedp.CSS(`button[data-act="draw"]`)))
		board.waitText("#count", strconv.Itoa(i+1))
		n := l.status().Last
		shown := eval[float64](board, fmt.Sprintf(`window.seen[%q] || 0`, strconv.Itoa(int(n))))
		clicked := eval[float64](host, fmt.Sprintf(`(window.clicks || [])[%d] || 0`, i))
		if shown == 0 || clicked == 0 {
			t.Fatalf("draw %d (%d): click at %v, shown at %v: a moment was not seen", i+1, n, clicked, shown)
		}
		lat = append(lat, shown-clicked)
		// The next click waits for the host page to be free again: it
		// sends one command at a time and ignores a click meanwhile.
		host.waitText("#said", fmt.Sprintf("Numéro %d", n))
	}
	slices.Sort(lat)
	pct := func(p float64) float64 { return lat[int(math.Ceil(p*float64(len(lat))))-1] }
	t.Logf("host's draw click to the number on /tableau, %d draws: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms, min %.1f ms",
		len(lat), pct(0.50), pct(0.95), pct(0.99), lat[len(lat)-1], lat[0])
}
