package web

import "testing"

// TestBrowser_BoardFirstLoadMeasured measures the board's first load on
// loopback in the real browser (targets under 200 ms and under
// 150 KB in all), in the middle of a game, with nothing cached. It records
// the figures in the log and asserts none: timing depends on the machine
// (docs/benchmarks.md has the figures and the command).
func TestBrowser_BoardFirstLoadMeasured(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	l.sell(1, 60)
	l.startGame()
	l.draw(30)
	board := l.open("/tableau", 1920, 1080)
	board.waitText("#count", "30")
	type load struct {
		LoadMS    float64 `json:"load_ms"`   // navigation start to the load event's end
		Bytes     int     `json:"bytes"`     // the page and every file it loaded, as sent
		Resources int     `json:"resources"` // files loaded, the stream not counted
	}
	m := eval[load](board, `new Promise((done) => {
		const ready = () => {
			const nav = performance.getEntriesByType("navigation")[0];
			const res = performance.getEntriesByType("resource").filter((r) => !r.name.includes("/api/v1/stream"));
			done({
				load_ms: nav.loadEventEnd - nav.startTime,
				bytes: nav.transferSize + res.reduce((n, r) => n + r.transferSize, 0),
				resources: res.length,
			});
		};
		if (document.readyState === "complete" && performance.getEntriesByType("navigation")[0].loadEventEnd > 0) ready();
		else addEventListener("load", () => setTimeout(ready, 0));
	})`)
	t.Logf("board first load: %.1f ms, %d bytes (%.1f KB) in %d files besides the page", m.LoadMS, m.Bytes, float64(m.Bytes)/1024, m.Resources)
	if m.Bytes == 0 || m.Resources < 2 {
		t.Fatalf("the measure saw nothing: %+v", m)
	}
}
