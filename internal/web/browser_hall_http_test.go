package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"loto/examples"
	"loto/internal/hallcert"
	"loto/internal/journal"
	"loto/internal/loto"
)

// The hall's network: the laptop at http://192.168.1.10:8080, which is no
// secure context for a browser, unlike 127.0.0.1. These tests reach the
// server by hallName (resolved to the loopback by chromium's host-resolver
// rules), so a page that needs a secure context fails here as it would in
// a hall. Each write is checked in the journal, by its event and the
// device that signed it, not on the page.

// hallDay is a live day reached by hallName: over plain http, or over
// https with the hall's certificate unknown to the browser, whose warning
// each tab accepts the way a volunteer does.
type hallDay struct {
	*live
	browser context.Context
	https   bool
}

// startHallHTTP serves a day of reservations dated today on plain http,
// reached at http://salle.local:PORT.
func startHallHTTP(t *testing.T) *hallDay {
	l, _ := doorDay(t)
	l.url = strings.Replace(l.url, "127.0.0.1", hallName, 1)
	return &hallDay{live: l, browser: hallBrowser(t)}
}

// startHallHTTPS serves the day of startHallHTTP over https at
// https://salle.local:PORT, its certificate not installed on the browser.
func startHallHTTPS(t *testing.T) *hallDay {
	cert, err := hallcert.Ensure(t.TempDir(), []string{hallName, "localhost", "127.0.0.1"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	spec := parseEvent(t, todayLoto(t))
	cfg := Config{Cert: cert}
	l := serveLive(t, cfg, setUpSpec(t, cfg, true, spec))
	if _, err := l.day.ImportReservations(context.Background(), org, []loto.ReservationSpec{{Name: "Hélène Lefèvre", Contact: "06 12 34 56 78", Tickets: 1}}); err != nil {
		t.Fatal(err)
	}
	l.url = strings.Replace(l.url, "127.0.0.1", hallName, 1)
	return &hallDay{live: l, browser: hallBrowser(t), https: true}
}

// tab opens a tab of a browser context of its own at path, after accepting
// the certificate warning on an https day ("Paramètres avancés", then
// "Continuer vers le site").
func (h *hallDay) tab(path string, width, height int64) *tab {
	h.t.Helper()
	tb := h.newTabIn(h.browser, path, chromedp.WithNewBrowserContext())
	tb.run(chromedp.EmulateViewport(width, height))
	if !h.https {
		tb.run(chromedp.Navigate(tb.url))
		return tb
	}
	var err error
	tb.within("navigating", func(ctx context.Context) error { err = chromedp.Do(ctx, chromedp.Navigate(tb.url)); return nil })
	if err == nil || !strings.Contains(err.Error(), "ERR_CERT_AUTHORITY_INVALID") {
		h.t.Fatalf("the hall's certificate unknown: %v, want chromium's warning", err)
	}
	tb.waitFor("body", func(string) bool { return eval[bool](tb, `document.getElementById("proceed-link") !== null`) }, "chromium's warning")
	// The click leaves the page: it runs after the evaluation has returned.
	eval[chromedp.Void](tb, `setTimeout(() => { document.getElementById("details-button").click(); document.getElementById("proceed-link").click() }, 0)`)
	tb.waitPath(strings.SplitN(path, "?", 2)[0])
	tb.dropErrors(func(string) bool { return true }) // the warning's own page
	return tb
}

// paired opens the page of role in a tab paired as a new device named
// name (at desk for a cashier), by the organiser's code typed on /appairer.
func (h *hallDay) paired(role loto.Role, desk, name string, width, height int64) *tab {
	h.t.Helper()
	p, err := h.auth.AddDevice(context.Background(), org, name, role, desk)
	if err != nil {
		h.t.Fatal(err)
	}
	tb := h.tab("/appairer", width, height)
	tb.run(chromedp.SendKeys("#code", p.Code), chromedp.Submit("#code"))
	tb.waitPath(rolePage(role))
	return tb
}

// organiser opens path in a tab logged in with the organiser's password.
func (h *hallDay) organiser(path string) *tab {
	h.t.Helper()
	tb := h.tab("/connexion", laptopW, laptopH)
	tb.run(chromedp.SendKeys("#password", testPassword), chromedp.Submit("#password"), chromedp.WaitVisible("nav.orgnav"))
	tb.run(chromedp.Navigate(h.url + path))
	return tb
}

// hostPressed presses key on the host's page host and waits until the
// journal records an event of typ by the host's laptop.
func (h *hallDay) hostPressed(host *tab, key, typ string) {
	h.t.Helper()
	head := h.head()
	host.press(key)
	h.recorded(head, typ, loto.RoleHost, "portable meneur")
}

// recorded waits for an event of type typ after seq, signed by an actor of
// role whose name is name, with the idempotency key its page made; it
// returns the event.
func (h *hallDay) recorded(after int64, typ string, role loto.Role, name string) journal.Event {
	h.t.Helper()
	var got journal.Event
	h.waitJournal(typ, func() (bool, string) {
		var seen []string
		found := false
		err := h.store.Read(context.Background(), after+1, func(e journal.Event) error {
			seen = append(seen, e.Type+" by "+e.Actor)
			if e.Type == typ && !found {
				got, found = e, true
			}
			return nil
		})
		if err != nil {
			h.t.Fatal(err)
		}
		return found, fmt.Sprintf("the journal after %d: %v", after, seen)
	})
	if want := string(role) + "/" + name; role != loto.RoleCashier && got.Actor != want {
		h.t.Fatalf("%s signed by %q, want %q", typ, got.Actor, want)
	}
	if role == loto.RoleCashier && !strings.HasSuffix(got.Actor, "/"+name) {
		h.t.Fatalf("%s signed by %q, want the desk's tablet %q", typ, got.Actor, name)
	}
	if got.Key == "" {
		h.t.Fatalf("%s recorded without the page's idempotency key", typ)
	}
	return got
}

// waitJournal polls the journal as tab.waitUntil polls a page.
func (h *hallDay) waitJournal(what string, done func() (bool, string)) {
	h.t.Helper()
	(&tab{t: h.t, ctx: h.browser}).waitUntil("the event "+what, done)
}

// noErrors fails the test on the tab's console errors but those the hall's
// network causes: over plain http chromium ignores the isolation header of
// an insecure origin, and behind an accepted warning it refuses the desk's
// service worker.
func (h *hallDay) noErrors(tb *tab) {
	h.t.Helper()
	tb.dropErrors(func(e string) bool {
		return strings.Contains(e, "Cross-Origin-Opener-Policy header has been ignored") || h.https && strings.Contains(e, "SSL certificate error")
	})
	tb.noErrors()
}

// secure is whether the tab is a secure context, and has the cash desk's
// service worker registered for /caisse.
func secure(tb *tab) (secureContext bool, worker string) {
	tb.t.Helper()
	secureContext = eval[bool](tb, `window.isSecureContext`)
	worker = eval[string](tb, `"serviceWorker" in navigator ? navigator.serviceWorker.register("/caisse-sw.js", {scope: "/caisse"}).then(() => "registered", (e) => String(e)) : "none"`)
	return secureContext, worker
}

// everyWrite makes the main write of every staff page through the page, on
// the hall's name, and checks each in the journal: the organiser pairs a
// device, the cash desk sells, the door admits a ticket holder, the host
// starts a game and draws, the controller registers a claim, the host
// controls it and rules on it.
func everyWrite(t *testing.T, h *hallDay) {
	// The organiser pairs a tablet on /organisateur/appareils.
	devices := h.organiser("/organisateur/appareils")
	devices.waitText("#devices tbody", "appareil contrôleur")
	head := h.head()
	devices.run(chromedp.SendKeys("#devname", "téléphone de Paul"),
		chromedp.SetValue("#devrole", string(loto.RoleController)),
		chromedp.Click("#pairform button[type=submit]"))
	h.recorded(head, loto.TypeDevicePaired, loto.RoleOrganiser, "organisateur")
	devices.waitText("#said", "« téléphone de Paul » est prêt à être appairé")
	h.noErrors(devices)

	// The cash desk opens its till and sells a card for cash.
	desk := h.paired(loto.RoleCashier, "caisse-1", "tablette caisse 1", tabletW, tabletH)
	head = h.head()
	desk.openTill("50")
	h.recorded(head, loto.TypeDeskOpened, loto.RoleCashier, "tablette caisse 1")
	head = h.head()
	desk.sellCash(cashSale{codes: []string{h.serial(1)}, tendered: "10", receipt: "Vente n° 1 — caisse « caisse-1 »"})
	h.recorded(head, loto.TypeSaleRecorded, loto.RoleCashier, "tablette caisse 1")
	h.noErrors(desk)

	// The door admits a reservation's holder with the free card.
	{
		rs := h.day.Reservations()
		door := h.paired(loto.RoleDoor, "", "téléphone entrée", 390, 844)
		door.waitText("#live", "En ligne")
		head = h.head()
		door.scan("LOTO-TICKET:" + rs[0].Tickets[0].Code)
		door.waitText("#step", "Étape 2 sur 2")
		door.scan(h.serial(101))
		h.recorded(head, loto.TypeTicketCrossed, loto.RoleDoor, "téléphone entrée")
		door.waitAnswer("admitted")
		h.noErrors(door)
	}

	// The host starts the first game and draws a number.
	host := h.paired(loto.RoleHost, "", "portable meneur", laptopW, laptopH)
	ctl := h.paired(loto.RoleController, "", "téléphone contrôle", 390, 844)
	host.waitText("#live", "En direct")
	ctl.waitText("#live", "En direct")
	h.hostPressed(host, "l", loto.TypeGameStarted)
	host.waitText("#phase", loto.PhaseDrawing.French())
	h.hostPressed(host, " ", loto.TypeNumberDrawn)
	host.waitText("#count", "1 / 90")

	// The controller registers a call of the card sold; the host controls it.
	head = h.head()
	claim(ctl, h.serial(1))
	h.recorded(head, loto.TypeClaimRegistered, loto.RoleController, "téléphone contrôle")
	ctl.waitText("#said", "Annonce 1 enregistrée")
	host.waitText("#phase", loto.PhaseCalled.French())
	h.hostPressed(host, "c", loto.TypeControlStarted)
	host.waitText("#claims", loto.VerdictNotWinner.French())

	// The host rules on the dispute (R27).
	head = h.head()
	host.shortcut("d")
	host.run(chromedp.WaitVisible("#rulewhat"),
		chromedp.SendKeys("#rulewhat", "la partie continue"),
		chromedp.SendKeys("#rulewhy", "le joueur s'est trompé de carte"+kb.Enter))
	h.recorded(head, loto.TypeRulingRecorded, loto.RoleHost, "portable meneur")
	host.waitText("#said", "Décision enregistrée")
	for _, tb := range []*tab{host, ctl} {
		h.noErrors(tb)
	}
}

// uploadEvent sends the example event file on /organisateur/evenement of a
// day without an event, reached by the hall's name, and checks the event
// recorded in the journal.
func uploadEvent(t *testing.T, h *hallDay) {
	tb := h.organiser("/organisateur/evenement")
	tb.run(chromedp.WaitVisible("#file"))
	file := filepath.Join(t.TempDir(), "mega-loto.yaml")
	if err := os.WriteFile(file, examples.MegaLoto, 0o600); err != nil {
		t.Fatal(err)
	}
	head := h.head()
	tb.run(chromedp.SetUploadFiles("#file", []string{file}))
	tb.waitText("#result h2", "✓ Fichier valide")
	tb.run(chromedp.Click("#create"))
	tb.confirmEvent()
	h.recorded(head, loto.TypeEventCreated, loto.RoleOrganiser, "organisateur")
	tb.waitText(".done", "Événement enregistré")
	h.noErrors(tb)
}

// TestBrowser_HallHTTP_EveryPageWritesOverPlainHTTP: on the hall's network
// over plain http, which is no secure context, every staff page makes its
// main write: a pairing and an event file (organiser), a till opened and a
// sale (desk), an admission (door), a start, a draw, a control and a ruling
// (host), a claim (controller). Each is in the journal, signed by its page's
// device, under the key its page made.
func TestBrowser_HallHTTP_EveryPageWritesOverPlainHTTP(t *testing.T) {
	t.Parallel()
	h := startHallHTTP(t)
	probe := h.tab("/appairer", 390, 844)
	if ok, worker := secure(probe); ok || worker != "none" {
		t.Fatalf("http://%s is a secure context (%v) or has a service worker (%s): the test would not be the hall's", hallName, ok, worker)
	}
	everyWrite(t, h)

	bare := startLiveEvent(t, Config{}, nil)
	bare.url = strings.Replace(bare.url, "127.0.0.1", hallName, 1)
	uploadEvent(t, &hallDay{live: bare, browser: h.browser})
}

// TestBrowser_HallHTTPS_EveryPageWritesBehindAnAcceptedWarning: over https
// with the hall's certificate unknown, each volunteer accepting the
// browser's warning, the pages are a secure context but chromium refuses
// the cash desk's service worker; every staff page still makes its main
// write, checked in the journal.
func TestBrowser_HallHTTPS_EveryPageWritesBehindAnAcceptedWarning(t *testing.T) {
	t.Parallel()
	h := startHallHTTPS(t)
	probe := h.tab("/appairer", 390, 844)
	ok, worker := secure(probe)
	if !ok || !strings.Contains(worker, "SSL certificate error") {
		t.Fatalf("behind an accepted warning: secure context %v, service worker %q; want secure and the worker refused", ok, worker)
	}
	probe.dropErrors(func(string) bool { return true })
	everyWrite(t, h)
}
