package web

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"loto/internal/loto"
)

// openStaff opens the host's page (/meneur) on a laptop and a
// controller's (/controle) on a phone, each paired as its device, and
// waits until both are live.
func (l *live) openStaff() (host, ctl *tab) {
	l.t.Helper()
	host = l.openAs(loto.RoleHost, "/meneur", 1366, 768)
	ctl = l.openAs(loto.RoleController, "/controle", 390, 844)
	host.waitText("#live", "En direct")
	ctl.waitText("#live", "En direct")
	return host, ctl
}

// openAs opens path in a tab of its own browser context (its own cookies),
// after pairing the tab as a new device of role the way a volunteer does:
// the organiser's code typed on /appairer, which leads to the role's page.
func (l *live) openAs(role loto.Role, path string, width, height int64) *tab {
	l.t.Helper()
	return l.openAsIn(needBrowser(l.t), role, path, width, height)
}

// openAsIn is openAs in another browser than the package's.
func (l *live) openAsIn(browserCtx context.Context, role loto.Role, path string, width, height int64) *tab {
	t := l.t
	t.Helper()
	p, err := l.auth.AddDevice(context.Background(), org, "navigateur "+role.Label(), role, "")
	if err != nil {
		t.Fatal(err)
	}
	tb := l.newTabIn(browserCtx, path, chromedp.WithNewBrowserContext())
	tb.run(chromedp.EmulateViewport(width, height),
		chromedp.Navigate(l.url+"/appairer"),
		chromedp.SendKeys("#code", p.Code),
		chromedp.Submit("#code"),
	)
	tb.waitPath(rolePage(role)) // the pairing leads to the role's page
	if path != rolePage(role) {
		tb.run(chromedp.Navigate(tb.url))
	}
	return tb
}

// waitPath waits until the tab shows the page at path; it fails after
// patience with the path it shows.
func (tb *tab) waitPath(path string) {
	tb.t.Helper()
	tb.waitUntil("the page "+path, func() (bool, string) {
		got := eval[string](tb, `document.readyState === "complete" ? location.pathname : ""`)
		return got == path, fmt.Sprintf("it shows %q", got)
	})
}

// press types a key on the page's body, as the host does beside the ball machine.
func (tb *tab) press(key string) {
	tb.t.Helper()
	tb.run(chromedp.KeyEvent(key))
}

// status is the host's status now, read through the domain.
func (l *live) status() loto.Status {
	l.t.Helper()
	st, err := l.day.Status()
	if err != nil {
		l.t.Fatal(err)
	}
	return st
}

