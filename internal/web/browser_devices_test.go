package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"loto/internal/loto"
)

// qrOnPage decodes, in the page, the QR code drawn in the element of
// selector with the vendored jsQR: what a phone's camera would read.
func qrOnPage(tb *tab, selector string) string {
	tb.t.Helper()
	src, err := os.ReadFile(filepath.Join("static", "vendor", "jsqr.js"))
	if err != nil {
		tb.t.Fatal(err)
	}
	tb.run(chromedp.Evaluate[chromedp.Void](string(src)))
	return eval[string](tb, `(async () => {
		const svg = document.querySelector(`+"`"+selector+` svg`+"`"+`).outerHTML;
		const img = new Image();
		img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
		await img.decode();
		const c = document.createElement("canvas");
		c.width = c.height = 400;
		const g = c.getContext("2d");
		g.drawImage(img, 0, 0, 400, 400);
		const r = jsQR(g.getImageData(0, 0, 400, 400).data, 400, 400);
		return r ? r.data : "";
	})()`)
}

// TestBrowser_OrganiserPairsADeviceByQRAndRevokesIt: the organiser pairs a
// controller's phone on /organisateur/appareils: the page shows the short
// code big and a QR code that reads as the pairing link with that code;
// the phone (another browser) opens the link, the code is filled in, it
// pairs and works; the list shows it paired with its last contact; the
// organiser revokes it, confirming with a reason, and the phone's next
// request is refused.
func TestBrowser_OrganiserPairsADeviceByQRAndRevokesIt(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	org := l.openOrganiser("/organisateur/appareils", 1366, 768)
	org.waitText("#devices tbody", "appareil contrôleur")
	org.run(chromedp.SendKeys("#devname", "téléphone de Paul"),
		chromedp.SetValue("#devrole", string(loto.RoleController)),
		chromedp.Click("#pairform button[type=submit]"))
	org.waitText("#said", "« téléphone de Paul » est prêt à être appairé")
	code := strings.TrimSpace(org.text("#paircode"))
	if len(code) < 6 {
		t.Fatalf("pairing code %q", code)
	}
	link := qrOnPage(org, "#qr")
	if want := l.url + "/appairer?code=" + code; link != want {
		t.Fatalf("the QR code reads %q, want %q", link, want)
	}
	org.waitText("#pairurl", link)
	org.screenshot("organisateur-appareils-portable")
	org.axe()

	// The phone opens the link: the code is there, one tap pairs it.
	phone := l.newTab("/controle", chromedp.WithNewBrowserContext())
	phone.run(chromedp.EmulateViewport(390, 844), chromedp.Navigate(link))
	if got := eval[string](phone, `document.querySelector("#code").value`); got != code {
		t.Fatalf("the pairing page has the code %q, want %q", got, code)
	}
	phone.run(chromedp.Submit("#code"), chromedp.WaitReady("body"), chromedp.Navigate(phone.url))
	phone.waitText("h1", "Contrôle")

	// Listed as paired, with its last contact.
	org.run(chromedp.Click("#reload"))
	row := `#devices tbody tr:last-child`
	org.waitText(row, "✔ appairé")
	if got := org.text(row); !strings.Contains(got, "téléphone de Paul") || strings.Contains(got, "jamais vu") {
		t.Fatalf("the phone's row %q: want its name and its last contact", got)
	}

	// Revoked, with a confirmation and a reason; its next request is refused.
	org.run(chromedp.Click(row + " button.danger"))
	org.waitText("#confirmtext", "Révoquer « téléphone de Paul » ?")
	org.screenshot("organisateur-appareils-confirmation")
	org.run(chromedp.SendKeys("#confirmreason", "téléphone perdu"), chromedp.Click("#confirmyes"))
	org.waitText("#said", "« téléphone de Paul » est révoqué.")
	org.waitText(row, "✘ révoqué")
	org.waitText(row, "téléphone perdu")
	phone.run(chromedp.Navigate(phone.url))
	phone.waitText("body", "révoqué")
	if n := phone.count("#claimform"); n != 0 {
		t.Fatalf("the revoked phone still gets the controller's page")
	}
	org.noErrors()

	tab := l.openOrganiser("/organisateur/appareils", 820, 1180)
	tab.waitText("#devices tbody", "téléphone de Paul")
	tab.screenshot("organisateur-appareils-tablette")
	tab.axe()
}
