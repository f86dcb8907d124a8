package web

import (
	"bytes"
	"context"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"loto/examples"
)

// The organiser's set-up pages in the browser, on a real server and a real
// SQLite file: what each page shows, and what the journal then holds.

// resize changes the tab's viewport, for a screenshot at another size.
func (tb *tab) resize(width, height int64) {
	tb.t.Helper()
	tb.run(chromedp.EmulateViewport(width, height))
}

// tabletShot shows the page at a tablet's size and writes its screenshot
// as name.png.
func (tb *tab) tabletShot(name string) {
	tb.t.Helper()
	tb.resize(tabletW, tabletH)
	tb.screenshot(name)
}

// downloads lets the tab save its downloads in a temporary folder and
// returns a function that waits for the next one to finish and returns
// its path. The browser tells every download of every test to each
// listener: the tab's are those of its server's origin (a blob's URL
// names it too), each test's server having a port of its own.
func (tb *tab) downloads() func() string {
	tb.t.Helper()
	dir := tb.t.TempDir()
	u, err := url.Parse(tb.url)
	if err != nil {
		tb.t.Fatal(err)
	}
	origin := u.Scheme + "://" + u.Host + "/"
	done := make(chan string, 4)
	var mu sync.Mutex
	mine := map[string]bool{}
	if err := chromedp.ListenBrowser(tb.ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *cdpbrowser.EventDownloadWillBegin:
			if strings.HasPrefix(strings.TrimPrefix(e.URL, "blob:"), origin) {
				mine[e.GUID] = true
			}
		case *cdpbrowser.EventDownloadProgress:
			if e.State == cdpbrowser.DownloadProgressStateCompleted && mine[e.GUID] {
				done <- filepath.Join(dir, e.GUID)
			}
		}
	}); err != nil {
		tb.t.Fatal(err)
	}
	c := chromedp.FromContext(tb.ctx)
	events := true
	tb.within("allowing downloads", func(ctx context.Context) error {
		_, err := cdp.Call(ctx, c.Browser, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
			Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName, BrowserContextID: c.BrowserContextID,
			DownloadPath: dir, EventsEnabled: &events,
		})
		return err
	})
	return func() string {
		tb.t.Helper()
		select {
		case p := <-done:
			return p
		case <-time.After(patience):
			tb.t.Fatalf("no download finished in %v", patience)
			return ""
		}
	}
}

// noScriptErrors is noErrors but for the browser's note of each answer
// with an error status: these pages show the server's refusals on purpose.
func (tb *tab) noScriptErrors() {
	tb.t.Helper()
	tb.dropErrors(func(e string) bool {
		return strings.Contains(e, "Failed to load resource: the server responded with a status of 4")
	})
	tb.noErrors()
}

// poppler runs a poppler tool on a file and returns its output.
func poppler(t *testing.T, tool string, args ...string) string {
	t.Helper()
	path, err := exec.LookPath(tool)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing: CI must install poppler-utils", tool)
		}
		t.Skipf("%s is missing", tool)
	}
	out, err := exec.Command(path, args...).Output()
	if err != nil {
		t.Fatalf("%s %v: %v", tool, args, err)
	}
	return string(out)
}

// Sizes of the screenshots: the organiser's laptop, and a tablet.
const (
	laptopW, laptopH = 1366, 768
	tabletW, tabletH = 820, 1180
)

