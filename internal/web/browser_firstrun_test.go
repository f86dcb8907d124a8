package web

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"loto/internal/journal"
	"loto/internal/loto"
)

// The first run of a hall: an empty SQLite file served, and the whole
// set-up in the browser, with no command typed.

// firstPassword is the organiser's password chosen through the one-time link.
const firstPassword = "cheval batterie agrafe"

// TestBrowser_SetUpFromAnEmptyBase: on an empty SQLite file the start page
// says the organiser prepares the day; the one-time link sets the
// organiser's password and lands on the organiser's desk, which points to
// the event's page; there the rulebook's example is loaded into the
// editor, adapted (name, date, series) and recorded; the series' cards
// download as a PDF; a desk is paired, opens and sells a card. The journal
// then holds exactly these acts, and the password in none of them.
func TestBrowser_SetUpFromAnEmptyBase(t *testing.T) {
	t.Parallel()
	cfg := Config{}
	l := serveLive(t, cfg, setUpSpec(t, cfg, false, nil))
	if l.head() != 0 {
		t.Fatalf("the base is not empty: %d events", l.head())
	}

	// The start page, on every size a volunteer may open it on.
	home := l.open("/", 390, 844)
	home.waitText("#prep-title", "La journée se prépare")
	for _, want := range []string{"n'a pas encore enregistré l'événement", "lien de première connexion", "Le tableau, les caisses"} {
		if !strings.Contains(home.text(".preparing"), want) {
			t.Errorf("the start page of an empty day lacks %q:\n%s", want, home.text(".preparing"))
		}
	}
	if got := home.attr(".preparing a", "href"); got != "/organisateur" {
		t.Errorf("the start page's first link leads to %q", got)
	}
	home.screenshot("premier-lancement-accueil-telephone")
	home.axe()
	home.tabletShot("premier-lancement-accueil-tablette")
	home.resize(laptopW, laptopH)
	home.screenshot("premier-lancement-accueil-laptop")
	home.noErrors()

	// The one-time link the console prints: the password chosen, the
	// organiser lands on the desk, which says the event comes first.
	link := l.srv.SetupPath()
	if link == "" {
		t.Fatal("no one-time link on an empty base")
	}
	org := l.newTab(link, chromedp.WithNewBrowserContext())
	org.run(chromedp.EmulateViewport(laptopW, laptopH), chromedp.Navigate(l.url+link), chromedp.WaitVisible("#confirm"))
	org.screenshot("premier-lancement-mot-de-passe-laptop")
	org.axe()
	org.run(chromedp.SendKeys("#password", firstPassword), chromedp.SendKeys("#confirm", firstPassword), chromedp.Submit("#confirm"))
	org.waitPath("/organisateur")
	org.waitText("main .banner", "Aucun événement")
	if l.srv.SetupPath() != "" || l.auth.CheckOrganiserPassword(firstPassword) != nil {
		t.Fatal("the link did not set the password, or still works")
	}

	// The event's page: the rulebook's example in the editor, checked.
	org.run(chromedp.Click(`main .banner a[href="/organisateur/evenement"]`))
	org.waitPath("/organisateur/evenement")
	org.run(chromedp.WaitVisible("#example"))
	before := l.head()
	org.run(chromedp.Click("#example"))
	org.waitText("#result h2", "✓ Fichier valide : « Méga Loto du Rotary Saint-Brieuc »")
	if got := eval[string](org, `document.getElementById("text").value.split("\n")[0]`); !strings.HasPrefix(got, "# La journée du règlement") {
		t.Errorf("the editor's first line is %q, not the example's", got)
	}
	if !strings.Contains(org.text("#result"), "Attention : ") {
		t.Errorf("the example's warnings (its date, the 20 € price) are not shown: %s", org.text("#result"))
	}
	if l.head() != before {
		t.Fatalf("loading the example recorded something: %d events after %d", l.head(), before)
	}
	org.screenshot("premier-lancement-exemple-laptop")
	org.axe()
	org.tabletShot("premier-lancement-exemple-tablette")
	org.resize(laptopW, laptopH)

	// The organiser adapts it, as one edits the text: today's day, the
	// doors open, a series of 60 cards of the school's loto.
	today := time.Now().In(parisZone(t)).Format(time.DateOnly)
	eval[bool](org, fmt.Sprintf(`(() => { const t = document.getElementById("text");
		t.value = t.value.replace("name: Méga Loto du Rotary Saint-Brieuc", "name: Loto de l'école Jules-Ferry")
			.replace("date: 2025-03-16", "date: %s").replace('doors: "08:00"', 'doors: "00:00"')
			.replace("cards: 6000", "cards: 60").replace("title: Méga Loto Rotary", "title: Loto de l'école");
		t.dispatchEvent(new Event("input")); return true; })()`, today))
	org.run(chromedp.Click("#create"))
	org.confirmEvent()
	org.waitText(".done", "Événement enregistré")
	ev := l.day.Event()
	if ev == nil || ev.Name != "Loto de l'école Jules-Ferry" || ev.Date != today {
		t.Fatalf("the day's event: %+v", ev)
	}
	if !strings.Contains(org.text("main"), "Loto de l'école Jules-Ferry") {
		t.Error("the event's page does not show the event recorded")
	}

	// The series the event created, and its cards as a PDF.
	org.run(chromedp.Navigate(l.url + "/organisateur/series"))
	org.waitText("#series", "Loto de l'école")
	if got := org.text("#series tbody tr:first-child"); !strings.Contains(got, "A") || !strings.Contains(got, "60") || !strings.Contains(got, "10") {
		t.Errorf("series A shows as %q, want 60 cards on 10 plates", got)
	}
	wait := org.downloads()
	org.run(chromedp.Click("#download"))
	pdf := wait()
	org.waitText("#said", "cartes-A-1-60.pdf téléchargé")
	text := poppler(t, "pdftotext", "-enc", "UTF-8", pdf, "-")
	for _, want := range []string{"Loto de l'école", l.serial(1), l.serial(60)} {
		if !strings.Contains(text, want) {
			t.Errorf("the cards' PDF lacks %q", want)
		}
	}

	// A desk paired on the devices' page; its tablet opens and sells.
	org.run(chromedp.Navigate(l.url+"/organisateur/appareils"), chromedp.WaitVisible("#pairform"))
	desk := l.pairThroughPage(org, "tablette caisse 1", loto.RoleCashier, "caisse-1", tabletW, tabletH)
	desk.openTill("50")
	desk.sellCash(cashSale{codes: []string{l.serial(1)}, total: "5,00 €", tendered: "5", receipt: "Vente n° 1 — caisse « caisse-1 »"})
	desk.screenshot("premier-lancement-caisse-tablette")
	org.noScriptErrors()
	desk.noErrors()

	// The journal: the password first and the session it opened, then
	// the event with its series, the desk's pairing, its opening and its
	// sale; no event holds the password or its hash.
	var types []string
	err := l.store.Read(context.Background(), 1, func(e journal.Event) error {
		types = append(types, e.Type)
		if strings.Contains(string(e.Payload), firstPassword) || strings.Contains(string(e.Payload), "argon2") {
			t.Errorf("event %d (%s) holds the password or its hash: %s", e.Seq, e.Type, e.Payload)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{loto.TypeOrganiserPasswordSet, loto.TypeSessionOpened, loto.TypeSeriesCreated, loto.TypeSeriesCreated, loto.TypeEventCreated,
		loto.TypeDevicePaired, loto.TypeDeviceCodeUsed, loto.TypeDeskOpened, loto.TypeSaleRecorded}
	if fmt.Sprint(types) != fmt.Sprint(want) {
		t.Fatalf("the journal of the set-up: %v, want %v", types, want)
	}
}

// parisZone is the example day's time zone.
func parisZone(t *testing.T) *time.Location {
	t.Helper()
	zone, err := loto.LoadTimeZone("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	return zone
}
