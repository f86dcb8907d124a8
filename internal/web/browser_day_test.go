package web

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"loto/internal/card"
	"loto/internal/loto"
)

// pairThroughPage pairs a new device on the organiser's devices page: its
// name, its role and, for a cashier, its desk; then a tab of its own
// browser context opens the pairing link the page shows, pairs with the
// code filled in, and lands on its role's page, at width×height.
func (l *live) pairThroughPage(org *tab, name string, role loto.Role, desk string, width, height int64) *tab {
	l.t.Helper()
	org.typeIn("devname", name)
	eval[bool](org, fmt.Sprintf(`(() => { const r = document.getElementById("devrole"); r.value = %q;
		r.dispatchEvent(new Event("change")); return true; })()`, role))
	if desk != "" {
		eval[bool](org, fmt.Sprintf(`(document.getElementById("devdesk").value = %q, true)`, desk))
	}
	org.run(chromedp.Click("#pairform button[type=submit]"))
	org.waitText("#said", "« "+name+" » est prêt à être appairé")
	code := strings.TrimSpace(org.text("#paircode"))
	link := org.text("#pairurl")
	if !strings.HasSuffix(link, "/appairer?code="+code) {
		l.t.Fatalf("the pairing link %q does not carry the code %q shown", link, code)
	}
	tb := l.newTab(rolePage(role), chromedp.WithNewBrowserContext())
	tb.run(chromedp.EmulateViewport(width, height), chromedp.Navigate(link))
	tb.run(chromedp.Submit("#code"))
	tb.waitPath(rolePage(role))
	return tb
}

// lineOf is the numbers of a card's row, the blanks left out.
func lineOf(row [9]card.Number) []card.Number {
	var ns []card.Number
	for _, x := range row {
		if x != 0 {
			ns = append(ns, x)
		}
	}
	return ns
}