// An event file with two mistakes shows both at their lines and records
// nothing; a file in Latin-1 is told in French; the file fixed, the event
// is created and the page then shows it, read-only.
func TestBrowserSetup_EventFileMistakesThenCreated(t *testing.T) {
	t.Parallel()
	l := startLiveEvent(t, Config{}, nil)
	tb := l.openOrganiser("/organisateur/evenement", laptopW, laptopH)
	tb.run(chromedp.WaitVisible("#text"))
	if got := tb.text(`.orgnav a[aria-current="page"]`); got != "Événement" {
		t.Errorf("the navigation marks %q as current", got)
	}
	before := l.head()

	tb.run(chromedp.SetValue("#text", string(badEventFile())), chromedp.Click("#create"))
	tb.waitText("#result h2", "2 erreurs : rien n'est enregistré")
	if got := tb.count("#listing li.bad"); got != 2 {
		t.Errorf("%d lines marked in the listing, want 2", got)
	}
	for _, want := range []string{"⚠ ligne 4, date : date « 16/03/2025 » invalide", "⚠ ligne 22, series[0].cards : nombre de cartes 0 invalide"} {
		if !strings.Contains(tb.text("#listing"), want) {
			t.Errorf("the listing lacks %q", want)
		}
	}
	if got := tb.text("#ligne-4 code"); got != "date: 16/03/2025" {
		t.Errorf("line 4 of the listing shows %q", got)
	}
	if got := tb.text("#result .mistakes li:nth-child(2) button"); got != "Ligne 22" {
		t.Errorf("the second mistake's button says %q", got)
	}
	tb.screenshot("organisateur-evenement-erreurs-laptop")
	tb.run(chromedp.Evaluate[chromedp.Void](`document.getElementById("ligne-20").scrollIntoView()`))
	tb.screenshot("organisateur-evenement-erreurs-ligne-laptop")
	tb.tabletShot("organisateur-evenement-erreurs-tablette")
	tb.resize(laptopW, laptopH)
	tb.axe()
	if l.head() != before || l.day.Event() != nil {
		t.Fatal("a file with mistakes recorded something")
	}

	// A file saved in Latin-1, chosen with the file input, as a keyboard user does.
	latin1 := filepath.Join(t.TempDir(), "loto.yaml")
	os.WriteFile(latin1, bytes.Replace(examples.MegaLoto, []byte("Salle Hermione"), []byte("Salle d\xe9partementale"), 1), 0o644)
	tb.run(chromedp.SetUploadFiles("#file", []string{latin1}))
	tb.waitText("#result", "ligne 6 : le fichier de l'événement n'est pas en UTF-8")

	tb.run(chromedp.SetValue("#text", string(examples.MegaLoto)), chromedp.Click("#create"))
	tb.confirmEvent()
	tb.waitText(".done", "Événement enregistré")
	if ev := l.day.Event(); ev == nil || ev.Name != "Méga Loto du Rotary Saint-Brieuc" {
		t.Fatalf("the day's event: %+v", ev)
	}
	for _, want := range []string{"Méga Loto du Rotary Saint-Brieuc", "Salle Hermione, Saint-Brieuc", "Tirage de la voiture", "caisse-1"} {
		if !strings.Contains(tb.text("main"), want) {
			t.Errorf("the event's page lacks %q", want)
		}
	}
	if tb.count("#eventform") != 0 {
		t.Error("the recorded event's page still offers to send a file")
	}
	tb.screenshot("organisateur-evenement-laptop")
	tb.axe()
	tb.tabletShot("organisateur-evenement-tablette")
	tb.noScriptErrors()
}

