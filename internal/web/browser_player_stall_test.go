package web

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"loto/examples"
	"loto/internal/loto"
)

// TestBrowser_PlayerNoticesADeadStreamAndRecovers: the players' page
// (/joueur) behind a relay: a live stream, numbers drawn between its
// heartbeats, is never taken for lost; then its connections die silently, nothing
// closed, as a phone's Wi-Fi that lost its access point: the page misses
// the stream's heartbeats (every 300 ms here), says "connexion perdue"
// with a symbol and words, and keeps trying; once connections pass again
// it resumes the stream from the last message it had (Last-Event-ID) and
// shows the number drawn meanwhile, its card marked.
func TestBrowser_PlayerNoticesADeadStreamAndRecovers(t *testing.T) {
	t.Parallel()
	l := serveLiveStream(t, Config{}, setUpEvent(t, Config{}, true, examples.MegaLoto), BrokerOptions{Heartbeat: 300 * time.Millisecond})
	sold := l.sell(1, 1)
	relay := startStallProxy(t, strings.TrimPrefix(l.url, "http://"))

	phone := l.newTab("/joueur")
	phone.url = relay.url() + "/joueur"
	phone.run(chromedp.EmulateViewport(390, 844), chromedp.Navigate(phone.url))
	phone.waitText("#live", "En direct")
	phone.run(chromedp.SendKeys("#serial", sold[0]+kb.Enter))
	phone.waitText("#ncards", "1")
	ctx, host := context.Background(), l.devices[loto.RoleHost]
	if _, err := l.day.StartGame(ctx, host); err != nil {
		t.Fatal(err)
	}
	phone.waitText("#gameline", "quine : Bon d'achat de 30 €")
	// A live stream is never taken for dead: numbers drawn between the
	// heartbeats, then heartbeats alone, and the page says no loss.
	eval[chromedp.Void](phone, `(() => {
		window.lost = 0;
		const live = document.getElementById("live");
		new MutationObserver(() => { if (live.dataset.state === "off") window.lost++; })
			.observe(live, { attributes: true, childList: true, characterData: true, subtree: true });
	})()`)
	for range 6 {
		if _, err := l.day.Draw(ctx, host, 0); err != nil {
			t.Fatal(err)
		}
		time.Sleep(130 * time.Millisecond)
	}
	time.Sleep(1500 * time.Millisecond)
	if lost := eval[int](phone, `window.lost`); lost != 0 {
		t.Fatalf("a live stream was taken %d times for lost", lost)
	}

	relay.stall()
	d, err := l.day.Draw(ctx, host, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := strconv.Itoa(int(d.Number))
	phone.waitText("#live", "Connexion perdue : reconnexion…")
	// The symbol goes with the colour, for who does not see it.
	if got := eval[string](phone, `getComputedStyle(document.getElementById("live"), "::before").content`); phone.attr("#live", "data-state") != "off" || got != `"⚠ "` {
		t.Errorf("the lost stream shows the state %q and the symbol %s", phone.attr("#live", "data-state"), got)
	}
	time.Sleep(time.Second)
	if got := phone.text("#last"); got == n {
		t.Fatalf("the page got %s through a dead stream", got)
	}
	if got := phone.text("#live"); !strings.Contains(got, "Connexion perdue") {
		t.Fatalf("while every stream is dead the page says %q", got)
	}
	phone.axe()
	phone.screenshot("joueur-connexion-perdue-390x844")
	phone.run(chromedp.EmulateViewport(820, 1180))
	phone.screenshot("joueur-connexion-perdue-820x1180")
	phone.run(chromedp.EmulateViewport(390, 844))

	tries := relay.streams.Load()
	relay.heal()
	phone.waitText("#live", "En direct")
	phone.waitFor("#last", func(s string) bool { return s == n }, "to be "+n)
	phone.waitText("#count", strconv.Itoa(l.day.Public().Count))
	if tries < 3 {
		t.Errorf("%d streams opened, want the first and the tries while it was dead", tries)
	}
	if relay.resumed.Load() == 0 {
		t.Error("no stream was resumed with Last-Event-ID")
	}
	if g, err := l.day.Card(mustSerial(t, sold[0])); err == nil && slices.Contains(g.Numbers(), d.Number) {
		phone.waitText("#carton-"+sold[0]+" td[data-n='"+n+"']", " : tiré, dernier numéro")
	}
	phone.screenshot("joueur-reconnecte-390x844")
	phone.noErrors()
}
