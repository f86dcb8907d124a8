package web

import (
	"context"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"

	"loto/internal/journal/sqlite"
	"loto/internal/loto"
)

// switchProxy stands for the hall's address: it forwards every request
// to one live server, then to another, so that a phone keeps its origin
// (and its localStorage) when the laptop serves another journal.
type switchProxy struct {
	url    string
	target atomic.Pointer[url.URL]
}

func startSwitchProxy(t *testing.T, to *live) *switchProxy {
	t.Helper()
	p := &switchProxy{}
	p.to(t, to)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	rp := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		r.SetURL(p.target.Load())
		r.Out.Host = r.In.Host
	}, FlushInterval: -1}
	hs := &http.Server{Handler: rp}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	p.url = "http://" + hallName + ":" + port
	return p
}

// to sends the next requests to the live server l.
func (p *switchProxy) to(t *testing.T, l *live) {
	u, err := url.Parse(l.url)
	if err != nil {
		t.Fatal(err)
	}
	p.target.Store(u)
}

// waitRestored waits until the page (who, in a failure) shows the seed's
// commitment seed in the element of commit and the warning that the
// journal was restored at the anchor short.
func (tb *tab) waitRestored(commit, seed, short, who string) {
	tb.t.Helper()
	tb.waitText(commit, seed)
	tb.waitText("#restored", "⚠ Journal restauré à ")
	tb.waitText("#restored code", short)
	if eval[bool](tb, `document.getElementById("restored").hidden`) {
		tb.t.Fatal(who + " does not show the restore")
	}
}