// A series created on the page; its cards downloaded as a PDF whose text
// holds them and whose fonts are embedded.
func TestBrowserSetup_SeriesCreatedAndCardsDownloaded(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	tb := l.openOrganiser("/organisateur/series", laptopW, laptopH)
	tb.run(chromedp.WaitVisible("#seriesform"),
		chromedp.SendKeys("#code", "B"),
		chromedp.SendKeys("#cards", "12"),
		chromedp.SendKeys("#color", "vert"),
		chromedp.SendKeys("#title", "Loto du soir"),
		chromedp.Click("#seriesform button"),
	)
	tb.waitText("#series", "Loto du soir")
	if s, err := l.srv.seriesOf("B"); err != nil || s.Cards != 12 {
		t.Fatalf("series B: %+v %v", s, err)
	}
	wait := tb.downloads()
	tb.run(chromedp.SetValue("#pseries", "B"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("pseries").dispatchEvent(new Event("change"))`),
		chromedp.SetValue("#layout", "3"),
		chromedp.SetValue("#bleed", "3"),
		chromedp.Click("#crop"),
		chromedp.Click("#download"))
	pdf := wait()
	tb.waitText("#said", "cartes-B-1-12.pdf téléchargé")
	text := poppler(t, "pdftotext", "-enc", "UTF-8", pdf, "-")
	for _, want := range []string{"Loto du soir", "B-000001-", "B-000012-"} {
		if !strings.Contains(text, want) {
			t.Errorf("the downloaded PDF lacks %q", want)
		}
	}
	fonts := poppler(t, "pdffonts", pdf)
	if strings.Contains(fonts, " no ") && strings.Contains(fonts, "Type 1") || !strings.Contains(fonts, "LotoSans-Bold") {
		t.Errorf("the PDF's fonts are not all embedded:\n%s", fonts)
	}
	tb.screenshot("organisateur-series-laptop")
	tb.axe()
	// A range past the series' end: the French refusal shows on the page.
	tb.run(chromedp.SetValue("#to", "99"), chromedp.Click("#download"))
	tb.waitText("#error", "la série B va de 1 à 12")
	tb.tabletShot("organisateur-series-tablette")
	tb.noScriptErrors()
}

// A CSV with a bad line: the preview names it and nothing is recorded;
// fixed, the preview lists the reservations and the import records them;
// the search finds a holder; the tickets print.
func TestBrowserSetup_ReservationsImportSearchTickets(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	tb := l.openOrganiser("/organisateur/reservations", laptopW, laptopH)
	tb.run(chromedp.WaitVisible("#drop"))
	dir := t.TempDir()
	bad, good := filepath.Join(dir, "mauvais.csv"), filepath.Join(dir, "reservations.csv")
	os.WriteFile(bad, []byte("Nom;Téléphone;Billets\nLefèvre Hélène;06 12 34 56 78;2\nMartin Paul;pas un numéro;1\n"), 0o644)
	// Windows-1252, as Excel saves a "CSV" on a French Windows.
	os.WriteFile(good, []byte("Nom;T\xe9l\xe9phone;Billets\nLef\xe8vre H\xe9l\xe8ne;06 12 34 56 78;2\nMartin Paul;paul@example.fr;1\n"), 0o644)
	before := l.head()
	tb.run(chromedp.SetUploadFiles("#csv", []string{bad}))
	tb.waitText("#preview", "Rien n'est enregistré")
	tb.waitText("#preview ul.mistakes li", "ligne 3 : contact « pas un numéro » invalide")
	tb.screenshot("organisateur-reservations-erreur-laptop")
	if l.head() != before || len(l.day.Reservations()) != 0 {
		t.Fatal("a CSV with a bad line recorded something")
	}

	// The fixed file dropped on the drop zone, as a mouse user does: a drop
	// event carrying the file's bytes.
	data, _ := os.ReadFile(good)
	var nums []string
	for _, c := range data {
		nums = append(nums, strconv.Itoa(int(c)))
	}
	tb.run(chromedp.Evaluate[chromedp.Void](`(() => {
		const dt = new DataTransfer();
		dt.items.add(new File([new Uint8Array([` + strings.Join(nums, ",") + `])], "reservations.csv", {type: "text/csv"}));
		document.getElementById("drop").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
	})()`))
	tb.waitText("#preview h3", "Aperçu : 2 réservations, 3 billets — rien n'est encore enregistré")
	if got := tb.text("#preview tbody tr:first-child"); !strings.Contains(got, "Lefèvre Hélène") {
		t.Errorf("the preview's first line: %q", got)
	}
	if l.head() != before {
		t.Fatal("the preview recorded something")
	}
	tb.screenshot("organisateur-reservations-apercu-laptop")
	tb.axe()
	tb.run(chromedp.Click("#preview button.big"))
	tb.waitText("#said", "2 réservations enregistrées")
	if rs := l.day.Reservations(); len(rs) != 2 || rs[0].Name != "Lefèvre Hélène" || len(rs[0].Tickets) != 2 {
		t.Fatalf("reservations recorded: %+v", rs)
	}

	tb.run(chromedp.SendKeys("#q", "lefevre\r")) // Enter, as a scanner or a keyboard ends it
	tb.waitText("#count", "1 réservation trouvée pour « lefevre »")
	code := l.day.Reservations()[0].Tickets[0].Code
	if got := tb.text("#list tbody"); !strings.Contains(got, "Lefèvre Hélène") || !strings.Contains(got, code) || strings.Contains(got, "Martin") {
		t.Errorf("the search shows %q", got)
	}
	wait := tb.downloads()
	tb.run(chromedp.Click("#list tbody a"))
	text := poppler(t, "pdftotext", "-enc", "UTF-8", wait(), "-")
	if !strings.Contains(text, code) || !strings.Contains(text, "Lefèvre Hélène") {
		t.Errorf("the tickets' PDF lacks the code %s or the holder:\n%s", code, text)
	}
	tb.screenshot("organisateur-reservations-laptop")
	tb.axe()
	tb.tabletShot("organisateur-reservations-tablette")
	tb.noScriptErrors()
}