// TestBrowser_WholeDay: a whole short day through the pages
// only, on a real server and SQLite file. The organiser logs in, imports
// the reservations' CSV and pairs a desk, a door, a host and a controller
// on /organisateur/appareils, each device in its own browser context
// opening the link shown. The desk opens with a float and sells: cash
// with the change, a cheque refused without identity then accepted (R8),
// a plate. The door admits a ticket read from the organiser's list, with
// a free card (R4), and refuses its second scan (R5). A player follows a
// sold card on /joueur. On a ball-machine day the host types the numbers
// of one of the card's lines; the controller claims it, the host controls
// it a winner and awards the quine while the player's card shows its line
// drawn. The organiser closes the desk with its count, reads the Z, and
// downloads the day's report, whose text names the takings and no ticket's code.
func TestBrowser_WholeDay(t *testing.T) {
	t.Parallel()
	l := startLiveEvent(t, Config{}, manualOf(t, todayLoto(t)))

	// The organiser's laptop: the login, then the reservations' CSV.
	org := l.openOrganiser("/organisateur/reservations", laptopW, laptopH)
	org.run(chromedp.WaitVisible("#drop"))
	csv := filepath.Join(t.TempDir(), "reservations.csv")
	if err := os.WriteFile(csv, []byte("Nom;Téléphone;Billets\nLefèvre Hélène;06 12 34 56 78;2\nMartin Paul;paul@example.fr;1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	org.run(chromedp.SetUploadFiles("#csv", []string{csv}))
	org.waitText("#preview h3", "Aperçu : 2 réservations, 3 billets")
	org.run(chromedp.Click("#preview button.big"))
	org.waitText("#said", "2 réservations enregistrées")
	org.run(chromedp.SendKeys("#q", "martin"+kb.Enter))
	org.waitText("#count", "1 réservation trouvée pour « martin »")
	org.waitText("#list tbody", "Martin Paul")
	ticket := strings.TrimSpace(org.text("#list tbody tr td:nth-child(4)"))
	if ticket == "" || strings.Contains(ticket, ",") {
		t.Fatalf("Paul Martin's ticket shows as %q", ticket)
	}
	org.screenshot("journee-01-reservations")

	// The devices paired on the organiser's page, each in its own browser.
	org.run(chromedp.Navigate(l.url + "/organisateur/appareils"))
	org.run(chromedp.WaitVisible("#pairform"))
	desk := l.pairThroughPage(org, "tablette caisse 1", loto.RoleCashier, "caisse-1", tabletW, tabletH)
	door := l.pairThroughPage(org, "téléphone entrée", loto.RoleDoor, "", 390, 844)
	host := l.pairThroughPage(org, "portable meneur", loto.RoleHost, "", laptopW, laptopH)
	ctl := l.pairThroughPage(org, "téléphone contrôleur", loto.RoleController, "", 390, 844)
	org.run(chromedp.Click("#reload"))
	for _, name := range []string{"tablette caisse 1", "téléphone entrée", "portable meneur", "téléphone contrôleur"} {
		org.waitText("#devices tbody", name)
	}
	org.screenshot("journee-02-appareils")

	// The desk: opened with 50 €; 2 cards paid with a 20 € note, 10 € back.
	desk.openTill("50")
	desk.sellCash(cashSale{codes: []string{l.serial(1), l.serial(2)}, total: "10,00 € — 2 cartes", tendered: "20", change: "10,00 €",
		receipt: "Vente n° 1 — caisse « caisse-1 »"})
	desk.waitText("#rchange", "Rendu : 10,00 €")
	desk.screenshot("journee-03-caisse-especes")
	// A cheque: not without the identity and the cheque's number (R8).
	desk.run(chromedp.Click("#next"))
	desk.sellByCheque(l.serial(3), "5,00 €", "Vente n° 2")
	// A plate by its code: 6 cards for 20 €, cash given exactly.
	plate, err := l.day.PlateCode("A", 2)
	if err != nil {
		t.Fatal(err)
	}
	desk.run(chromedp.Click("#next"))
	desk.sellCash(cashSale{codes: []string{plate}, total: "20,00 € — 6 cartes", tendered: "20", receipt: "Vente n° 3"})
	if n := desk.count("#rcards li"); n != 6 {
		t.Fatalf("the plate's receipt lists %d cards", n)
	}

	// The door: Paul Martin's ticket admitted with a free card, then refused.
	door.waitText("#expected", "3")
	free := l.serial(101)
	door.scan("LOTO-TICKET:" + ticket)
	door.waitText("#holder", "Martin Paul")
	door.scan(free)
	if word, title, _ := door.waitAnswer("admitted"); word != "ENTRÉE VALIDÉE" || !strings.Contains(title, "Martin Paul") {
		t.Fatalf("the ticket's admission shows %q %q", word, title)
	}
	door.waitText("#crossed", "1")
	door.scan("")
	door.scan(ticket)
	if word, title, _ := door.waitAnswer("refused"); word != "REFUSÉ" || title != "Billet déjà barré" {
		t.Fatalf("the ticket's second scan shows %q %q", word, title)
	}
	door.screenshot("journee-04-entree-refus")

	// The game: the host types the numbers of the first card's first line.
	winner := l.serial(1)
	grid, err := l.day.Card(mustSerial(t, winner))
	if err != nil {
		t.Fatal(err)
	}
	line := lineOf(grid[0])
	// A player's phone follows the winning card on /joueur.
	player := l.open("/joueur", 390, 844)
	player.waitText("#live", "En direct")
	player.run(chromedp.SendKeys("#serial", winner+kb.Enter))
	player.waitText("#said", "Carton "+winner+" ajouté")
	startByHand(host, ctl)
	for i, n := range line {
		typeNumber(host, ctl, i+1, n)
	}
	host.waitText("#callable", "1")
	// The player's card shows the line drawn, the last number marked so.
	li := "#carton-" + winner
	for i, n := range line {
		mark := " : tiré"
		if i == len(line)-1 {
			mark = " : tiré, dernier numéro"
		}
		player.waitText(fmt.Sprintf("%s td[data-n='%d']", li, n), mark)
	}
	if n := player.count(li + " td.hit"); n != len(line) {
		t.Fatalf("the player's card marks %d numbers drawn, want the %d of its line", n, len(line))
	}
	player.waitText(li+" .missing", "Complet pour la quine")
	player.screenshot("journee-05-joueur")
	claim(ctl, winner)
	ctl.waitText("#said", "Annonce 1 enregistrée : carte "+winner)
	host.waitText("#claims", winner)
	host.waitText("#phase", loto.PhaseCalled.French())
	host.press("c")
	host.waitText("#said", "gagnant")
	// R20: the last number first, then the line's others.
	read := "À lire : " + joinNumbers(append([]card.Number{line[len(line)-1]}, line[:len(line)-1]...))
	for _, tb := range []*tab{host, ctl} {
		tb.waitText("#claims", loto.VerdictWin.French())
		tb.waitText("#claims", read)
	}
	ctl.screenshot("journee-06-controle")
	host.press("v")
	host.waitText("#said", fmt.Sprintf("Lot remis — quine : carte %s → Bon d'achat de 30 €", winner))
	host.waitText("#gameline", "double quine")
	host.screenshot("journee-07-meneur-lot")

	// The organiser closes the desk on /caisse: 50 + 20 - 10 + 20 = 80 € in cash.
	org.run(chromedp.Navigate(l.url + "/caisse?caisse=caisse-1"))
	org.shown("till")
	org.run(chromedp.Click(chromedp.CSS("#closebegin")))
	org.shown("closeform")
	org.typeIn("n5000", "1")
	org.typeIn("n2000", "1")
	org.typeIn("n1000", "1")
	org.waitText("#counttotal", "80,00 €")
	org.typeIn("cardtotal", "0")
	org.typeIn("chequetotal", "5")
	org.submit("cardtotal")
	org.shown("z")
	org.waitText("#zrows", "espèces280,00 €80,00 €0,00 € (juste)")
	org.waitText("#zrows", "chèque15,00 €5,00 €0,00 € (juste)")
	org.screenshot("journee-08-z")
	zanchor := org.text("#zanchor")
	anchor := strings.TrimSpace(zanchor[strings.LastIndex(zanchor, " ")+1:])
	if !strings.Contains(anchor, ":") {
		t.Fatalf("the Z shows no anchor: %q", zanchor)
	}

	// The day's report: the closed session listed with the Z's anchor, the
	// PDF downloaded as the organiser's click does, naming the takings and
	// the desk, never a ticket's code.
	org.run(chromedp.Navigate(l.url + "/organisateur/rapports"))
	org.waitText("#sessions tbody tr", anchor)
	wait := org.downloads()
	org.run(chromedp.Click("#daypdf"))
	report := poppler(t, "pdftotext", "-layout", "-enc", "UTF-8", wait(), "-")
	for _, want := range []string{"Rapport de la journée", l.day.Event().Name, "caisse-1", "35,00 €"} {
		if !strings.Contains(report, want) {
			t.Errorf("the day's report lacks %q:\n%s", want, report)
		}
	}
	if strings.Contains(report, ticket) {
		t.Errorf("the day's report shows the ticket's code %s, a bearer code", ticket)
	}
	org.screenshot("journee-09-rapports")

	for _, tb := range []*tab{org, desk, door, host, ctl, player} {
		tb.noScriptErrors()
	}
}