// TestBrowser_WitnessPhoneSeesAReRollOverPlainHTTP plays the re-roll the
// hall must see, on a phone over plain http at the hall's name: a copy of
// the base is taken before game 1; the game starts, and the board and the
// phone show its commitment and the anchor of its start, which the phone
// keeps. The copy, restored, records the restore, starts game 1 again
// (another seed) and ends the day, revealing it. The phone, at the same
// address, shows the new commitment and "Journal restauré"; /verifier
// recomputes the draw from the revealed seed ("tirage conforme") and says
// that the commitment this phone saw first is not the revealed seed's.
func TestBrowser_WitnessPhoneSeesAReRollOverPlainHTTP(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	first := startLive(t, Config{})
	copyPath := filepath.Join(t.TempDir(), "copie.db")
	if err := sqlite.Copy(ctx, first.path, copyPath); err != nil {
		t.Fatal(err)
	}
	proxy := startSwitchProxy(t, first)
	hall := hallBrowser(t)
	phone := first.hallTab(hall, proxy.url, "/joueur")
	board := first.newTabIn(hall, "/tableau")
	board.url = proxy.url + "/tableau"
	board.run(chromedp.EmulateViewport(1920, 1080), chromedp.Navigate(board.url))

	started, err := first.day.StartGame(ctx, first.devices[loto.RoleHost])
	if err != nil {
		t.Fatal(err)
	}
	seenAnchor := first.day.Public().Started
	phone.waitText("#kept", "Gardée sur ce téléphone depuis ")
	for range 3 {
		if _, err := first.day.Draw(ctx, first.devices[loto.RoleHost], 0); err != nil {
			t.Fatal(err)
		}
	}
	board.waitText("#commit code", started.SeedSHA256)
	board.waitText("#started code", seenAnchor.Short())
	phone.waitText("#commit", started.SeedSHA256)
	phone.waitText("#started", seenAnchor.Short())
	phone.waitText("#kept", "Gardée sur ce téléphone depuis ")
	if !eval[bool](phone, `document.getElementById("restored").hidden`) {
		t.Fatal("the phone shows a restore before any")
	}
	board.screenshot("temoin-tableau-debut")
	phone.screenshot("temoin-joueur-debut")
	board.axe()
	phone.axe()
	replaced := first.day.HeadAnchor()

	// The copy from before the game, restored: the restore recorded, the
	// game started again with a new seed, the day ended, the seed revealed.
	store, err := sqlite.Open(ctx, copyPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	second := serveLive(t, Config{}, setUpOn(t, Config{}, false, nil, store))
	if _, err := second.day.RecordRestore(ctx, org, replaced, 1); err != nil {
		t.Fatal(err)
	}
	// Served before the game starts again, the restored journal has no
	// game 1: the phone names the one it saw start.
	proxy.to(t, second)
	phone.run(chromedp.Navigate(proxy.url + "/verifier"))
	phone.waitText("#partie-1 .draw", "✘ Partie absente du journal servi : ce téléphone l'a vue commencer à ")
	phone.waitText("#partie-1 .draw", "avant le premier numéro, avec l'empreinte "+started.SeedSHA256[:16]+"… ; le journal a été remplacé depuis.")
	phone.waitText("#state", "Aucune partie n'a encore commencé dans le journal servi. ⚠ Ce téléphone a vu commencer une partie que ce journal n'a pas.")
	phone.screenshot("temoin-verifier-partie-absente")
	phone.axe()
	again, err := second.day.StartGame(ctx, org)
	if err != nil {
		t.Fatal(err)
	}
	if again.SeedSHA256 == started.SeedSHA256 {
		t.Fatal("the game started again with the same seed: the test shows nothing")
	}
	for range 5 {
		if _, err := second.day.Draw(ctx, org, 0); err != nil {
			t.Fatal(err)
		}
	}
	proxy.to(t, second)

	board.run(chromedp.Navigate(board.url))
	board.waitRestored("#commit code", again.SeedSHA256, replaced.Short(), "the board")
	board.screenshot("temoin-tableau-restaure")
	board.axe()
	phone.run(chromedp.Navigate(proxy.url + "/joueur"))
	phone.waitRestored("#commit", again.SeedSHA256, replaced.Short(), "the phone")
	phone.screenshot("temoin-joueur-restaure")
	if _, err := second.day.EndDay(ctx, org, "tirage relancé"); err != nil {
		t.Fatal(err)
	}

	phone.run(chromedp.Navigate(proxy.url + "/verifier"))
	phone.waitText("#partie-1 .draw", "✔ Tirage conforme : les 5 numéros tirés sont ceux que donne la graine révélée.")
	phone.waitText("#partie-1 .commit", "✘ Empreinte non conforme : ce téléphone a vu pour cette partie l'empreinte "+started.SeedSHA256[:16]+"…")
	phone.waitText("#partie-1 .commit", "avant le premier numéro, qui n'est pas celle de la graine révélée ("+again.SeedSHA256[:16]+"…) : la partie a été relancée avec une autre graine")
	phone.waitText("#partie-1 .seen", again.SeedSHA256)
	phone.screenshot("temoin-verifier-relance")
	eval[bool](phone, `(document.querySelector("#partie-1 .facts").scrollIntoView(), true)`)
	phone.screenshot("temoin-verifier-relance-details")
	phone.axe()
	phone.hallNoErrors()
	board.hallNoErrors()
}

// TestBrowser_VerifierSaysTirageConformeToAPhoneThatSawTheStart: a phone
// on /joueur over plain http at the hall's name from the game's start
// finds on /verifier, once the seed is revealed, the draw recomputed
// ("tirage conforme") and the commitment it kept that of the seed; before
// the reveal it says the seed is still to come.
func TestBrowser_VerifierSaysTirageConformeToAPhoneThatSawTheStart(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	l := startLive(t, Config{})
	hall := hallBrowser(t)
	phone := l.hallTab(hall, l.hallURL(), "/joueur")
	host := l.devices[loto.RoleHost]
	r, err := l.day.StartGame(ctx, host)
	if err != nil {
		t.Fatal(err)
	}
	phone.waitText("#kept", "Gardée sur ce téléphone depuis ")
	for range 12 {
		if _, err := l.day.Draw(ctx, host, 0); err != nil {
			t.Fatal(err)
		}
	}
	phone.run(chromedp.Navigate(l.hallURL() + "/verifier"))
	phone.waitText("#partie-1 .draw", "ⓘ Partie en cours : sa graine sera révélée à la fin de la partie")
	phone.waitText("#partie-1 .commit", "ⓘ Empreinte gardée sur ce téléphone à ")
	phone.waitText("#partie-1 .commit", "avant le premier numéro")
	if _, err := l.day.EndDay(ctx, org, "fin anticipée"); err != nil {
		t.Fatal(err)
	}
	// The page checks the game again as soon as the stream shows its seed.
	phone.waitText("#partie-1 .draw", "✔ Tirage conforme : les 12 numéros tirés sont ceux que donne la graine révélée.")
	phone.waitText("#partie-1 .commit", "✔ Empreinte conforme : celle que ce téléphone a vue à ")
	phone.waitText("#partie-1 .announced", r.SeedSHA256)
	phone.waitText("#state", "1 partie commencée, 1 vérifiée sur ce téléphone.")
	phone.screenshot("verifier-conforme")
	phone.axe()
	phone.hallNoErrors()
}