// TestBrowser_ShortGameThroughTheHostPage: a short game driven through the
// host page with the keys it shows, a controller's phone registering the
// claims by serial and Enter (as a USB scanner does), both pages live from
// the stream: a draw, a wrong call (R22), the draws up to the first
// winners, their control with the numbers to read out (R20), the tie
// broken by tokens (the voucher's share declined, R18, R17), the award.
// Both pages are axe-clean and their screenshots are written.
func TestBrowser_ShortGameThroughTheHostPage(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	for from := 1; from <= 3000; from += 100 {
		l.sell(from, from+99)
	}
	host, ctl := l.openStaff()
	host.waitText("#startannounce", "Partie 1")

	// Start: the prize is announced.
	host.press("l")
	host.waitText("#said", "Partie 1 lancée. À annoncer : quine : Bon d'achat de 30 €")
	ctl.waitText("#gameline", "Partie 1")
	// The draw key works once the page knows the game is drawing: the start's
	// answer can come before the stream's change that says so.
	host.waitText("#phase", loto.PhaseDrawing.French())

	// A draw: the number on the host's mirror of the board and on the phone.
	host.press(" ")
	host.waitText("#count", "1 / 90")
	first := l.status().Last
	host.waitText("#last", strconv.Itoa(int(first)))
	ctl.waitText("#last", strconv.Itoa(int(first)))

	// A wrong call after one number: registered on the phone, controlled by
	// the host, not a winner; the game goes on (R22).
	wrong := l.serial(3000)
	claim(ctl, usOnAzerty(wrong)) // a US-layout scanner on a French phone
	ctl.waitText("#said", "Annonce 1 enregistrée : carte "+wrong)
	host.waitText("#claims", wrong)
	host.waitText("#phase", loto.PhaseCalled.French())
	host.press("c")
	host.waitText("#said", "Aucun gagnant")
	host.waitText("#claims", loto.VerdictNotWinner.French())
	ctl.waitText("#claims", plainText(loto.VerdictNotWinner.French()))
	host.waitText("#phase", loto.PhaseDrawing.French())

	// Draws until some cards can call: the host sees how many (R16).
	var winners []string
	for range 89 {
		n := len(l.status().Drawn)
		host.press(" ")
		host.waitText("#count", fmt.Sprintf("%d / 90", n+1))
		st := l.status()
		// The stream can show the number before the draw's answer comes
		// back; until then the page ignores a key (one command at a time),
		// so the next press waits for the answer's line.
		host.waitText("#said", fmt.Sprintf("Numéro %d", st.Last))
		host.waitText("#callable", strconv.Itoa(st.Callable))
		host.waitText("#oneaway", strconv.Itoa(st.OneAway))
		if st.Callable > 0 {
			l.day.View(func(s *loto.State) { winners, _ = s.CallableCards() })
			break
		}
	}
	if len(winners) == 0 {
		t.Fatal("no card could call in the whole game")
	}
	// The right call: each winning card registered on the phone.
	for i, s := range winners {
		claim(ctl, s)
		ctl.waitText("#said", fmt.Sprintf("Annonce %d enregistrée : carte %s", i+2, s))
	}
	host.waitText("#phase", loto.PhaseCalled.French())
	host.press("c")
	host.waitText("#phase", loto.PhaseControl.French())
	st := l.status()
	for _, c := range st.Claims {
		if c.Verdict != loto.VerdictWin {
			t.Fatalf("a callable card was not a winner: %+v", c)
		}
		read := "À lire : " + joinNumbers(c.ReadOut)
		host.waitText("#claims", read)
		ctl.waitText("#claims", read)
	}
	host.axe()
	ctl.axe()
	host.screenshot("meneur-controle-1366x768")
	ctl.screenshot("controle-verdicts-390x844")

	if len(winners) > 1 {
		// A tie: the voucher would be shared (R18); the winners decline,
		// tokens decide (R17), shown on both pages.
		if st.Tie == loto.TieShare {
			host.waitText("#tie", loto.TieShare.French())
			host.press("r")
			host.waitText("#tie", loto.TieDeclined.French())
		}
		host.press("j")
		host.waitText("#said", "Pions :")
		for _, tk := range l.status().Tokens {
			ctl.waitText("#claims", fmt.Sprintf("Pion : %d", tk.Token))
		}
		ctl.screenshot("controle-pions-390x844")
	}
	host.press("v")
	host.waitText("#said", "Lot remis — quine : ")
	for _, s := range winners {
		host.waitText("#said", "carte "+s)
	}
	// The next stage: the double quine is played, its prize on the host page.
	host.waitText("#gameline", "double quine")
	host.waitText("#nextprize", "carton plein")
	host.screenshot("meneur-1366x768")
	host.axe()
	host.noErrors()
	ctl.noErrors()
}

// claim types a serial on the controller's phone and presses Enter, as a
// USB scanner does.
func claim(tb *tab, serial string) {
	tb.t.Helper()
	tb.run(chromedp.SendKeys("#serial", serial+kb.Enter))
}

// joinNumbers writes numbers as the pages list them.
func joinNumbers[T ~int | ~uint8](ns []T) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(int(n))
	}
	return strings.Join(s, ", ")
}
