package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"loto/internal/loto"
)

// TestBrowser_RemovedDeviceIsToldToPairAgain: the host's tablet is open
// when the organiser removes it. At the next change of the game its page
// stops trying again: it says, in French, that the device was removed and
// to ask for a new code, with the link to the pairing page, instead of
// "Connexion perdue" for ever.
func TestBrowser_RemovedDeviceIsToldToPairAgain(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	l.sell(1, 10)
	ctx := context.Background()
	p, err := l.auth.AddDevice(ctx, org, "tablette du meneur", loto.RoleHost, "")
	if err != nil {
		t.Fatal(err)
	}
	host := l.newTab("/meneur", chromedp.WithNewBrowserContext())
	host.run(chromedp.EmulateViewport(1366, 768), chromedp.Navigate(l.url+"/appairer"), chromedp.SendKeys("#code", p.Code), chromedp.Submit("#code"))
	host.waitPath("/meneur")
	host.waitText("#live", "En direct")
	if _, err := l.auth.RevokeDevice(ctx, org, p.Device.ID, "tablette perdue"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.day.StartGame(ctx, l.devices[loto.RoleHost]); err != nil {
		t.Fatal(err)
	}
	host.waitText("#refusal", "« tablette du meneur » a été révoqué")
	host.waitText("#refusal a[href=\"/appairer\"]", "Appairer cet appareil avec un nouveau code")
	host.waitText("#live", "Appareil retiré : demander un nouveau code")
	host.screenshot("meneur-appareil-retire-1366x768")
	host.axe()
	// It stays so: no retry says "Connexion perdue" over it.
	time.Sleep(2500 * time.Millisecond)
	if got := host.text("#live"); got != "Appareil retiré : demander un nouveau code" {
		t.Fatalf("the removed device's page says %q", got)
	}
	host.dropErrors(func(e string) bool { return strings.Contains(e, "403") })
	host.noErrors()
}

// TestBrowser_DashboardOfAnEndedSessionSaysToLogIn: the organiser's
// dashboard is open when the password is changed elsewhere, which ends
// every session. At the next move of the journal the dashboard says the
// session is closed, with the link to log in again.
func TestBrowser_DashboardOfAnEndedSessionSaysToLogIn(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	dash := l.openOrganiser("/organisateur", laptopW, laptopH)
	dash.waitText("#live", "En direct")
	ctx := context.Background()
	if err := l.auth.SetOrganiserPassword(ctx, org, "un autre mot de passe du test"); err != nil {
		t.Fatal(err)
	}
	l.sell(1, 2)
	dash.waitText("#refusal", "se reconnecter")
	dash.waitText("#refusal a[href=\"/connexion\"]", "Se reconnecter")
	dash.waitText("#live", "Session fermée : se reconnecter")
	dash.screenshot("organisateur-session-fermee-1366x768")
	dash.axe()
	dash.dropErrors(func(e string) bool { return strings.Contains(e, "403") })
	dash.noErrors()
}
