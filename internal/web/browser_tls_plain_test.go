package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"loto/internal/loto"
)

// loginOn logs the organiser in through the form of base's /connexion and
// waits for the organiser's page, failing with what the browser shows
// (and which session cookies it keeps) when it does not come. The page may
// be between two documents when it is read, with no body yet.
func loginOn(tb *tab, base string) {
	tb.t.Helper()
	tb.run(chromedp.Navigate(base+"/connexion"),
		chromedp.SendKeys("#password", testPassword),
		chromedp.Submit("#password"))
	tb.waitUntil("the organiser's page after the login on "+base, func() (bool, string) {
		ok := eval[bool](tb, `location.origin === "`+base+`" && location.pathname === "/organisateur" && document.querySelector("nav.orgnav") !== null`)
		var kept []string
		for _, c := range call(tb, network.GetCookies, network.GetCookiesParams{URLs: []string{base + "/", strings.Replace(base, "http:", "https:", 1) + "/"}}).Cookies {
			kept = append(kept, c.Name+map[bool]string{true: " (Secure)"}[c.Secure])
		}
		return ok, "the page " + eval[string](tb, `location.href + " « " + (document.body ? document.body.innerText.slice(0, 160) : "") + " »"`) + ", cookies " + strings.Join(kept, ", ")
	})
}

// TestBrowser_TLS_LoginOverHTTPAfterOneOverHTTPS: an organiser logs in
// over https on the hall's name, then over plain http on the same name:
// the same server's http (the players' side of --tls), and the laptop
// served without --tls another day. A browser keeps the Secure cookie of
// https from plain http's answers: one session cookie's name for both
// schemes made it drop, without a word, the cookie of the login over
// http, and the organiser met "connexion requise" again and again.
func TestBrowser_TLS_LoginOverHTTPAfterOneOverHTTPS(t *testing.T) {
	t.Parallel()
	l, cert := startLiveTLS(t, Config{})
	b := hallBrowser(t, chromedp.Flag("ignore-certificate-errors-spki-list", spkiHash(t, cert)))
	tb := l.newTabIn(b, "/connexion")
	tb.run(chromedp.EmulateViewport(1366, 768))
	loginOn(tb, l.url)

	// Another day, the same laptop without --tls: another port, the same
	// name, and cookies know no port.
	plain := startLive(t, Config{})
	plain.url = strings.Replace(plain.url, "127.0.0.1", hallName, 1)
	loginOn(tb, plain.url)
	loginOn(tb, plainURL(l))
	if eval[bool](tb, "window.isSecureContext") {
		t.Fatalf("%s is a secure context: the test proves nothing of plain http", eval[string](tb, "location.href"))
	}
	// Back on https the session of https is still there.
	tb.run(chromedp.Navigate(l.url + "/organisateur"))
	tb.waitUntil("the organiser's page over https", func() (bool, string) {
		return eval[bool](tb, `document.querySelector("nav.orgnav") !== null`), eval[string](tb, "location.href")
	})
	tb.dropErrors(func(e string) bool { return strings.Contains(e, "Cross-Origin-Opener-Policy header has been ignored") })
	tb.noErrors()
}

// TestBrowser_TLS_DoorPairedOverHTTPLandsOnItsPageOverHTTPS: a volunteer
// types the pairing page's plain http address on the door's tablet; its
// page, which needs the camera, opens over https with the device known.
// The pairing page is sent to https first: paired over http, the device's
// cookie (SameSite=Strict) was not sent on the way from the http form to
// the https page, which chromium counts as another site, and the door's
// page asked for a pairing again.
func TestBrowser_TLS_DoorPairedOverHTTPLandsOnItsPageOverHTTPS(t *testing.T) {
	t.Parallel()
	l, cert := startLiveTLS(t, Config{})
	b := hallBrowser(t, chromedp.Flag("ignore-certificate-errors-spki-list", spkiHash(t, cert)))
	p, err := l.auth.AddDevice(context.Background(), org, "tablette porte", loto.RoleDoor, "")
	if err != nil {
		t.Fatal(err)
	}
	tb := l.newTabIn(b, "/appairer", chromedp.WithNewBrowserContext())
	tb.run(chromedp.EmulateViewport(820, 1180),
		chromedp.Navigate(plainURL(l)+"/appairer"),
		chromedp.SendKeys("#code", p.Code),
		chromedp.Submit("#code"))
	tb.waitUntil("the door's page over https", func() (bool, string) {
		return eval[bool](tb, `location.href === "`+l.url+`/entree" && document.getElementById("door") !== null`),
			eval[string](tb, `location.href + " « " + (document.body ? document.body.innerText.slice(0, 160) : "") + " »"`)
	})
	tb.dropErrors(func(e string) bool { return strings.Contains(e, "Cross-Origin-Opener-Policy header has been ignored") })
	tb.noErrors()
}
