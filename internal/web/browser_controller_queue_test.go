package web

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"loto/internal/loto"
)

// TestBrowser_ControllerScanDuringTheAnswerWaitsItsTurn: two players call
// at once, and the controller's USB scanner reads the second card while
// the first claim's answer is still on its way (a slow Wi-Fi). The second
// code, typed after the first in the field, waits its turn and is
// registered after the first, said as waiting meanwhile; the scanner's
// double Enter on the first code registers nothing twice.
func TestBrowser_ControllerScanDuringTheAnswerWaitsItsTurn(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	serials := l.sell(1, 3)
	l.startAndDraw()
	ctl := l.openAs(loto.RoleController, "/controle", 390, 844)
	ctl.waitText("#live", "En direct")
	// Every request of the page now takes 800 ms more.
	eval[chromedp.Void](ctl, `(() => {
		const f = window.fetch;
		window.fetch = (u, o) => new Promise((ok, ko) => setTimeout(() => f(u, o).then(ok, ko), 800));
	})()`)
	ctl.run(chromedp.SendKeys("#serial", serials[0]+kb.Enter+kb.Enter+serials[1]+kb.Enter))
	ctl.waitText("#said", "Carte "+serials[1]+" en attente")
	ctl.screenshot("controle-carte-en-attente-390x844")
	ctl.waitText("#said", "Annonce 2 enregistrée : carte "+serials[1])
	st := l.status()
	if len(st.Claims) != 2 || st.Claims[0].Serial != serials[0] || st.Claims[1].Serial != serials[1] {
		t.Fatalf("the domain has the claims %+v, want %s then %s, once each", st.Claims, serials[0], serials[1])
	}
	if v := eval[string](ctl, `document.getElementById("serial").value`); v != "" {
		t.Errorf("the field holds %q after both answers, want it empty for the next card", v)
	}
	ctl.axe()
}
