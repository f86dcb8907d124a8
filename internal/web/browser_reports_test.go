package web

import (
	"database/sql"
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"loto/internal/loto"
)

// download fetches a link of the page with the page's session and returns
// its bytes and its Content-Type, as the browser downloads it.
func download(tb *tab, selector string) ([]byte, string) {
	tb.t.Helper()
	type file struct {
		Type string `json:"type"`
		Body string `json:"body"`
	}
	f := eval[file](tb, fmt.Sprintf(`(async () => {
		const r = await fetch(document.querySelector(%q).href, {credentials: "same-origin"});
		const b = new Uint8Array(await r.arrayBuffer());
		let s = "";
		for (const c of b) s += String.fromCharCode(c);
		return {type: r.headers.get("Content-Type") || "", body: btoa(s)};
	})()`, selector))
	b, err := base64.StdEncoding.DecodeString(f.Body)
	if err != nil {
		tb.t.Fatal(err)
	}
	return b, f.Type
}

// pdfText is the text of a PDF by pdftotext (poppler-utils), which CI has.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext is missing: CI must install poppler-utils")
		}
		t.Skip("pdftotext is missing (poppler-utils)")
	}
	path := filepath.Join(t.TempDir(), "report.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, "-layout", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// TestBrowser_OrganiserReportsAndJournalVerify: after a desk session
// opened, two sales and the session closed through the API, the reports
// page shows the journal's head and the session with its closing anchor;
// the day's report downloads as a PDF whose text has the takings and the
// anchor, and as a CSV; the session's Z as a CSV; the verify button says
// the journal is sound, with a kept anchor conform; then an event edited
// in the SQLite file behind the server's back is named by the button.
func TestBrowser_OrganiserReportsAndJournalVerify(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	l.must(loto.RoleCashier, "POST", "/api/v1/desks/caisse-1/open", `{"float_cents": 5000}`)
	l.must(loto.RoleCashier, "POST", "/api/v1/sales", `{"cards":`+l.cardsJSON(1, 3)+`,"payments":[{"method":"cash","cents":2000}]}`)
	l.must(loto.RoleCashier, "POST", "/api/v1/sales", `{"cards":`+l.cardsJSON(4, 4)+`,"payments":[{"method":"card","cents":500}]}`)
	sale := l.head() // the second sale's event
	l.must(loto.RoleCashier, "POST", "/api/v1/desks/caisse-1/close", `{"count":[{"cents":5000,"count":1},{"cents":1000,"count":1},{"cents":200,"count":1}],"card_cents":500,"cheque_cents":0}`)
	closing := l.day.Sessions()[0].Anchor
	if closing == nil {
		t.Fatal("the closed session has no anchor")
	}
	tb := l.openOrganiser("/organisateur/rapports", 1366, 768)
	head := l.day.HeadAnchor() // the organiser's login is an event too
	tb.waitText("#headanchor", head.Short())
	tb.waitText("#sessions tbody tr", closing.Short())

	pdf, ctype := download(tb, "#daypdf")
	if ctype != "application/pdf" {
		t.Fatalf("the day's PDF comes as %q", ctype)
	}
	text := pdfText(t, pdf)
	for _, want := range []string{"Rapport de la journée", l.day.Event().Name, "17,00 €", head.Short(), "caisse-1"} {
		if !strings.Contains(text, want) {
			t.Errorf("the day's PDF lacks %q:\n%s", want, text)
		}
	}
	csv, ctype := download(tb, "#daycsv")
	if !strings.HasPrefix(ctype, "text/csv") || !strings.Contains(string(csv), "Par caisse") || !strings.Contains(string(csv), "caisse-1;") || !strings.Contains(string(csv), "17,00 €") {
		t.Errorf("the day's CSV (%s):\n%s", ctype, csv)
	}
	z, _ := download(tb, `#sessions a[href$="format=csv"]`)
	if !strings.Contains(string(z), "Rapport Z") || !strings.Contains(string(z), closing.Short()) {
		t.Errorf("the session's CSV:\n%s", z)
	}

	// Verified sound, with the Z report's anchor typed in.
	tb.run(chromedp.SendKeys("#anchors", closing.Short()), chromedp.Click("#verify"))
	tb.waitText("#verifyresult", fmt.Sprintf("✔ Journal intègre : %d événements vérifiés", head.Seq))
	tb.waitText("#verifyresult", "✔ Ancre "+closing.Short())
	tb.screenshot("organisateur-rapports-portable")
	tb.axe()

	// A sale's event edited in the file: the button names it.
	db, err := sql.Open("sqlite", l.path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE events SET actor = 'mallory' WHERE seq = ?`, sale); err != nil {
		t.Fatal(err)
	}
	tb.run(chromedp.Click("#verify"))
	tb.waitText("#verifyresult", fmt.Sprintf("✘ Journal altéré à l'événement n° %d", sale))
	tb.noErrors()

	tab := l.openOrganiser("/organisateur/rapports", 820, 1180)
	tab.waitText("#headanchor", l.day.HeadAnchor().Short()) // this login is one more event
	tab.screenshot("organisateur-rapports-tablette")
	tab.axe()
}
