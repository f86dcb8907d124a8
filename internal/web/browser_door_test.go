package web

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"loto/examples"
	"loto/internal/loto"
)

// todayLoto is the example day dated today, its doors open from midnight:
// an admission then has no warning of the clock (R1) and shows green.
func todayLoto(t *testing.T) []byte {
	t.Helper()
	zone, err := loto.LoadTimeZone("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	y := bytes.Replace(examples.MegaLoto, []byte("date: 2025-03-16"), []byte("date: "+time.Now().In(zone).Format(time.DateOnly)), 1)
	y = bytes.Replace(y, []byte(`doors: "08:00"`), []byte(`doors: "00:00"`), 1)
	if bytes.Equal(y, examples.MegaLoto) {
		t.Fatal("the example day has no date or doors to move")
	}
	return y
}

// doorDay serves today's example day with two reservations made through
// the domain: Hélène Lefèvre's two tickets and Paul Martin's one.
func doorDay(t *testing.T) (*live, []loto.Reservation) {
	t.Helper()
	l := startLiveEvent(t, Config{}, todayLoto(t))
	rs, err := l.day.ImportReservations(context.Background(), org, []loto.ReservationSpec{
		{Name: "Hélène Lefèvre", Contact: "06 12 34 56 78", Tickets: 2},
		{Name: "Paul Martin", Contact: "paul@example.fr", Tickets: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	return l, rs
}

// scan types text into the door's field and Enter, as a USB scanner does.
func (tb *tab) scan(text string) {
	tb.t.Helper()
	tb.run(chromedp.SendKeys("#scan", text+kb.Enter))
}

// waitAnswer waits for the full-screen answer of kind and returns its texts.
func (tb *tab) waitAnswer(kind string) (word, title, detail string) {
	tb.t.Helper()
	tb.waitFor("#answer", func(string) bool {
		return tb.attr("#answer", "data-kind") == kind && eval[bool](tb, `!document.getElementById("answer").hidden`)
	}, "to be a shown answer "+kind)
	return tb.text("#aword"), tb.text("#atitle"), tb.text("#adetail")
}

// crossing is the crossing of ticket number n, read through the domain.
func (l *live) crossing(n int) *loto.Crossing {
	l.t.Helper()
	for _, r := range l.day.Reservations() {
		for _, tk := range r.Tickets {
			if tk.Number == n {
				return tk.Crossed
			}
		}
	}
	l.t.Fatalf("no ticket %d", n)
	return nil
}

// TestBrowser_DoorAdmitsRefusesAndFinds: on a phone, the door page admits
// a scanned ticket with its free card (green, the free card issued, R4),
// refuses its second scan (red, with when, at which door and by whom, R5),
// refuses a forged code (red), admits a holder found by name (green), and
// a free card given while a game runs is admitted in orange (it plays from
// the next game, R14); the counts follow, also another door's admission;
// the sound switch survives a reload, and a silenced answer plays nothing.
func TestBrowser_DoorAdmitsRefusesAndFinds(t *testing.T) {
	t.Parallel()
	l, rs := doorDay(t)
	helene, paul := rs[0], rs[1]
	door := l.openAs(loto.RoleDoor, "/entree", 390, 844)
	door.waitText("#expected", "3")
	door.waitText("#crossed", "0")
	door.waitText("#tocome", "3")
	door.waitText("#live", "En ligne")
	door.axe()
	door.screenshot("entree-telephone")

	// A scanned ticket, then its free card: green, with a word and a symbol.
	// The scanner is set for a US keyboard, the tablet for a French one:
	// what it types is read back as the codes it scanned.
	door.scan(usOnAzerty("LOTO-TICKET:" + helene.Tickets[0].Code))
	door.waitText("#holder", "Billet n° 1 de Hélène Lefèvre — 2 billets sur 2 à barrer")
	door.waitText("#step", "Étape 2 sur 2")
	free := l.serial(101)
	door.scan(usOnAzerty(free))
	word, title, detail := door.waitAnswer("admitted")
	if word != "ENTRÉE VALIDÉE" || title != "Bienvenue Hélène Lefèvre" || door.text("#asymbol") != "✔" ||
		detail != "Carte gratuite "+free+" remise. Billet n° 1 barré." {
		t.Fatalf("green answer: %q %q %q", word, title, detail)
	}
	if got := door.attr("#answer", "data-sound"); got != "admitted" {
		t.Fatalf("green sound: %q", got)
	}
	c := l.crossing(1)
	if c == nil || c.Card != free || c.Door != "navigateur entrée" {
		t.Fatalf("ticket 1 not crossed out with its free card: %+v", c)
	}
	door.waitText("#crossed", "1")
	door.waitText("#tocome", "2")
	door.axe()
	door.screenshot("entree-telephone-vert")
	// What was typed right, a name or a phone to look up is left as it
	// is; only a scanner's AZERTY digits are read back.
	got := eval[[]string](door, fmt.Sprintf(`import(%q).then((m) => [%q, %q, "N'DIAYE", "Zoé", "06 12 34 56 78", "A-000123-K7"].map(m.typedCode))`,
		staticPath("scan.js"), usOnAzerty("A-000123-K7"), usOnAzerty("LOTO-PLATE:A-P000123-K7Q")))
	if want := []string{"A-000123-K7", "LOTO-PLATE:A-P000123-K7Q", "N'DIAYE", "Zoé", "06 12 34 56 78", "A-000123-K7"}; !slices.Equal(got, want) {
		t.Errorf("typedCode gives %q, want %q", got, want)
	}

	// The same ticket again: red, when, where and by whom; before any card.
	door.scan(helene.Tickets[0].Code)
	word, title, detail = door.waitAnswer("refused")
	when := c.Time.In(l.day.Event().Location()).Format("15:04")
	want := fmt.Sprintf("Hélène Lefèvre, billet n° 1. Barré à %s, entrée « navigateur entrée », par « navigateur entrée » (carte gratuite %s).", when, free)
	if word != "REFUSÉ" || title != "Billet déjà barré" || door.text("#asymbol") != "✘" || detail != want {
		t.Fatalf("second scan: %q %q %q, want detail %q", word, title, detail, want)
	}
	if got := door.attr("#answer", "data-sound"); got != "refused" {
		t.Fatalf("red sound: %q", got)
	}
	door.waitText("#step", "Étape 1 sur 2")
	door.axe()
	door.screenshot("entree-telephone-rouge")

	// A forged code (its check code changed): red, nothing recorded.
	head := l.head()
	code := helene.Tickets[1].Code
	forged := code[:len(code)-1] + map[bool]string{true: "A", false: "B"}[code[len(code)-1] != 'A']
	door.scan("") // Enter alone dismisses the answer
	if eval[bool](door, `!document.getElementById("answer").hidden`) {
		t.Fatal("Enter did not dismiss the answer")
	}
	door.scan(forged)
	word, title, detail = door.waitAnswer("refused")
	if word != "REFUSÉ" || title != "Billet faux ou d'un autre jour" || !strings.Contains(detail, "Billet "+forged+" refusé : code de contrôle faux") {
		t.Fatalf("forged: %q %q %q", word, title, detail)
	}
	if l.head() != head {
		t.Fatal("a forged ticket recorded something")
	}

	// A holder without the ticket, found by name: the crossed ticket is
	// shown crossed, the other is admitted with its free card.
	door.scan("lefevre")
	door.waitText("#resultsnote", "1 réservation pour « lefevre »")
	door.waitText("#found", "Hélène Lefèvre (tél. …78) — réservation n° 1")
	door.waitText("#found", "✘ Billet n° 1 : barré à "+when)
	if door.count("#found .pick") != 1 {
		t.Fatalf("%d tickets to admit, want 1", door.count("#found .pick"))
	}
	door.axe()
	door.screenshot("entree-telephone-recherche")
	door.run(chromedp.Click("#found .pick"))
	door.waitText("#holder", "Billet n° 2 de Hélène Lefèvre — 1 billet sur 2 à barrer")
	door.scan(l.serial(102))
	if _, title, _ := door.waitAnswer("admitted"); title != "Bienvenue Hélène Lefèvre" {
		t.Fatalf("found by name: %q", title)
	}
	if c := l.crossing(2); c == nil || c.Card != l.serial(102) {
		t.Fatalf("ticket 2: %+v", c)
	}
	door.waitText("#crossed", "2")
	door.waitText("#tocome", "1")

	// Another door admits the last ticket: the count follows by itself.
	other := loto.Actor{Name: "porte-sud", Role: loto.RoleDoor}
	if _, err := l.day.Admit(loto.WithKey(context.Background(), "porte-sud-1"), other, "porte-sud", mustTicket(t, paul.Tickets[0].Code), mustSerial(t, l.serial(103))); err != nil {
		t.Fatal(err)
	}
	door.waitText("#crossed", "3")
	door.waitText("#tocome", "0")
	door.waitText("#perdoor", "porte-sud : 1")

	// The sound switched off stays off after a reload.
	door.scan("") // the answer covers the switch: Enter dismisses it
	door.run(chromedp.Click("#sound"))
	door.waitText("#sound", "Son coupé")
	door.run(chromedp.Reload())
	door.waitText("#live", "En ligne")
	if door.attr("#sound", "aria-pressed") != "false" || door.text("#sound") != "✕ Son coupé" {
		t.Fatalf("after reload the switch is %q %q", door.attr("#sound", "aria-pressed"), door.text("#sound"))
	}

	// A free card while a game runs: orange, it plays from the next game.
	l.startGame()
	more, err := l.day.AddReservation(context.Background(), org, loto.ReservationSpec{Name: "Zoé Durand", Tickets: 1})
	if err != nil {
		t.Fatal(err)
	}
	door.scan(more.Tickets[0].Code)
	door.waitText("#holder", "Zoé Durand")
	door.scan(l.serial(104))
	word, title, detail = door.waitAnswer("attention")
	if word != "ATTENTION" || door.text("#asymbol") != "⚠" || title != "Entrée validée : Zoé Durand" ||
		!strings.Contains(detail, "Carte gratuite "+l.serial(104)+". La partie n° 1 a commencé : cette carte joue à partir de la partie suivante.") {
		t.Fatalf("orange: %q %q %q", word, title, detail)
	}
	if got := door.attr("#answer", "data-sound"); got != "silence" {
		t.Fatalf("a silenced door played %q", got)
	}
	door.axe()
	door.screenshot("entree-telephone-orange")
	door.noErrorsBut("/api/v1/door/ticket")
}

// TestBrowser_DoorOnATablet: the door page at a tablet's size, its
// answers and the search readable there, axe-clean; a card that cannot be
// free is refused and the ticket waits for another; an excluded holder's
// ticket is refused (R28).
func TestBrowser_DoorOnATablet(t *testing.T) {
	t.Parallel()
	l, rs := doorDay(t)
	door := l.openAs(loto.RoleDoor, "/entree", 820, 1180)
	door.waitText("#expected", "3")
	door.axe()
	door.screenshot("entree-tablette")
	door.scan(rs[1].Tickets[0].Code)
	door.waitText("#holder", "Paul Martin")
	door.axe()
	door.screenshot("entree-tablette-carte")
	// A card that cannot be free (a special card): red, and the ticket
	// waits for another card.
	special, _, err := l.day.CardAt("V", 1)
	if err != nil {
		t.Fatal(err)
	}
	door.scan(special)
	if _, title, detail := door.waitAnswer("refused"); title != "Carte gratuite refusée" || !strings.Contains(detail, "carte ordinaire") {
		t.Fatalf("special card: %q %q", title, detail)
	}
	door.waitText("#step", "Étape 2 sur 2")
	door.screenshot("entree-tablette-rouge")
	door.scan(l.serial(201))
	door.waitAnswer("admitted")
	door.axe()
	door.screenshot("entree-tablette-vert")
	door.run(chromedp.EmulateViewport(1366, 768))
	door.screenshot("entree-portable-vert")
	door.run(chromedp.EmulateViewport(820, 1180))
	door.scan("") // dismiss
	door.scan("martin")
	door.waitText("#found", "Paul Martin — réservation n° 2")
	door.waitText("#found", "✘ Billet n° 3")
	door.screenshot("entree-tablette-recherche")

	// A holder excluded by the organiser (R28), with her first ticket
	// crossed out: her second is refused.
	ctx := context.Background()
	if _, err := l.day.Admit(loto.WithKey(ctx, "porte-sud-1"), l.devices[loto.RoleDoor], "porte-sud", mustTicket(t, rs[0].Tickets[0].Code), mustSerial(t, l.serial(202))); err != nil {
		t.Fatal(err)
	}
	both := []loto.TicketCode{mustTicket(t, rs[0].Tickets[0].Code), mustTicket(t, rs[0].Tickets[1].Code)}
	if _, err := l.day.Exclude(ctx, org, loto.ExclusionRequest{Why: "perturbe le jeu", Tickets: both}); err != nil {
		t.Fatal(err)
	}
	door.scan(rs[0].Tickets[1].Code)
	if _, title, detail := door.waitAnswer("refused"); title != "Titulaire exclu" || !strings.Contains(detail, "exclu de la salle par l'organisateur (exclusion n° 1).") || strings.Contains(detail, "perturbe") {
		t.Fatalf("excluded: %q %q", title, detail)
	}
	door.noErrorsBut("/api/v1/door")
}

// TestBrowser_DoorReadsATicketQRWithTheCamera: the door taps the camera
// button, the phone's camera films the ticket's printed QR code, the page
// reads it (scan.js) and asks for the free card, the camera left open for
// the next code; the ticket, still in view, is not read again while the
// free card typed admits the holder; the button closes the camera.
func TestBrowser_DoorReadsATicketQRWithTheCamera(t *testing.T) {
	t.Parallel()
	l, rs := doorDay(t)
	dir := t.TempDir()
	ticketVideo := filepath.Join(dir, "billet.y4m")
	writeQRVideo(t, ticketVideo, rs[0].Tickets[0].QR, 640, 480)
	door := l.openAsIn(cameraBrowser(t, ticketVideo), loto.RoleDoor, "/entree", 390, 844)
	door.waitText("#live", "En ligne")
	door.run(chromedp.Click("#camera"))
	door.waitText("#holder", "Billet n° 1 de Hélène Lefèvre")
	if !eval[bool](door, `!document.getElementById("video").hidden && document.getElementById("preview").srcObject !== null`) {
		t.Error("the camera closed after the ticket was read")
	}
	door.axe()
	door.scan(l.serial(7))
	if _, title, _ := door.waitAnswer("admitted"); title != "Bienvenue Hélène Lefèvre" {
		t.Fatalf("after the camera: %q", title)
	}
	// The ticket held in front of the camera is not checked again: the
	// answer stays the admission.
	time.Sleep(time.Second)
	if _, title, _ := door.waitAnswer("admitted"); title != "Bienvenue Hélène Lefèvre" {
		t.Fatalf("the ticket in view was read again: %q", title)
	}
	door.screenshot("entree-camera-ouverte-390x844")
	door.run(chromedp.Click("#closecamera"))
	if !eval[bool](door, `document.getElementById("video").hidden && document.getElementById("preview").srcObject === null && !document.body.classList.contains("filming")`) {
		t.Error("the camera is still open once closed")
	}
	door.noErrors()
}

// noErrorsBut is noErrors for a page whose refusals are expected: the
// browser logs each 4xx answer of the API as a console error, and those
// of the paths given are not the page's errors.
func (tb *tab) noErrorsBut(paths ...string) {
	tb.t.Helper()
	tb.dropErrors(func(e string) bool {
		return strings.Contains(e, "the server responded with a status of 4") &&
			slices.ContainsFunc(paths, func(p string) bool { return strings.Contains(e, p) })
	})
	tb.noErrors()
}
