package web

import "testing"

// TestBrowser_HomePage: the start page opens in the real browser with no
// script error, lists the board's page, and has no serious or critical
// accessibility violation (axe-core); its screenshot is written.
func TestBrowser_HomePage(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	tb := l.open("/", 1280, 720)
	tb.waitText("main", "Tableau")
	tb.axe()
	tb.screenshot("accueil-1280x720")
	tb.noErrors()
}
