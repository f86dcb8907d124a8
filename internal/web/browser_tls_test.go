package web

import (
	"context"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"loto/examples"
	"loto/internal/eventfile"
	"loto/internal/hallcert"
	"loto/internal/loto"
)

// hallName is the name the TLS browser tests reach the server by: not a
// loopback name, which browsers count as secure even over plain HTTP, and
// a .local one, as the hall's authority vouches for no other name.
const hallName = "salle.local"

// startLiveTLS is startLive served by ServeTLS with a hall certificate made
// for hallName; the live's url is https://salle.local:PORT.
func startLiveTLS(t *testing.T, cfg Config) (*live, *hallcert.Cert) {
	t.Helper()
	cert, err := hallcert.Ensure(t.TempDir(), []string{hallName, "localhost", "127.0.0.1"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	spec, _, err := eventfile.Parse(examples.MegaLoto)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Cert = cert
	l := serveLive(t, cfg, setUpSpec(t, cfg, true, spec))
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(l.url, "https://"))
	l.url = "https://" + hallName + ":" + port
	return l, cert
}

// hallBrowser starts a browser of its own that resolves hallName to the
// loopback, with the extra flags.
func hallBrowser(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	needBrowser(t)
	ctx, cancel, err := launchBrowser(t.TempDir(), append([]chromedp.ExecAllocatorOption{
		chromedp.Flag("host-resolver-rules", "MAP "+hallName+" 127.0.0.1"),
	}, extra...)...)
	t.Cleanup(func() {
		for i := len(cancel) - 1; i >= 0; i-- {
			cancel[i]()
		}
	})
	if err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx
}

// spkiHash is the base64 SHA-256 of the server certificate's public key,
// as chromium's --ignore-certificate-errors-spki-list takes it.
func spkiHash(t *testing.T, c *hallcert.Cert) string {
	leaf, err := x509.ParseCertificate(c.TLS.Certificate[0])
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(leaf.RawSubjectPublicKeyInfo)
	return base64.StdEncoding.EncodeToString(sum[:])
}

// certOnPage is the fingerprint a page shows, its rows joined.
func certOnPage(tb *tab, label string) string {
	tb.t.Helper()
	return eval[string](tb, `Array.from(document.querySelectorAll('.fingerprint[aria-label="`+label+`"] code'), (c) => c.textContent).join(":")`)
}

// receivedFingerprint is the SHA-256 of the certificate the browser got
// from the tab's origin, from the browser's own record of it.
func receivedFingerprint(tb *tab) string {
	tb.t.Helper()
	origin := eval[string](tb, "location.origin")
	got := call(tb, network.GetCertificate, network.GetCertificateParams{Origin: origin})
	if len(got.TableNames) == 0 {
		tb.t.Fatalf("the certificate of %s: %v", origin, got)
	}
	der, err := base64.StdEncoding.DecodeString(got.TableNames[0])
	if err != nil {
		tb.t.Fatal(err)
	}
	return hallcert.Fingerprint(der)
}

// TestBrowser_TLS_SecureOnTheHallsNameWithTheCertificateTrusted: a tablet
// reaches the laptop by a name that is not the loopback's. Over https,
// its certificate trusted (chromium told to accept the server's key, as
// after installing the hall's certificate), the pages are a secure
// context: the cash desk's service worker registers and keeps the page
// for a reload without network, the device's cookie is Secure. The
// pairing screens, the organiser's and the tablet's, show the fingerprint
// of the very certificate the browser received. Plain HTTP typed on the
// same port sends the desk's and the pairing page to https, not the rules.
func TestBrowser_TLS_SecureOnTheHallsNameWithTheCertificateTrusted(t *testing.T) {
	t.Parallel()
	l, cert := startLiveTLS(t, Config{})
	b := hallBrowser(t, chromedp.Flag("ignore-certificate-errors-spki-list", spkiHash(t, cert)))

	desk := l.openCashierIn(b, "caisse-1", 820, 1180)
	desk.waitFor("html", func(string) bool {
		return eval[bool](desk, `document.getElementById("desk").dataset.offlineReady === "true"`)
	}, "the desk's files kept by its service worker")
	if !eval[bool](desk, `window.isSecureContext && location.protocol === "https:" && location.hostname === "`+hallName+`"`) {
		t.Fatalf("the desk at %s is no secure context", eval[string](desk, "location.href"))
	}
	if scope := eval[string](desk, `navigator.serviceWorker.getRegistration("/caisse").then((r) => r && r.active ? r.scope : "")`); scope != l.url+"/caisse" {
		t.Fatalf("the desk's service worker: %q, want active for %s/caisse", scope, l.url)
	}
	cookies := call(desk, network.GetCookies, network.GetCookiesParams{URLs: []string{l.url + "/caisse"}})
	for _, c := range cookies.Cookies {
		if c.Name == securePrefix+deviceCookie && (!c.Secure || !c.HTTPOnly) {
			t.Errorf("the device's cookie over https: Secure %v HttpOnly %v", c.Secure, c.HTTPOnly)
		}
	}
	if !eval[bool](desk, `document.getElementById("noreload").hidden`) {
		t.Error("the desk with its service worker warns that it cannot reload offline")
	}
	desk.openTill("50")
	desk.sellCash(cashSale{codes: []string{l.serial(1)}, tendered: "10", receipt: "Vente n° 1 — caisse « caisse-1 »"})
	desk.noErrors()
	// The desk's address typed in plain http lands on its page over https,
	// still paired.
	desk.run(chromedp.Navigate(plainURL(l) + "/caisse"))
	desk.waitPath("/caisse")
	desk.waitUntil("the desk over https", func() (bool, string) {
		return eval[bool](desk, `location.href === "`+l.url+`/caisse" && document.getElementById("desk") !== null`), eval[string](desk, "location.href")
	})
	desk.dropErrors(func(e string) bool { return strings.Contains(e, "Cross-Origin-Opener-Policy header has been ignored") })
	desk.noErrors()

	org := l.newTabIn(b, "/organisateur/appareils", chromedp.WithNewBrowserContext())
	org.run(chromedp.EmulateViewport(1366, 768),
		chromedp.Navigate(l.url+"/connexion"),
		chromedp.SendKeys("#password", testPassword),
		chromedp.Submit("#password"),
		chromedp.WaitVisible("nav.orgnav"),
		chromedp.Navigate(org.url),
	)
	received := receivedFingerprint(org)
	if received != cert.Fingerprint {
		t.Fatalf("the browser received the certificate %s, the server's is %s", received, cert.Fingerprint)
	}
	if got := certOnPage(org, "Empreinte SHA-256 du certificat du serveur"); got != received {
		t.Errorf("the devices' page shows the fingerprint %q, the browser received %s", got, received)
	}
	if got := certOnPage(org, "Empreinte SHA-256 du certificat de la salle"); got != cert.AuthorityFingerprint {
		t.Errorf("the devices' page shows the hall's fingerprint %q, want %s", got, cert.AuthorityFingerprint)
	}
	eval[chromedp.Void](org, `document.getElementById("certificate").scrollIntoView()`)
	org.screenshot("tls-organisateur-appareils-portable")
	org.axe()
	org.noErrors()

	pair := l.newTabIn(b, "/appairer", chromedp.WithNewBrowserContext())
	for _, size := range []struct {
		name          string
		width, height int64
	}{{"telephone", 390, 844}, {"tablette", 820, 1180}, {"portable", 1366, 768}} {
		pair.run(chromedp.EmulateViewport(size.width, size.height), chromedp.Navigate(pair.url))
		if got := certOnPage(pair, "Empreinte SHA-256 du certificat du serveur"); got != received {
			t.Errorf("/appairer (%s) shows the fingerprint %q, the browser received %s", size.name, got, received)
		}
		eval[chromedp.Void](pair, `document.getElementById("certificate").scrollIntoView()`)
		pair.screenshot("tls-appairer-" + size.name)
	}
	pair.axe()
	if href := pair.attr(`a[href="/certificat-salle.crt"]`, "href"); href == "" {
		t.Error("/appairer offers no hall's certificate to install")
	}
	// Plain http on the same port: the pairing page is sent to https, the
	// rules' page stays on http.
	pair.run(chromedp.Navigate(plainURL(l) + "/appairer"))
	pair.waitPath("/appairer")
	if u := eval[string](pair, "location.href"); u != l.url+"/appairer" {
		t.Errorf("the pairing page over plain http lands on %s, want %s/appairer", u, l.url)
	}
	pair.run(chromedp.Navigate(plainURL(l) + "/reglement"))
	pair.waitPath("/reglement")
	if u := eval[string](pair, "location.href"); u != plainURL(l)+"/reglement" {
		t.Errorf("the rules' page over plain http lands on %s, want %s/reglement", u, plainURL(l))
	}
	pair.dropErrors(func(e string) bool { return strings.Contains(e, "Cross-Origin-Opener-Policy header has been ignored") })
	pair.noErrors()
}

// TestBrowser_TLS_PlainHTTPOnTheHallsNameIsNoSecureContext: over plain
// HTTP on a name that is not the loopback's (a tablet at the laptop's
// Wi-Fi address without --tls), a tablet still pairs by the form (the
// CSRF check once refused it there: the browser sent "Origin: null") and
// sells, but the page is no secure context: no service worker, no camera.
func TestBrowser_TLS_PlainHTTPOnTheHallsNameIsNoSecureContext(t *testing.T) {
	t.Parallel()
	plain := startLive(t, Config{})
	plain.url = strings.Replace(plain.url, "127.0.0.1", hallName, 1)
	http := plain.openCashierIn(hallBrowser(t), "caisse-1", 820, 1180)
	http.waitPath("/caisse")
	http.openTill("50")
	http.sellCash(cashSale{codes: []string{plain.serial(1)}, tendered: "10", receipt: "Vente n° 1 — caisse « caisse-1 »"})
	if eval[bool](http, `window.isSecureContext || "serviceWorker" in navigator || Boolean(navigator.mediaDevices)`) {
		t.Fatalf("over plain HTTP on %s the desk is a secure context, or has a service worker or a camera", hallName)
	}
	http.shown("noreload")
	http.waitText("#noreload", "sans réseau, ne pas recharger cette page")
	http.screenshot("tls-caisse-http-tablette")
	http.axe()
	// Chromium notes that it ignores the Cross-Origin-Opener-Policy of an
	// insecure origin: one more thing plain HTTP on the hall's address loses.
	http.dropErrors(func(e string) bool { return strings.Contains(e, "Cross-Origin-Opener-Policy header has been ignored") })
	http.noErrors()
}

// TestBrowser_TLS_AcceptedWarningGivesTheCameraNotTheDeskWorker: a tablet
// whose volunteer accepted the browser's warning (the certificate not
// installed) gets a secure context, hence the camera, but chromium
// refuses the cash desk's service worker ("An SSL certificate error
// occurred when fetching the script"): the desk then takes sales without
// network but cannot reload its page without it. Hence the guide: install
// the hall's certificate on the desks' tablets.
func TestBrowser_TLS_AcceptedWarningGivesTheCameraNotTheDeskWorker(t *testing.T) {
	t.Parallel()
	l, _ := startLiveTLS(t, Config{})
	b := hallBrowser(t)
	tb := l.newTabIn(b, "/appairer", chromedp.WithNewBrowserContext())
	var err error
	tb.within("navigating", func(ctx context.Context) error { err = chromedp.Do(ctx, chromedp.Navigate(tb.url)); return nil })
	if err == nil || !strings.Contains(err.Error(), "ERR_CERT_AUTHORITY_INVALID") {
		t.Fatalf("an unknown certificate: %v, want chromium's warning", err)
	}
	// What the volunteer taps on chromium's warning: "Paramètres avancés",
	// then "Continuer vers le site (dangereux)".
	tb.waitFor("body", func(string) bool { return eval[bool](tb, `document.getElementById("proceed-link") !== null`) }, "chromium's warning")
	eval[chromedp.Void](tb, `document.getElementById("details-button").click(); document.getElementById("proceed-link").click()`)
	tb.waitPath("/appairer")
	if !eval[bool](tb, `window.isSecureContext && Boolean(navigator.mediaDevices && navigator.mediaDevices.getUserMedia)`) {
		t.Fatal("after the warning accepted the page is no secure context, or has no camera")
	}
	got := eval[string](tb, `navigator.serviceWorker.register("/caisse-sw.js", {scope: "/caisse"}).then(() => "registered", (e) => String(e))`)
	if !strings.Contains(got, "SSL certificate error") {
		t.Fatalf("the service worker with the warning accepted: %s; the guide says chromium refuses it", got)
	}
	tb.dropErrors(func(string) bool { return true })

	// The desk of that tablet works, and tells its cashier not to reload
	// it without the network.
	p, err := l.auth.AddDevice(context.Background(), org, "tablette caisse", loto.RoleCashier, "caisse-1")
	if err != nil {
		t.Fatal(err)
	}
	tb.run(chromedp.EmulateViewport(820, 1180), chromedp.SendKeys("#code", p.Code), chromedp.Submit("#code"))
	tb.waitPath("/caisse")
	tb.shown("noreload")
	tb.screenshot("tls-caisse-avertissement-accepte-tablette")
	tb.dropErrors(func(string) bool { return true })
}
