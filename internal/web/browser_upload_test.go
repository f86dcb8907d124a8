package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The organiser chooses the event file and the logo it names
// together on the event's page; a logo whose name differs in case is named
// as such and nothing is recorded; the right one added, the event is
// recorded with its logo and its public address, which the page then shows.
func TestBrowserUpload_EventFileWithItsLogo(t *testing.T) {
	t.Parallel()
	l := startLiveEvent(t, Config{}, nil)
	tb := l.openOrganiser("/organisateur/evenement", laptopW, laptopH)
	tb.run(chromedp.WaitVisible("#file"))
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	logo := pngOf(t, 120, 60, 200)
	file := write("mon-loto.yaml", sponsoredFile("boulangerie.png"))
	wrong := write("Boulangerie.PNG", logo)
	before := l.head()

	tb.run(chromedp.SetUploadFiles("#file", []string{file, wrong}))
	tb.waitText("#result", "fichier introuvable, mais il y a « Boulangerie.PNG » : écrire le nom exactement")
	if got := tb.text("#images"); !strings.Contains(got, "Boulangerie.PNG") {
		t.Errorf("the images chosen show %q", got)
	}
	if !strings.Contains(eval[string](tb, `document.getElementById("text").value`), "logo: boulangerie.png") {
		t.Error("the event file is not in the editor")
	}
	tb.screenshot("organisateur-evenement-logo-erreur-laptop")
	tb.resize(390, 844)
	tb.screenshot("organisateur-evenement-logo-erreur-telephone")
	tb.resize(laptopW, laptopH)
	tb.axe()
	if l.head() != before || l.day.Event() != nil {
		t.Fatal("a file whose logo is missing recorded something")
	}

	// The wrong image taken off, the right one chosen alone: the file stays.
	tb.run(chromedp.Click(`#images button[aria-label="Retirer l'image Boulangerie.PNG"]`))
	tb.waitText("#result", "fichier introuvable parmi ceux qui accompagnent le fichier de l'événement")
	tb.run(chromedp.SetUploadFiles("#file", []string{write("boulangerie.png", logo)}))
	tb.waitText("#result h2", "✓ Fichier valide")
	if got := tb.count("#images li"); got != 1 {
		t.Errorf("%d images listed, want 1", got)
	}
	tb.tabletShot("organisateur-evenement-logo-tablette")
	tb.resize(laptopW, laptopH)
	tb.run(chromedp.Click("#create"))
	tb.confirmEvent()
	tb.waitText(".done", "Événement enregistré")
	ev := l.day.Event()
	if ev == nil || len(ev.Logos) != 1 || ev.Logos[0].Type != "image/png" || ev.PublicURL != "http://192.168.1.10:8080" {
		t.Fatalf("the day's event: %+v", ev)
	}
	for _, want := range []string{"Adresse publique (billets)", "http://192.168.1.10:8080", "Logos des donateurs"} {
		if !strings.Contains(tb.text("main"), want) {
			t.Errorf("the event's page lacks %q", want)
		}
	}
	// The page reloaded shows the event before its image has loaded.
	if w := eval[int](tb, `(async () => {
		const img = document.querySelector(".facts img.logo");
		if (!img.complete) await new Promise((loaded) => img.addEventListener("load", loaded, { once: true }));
		return img.naturalWidth;
	})()`); w != 120 {
		t.Errorf("the recorded logo shows %d pixels wide, want 120", w)
	}
	tb.run(chromedp.ScrollIntoView(".facts img.logo"))
	tb.screenshot("organisateur-evenement-logo-laptop")
	tb.axe()
	tb.noScriptErrors()
}
