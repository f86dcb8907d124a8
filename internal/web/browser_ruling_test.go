package web

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"loto/internal/loto"
)

// TestBrowser_R27_HostRulesADisputeOnTheHostPage: a card claimed after one
// number is controlled not a winner; the player disputes it. The host
// presses D, types the decision and why, chooses to declare the claim a
// winner and presses Enter: the ruling is in the journal, listed on the
// page with who decided, what and why, the claim's verdict shows as won
// and the award is offered. Escape closes an open form recording nothing.
func TestBrowser_R27_HostRulesADisputeOnTheHostPage(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	serials := l.sellStartAndDraw()
	ctx := context.Background()
	host := l.openAs(loto.RoleHost, "/meneur", 1366, 768)
	host.waitText("#live", "En direct")
	host.waitText("#norulings", "Aucune décision")
	if _, err := l.day.Claim(ctx, l.devices[loto.RoleController], mustSerial(t, serials[0])); err != nil {
		t.Fatal(err)
	}
	host.waitText("#phase", loto.PhaseCalled.French())
	host.press("c")
	host.waitText("#claims", loto.VerdictNotWinner.French())

	// Escape leaves the form, nothing recorded.
	before := l.head()
	host.shortcut("d")
	host.run(chromedp.WaitVisible("#rulewhat"), chromedp.SendKeys("#rulewhat", "brouillon"))
	host.press(kb.Escape)
	host.waitText("#said", "Décision abandonnée")
	if l.head() != before || !eval[bool](host, `document.getElementById("ruleform").hidden`) {
		t.Fatal("Escape did not close the ruling form without recording")
	}

	host.shortcut("d")
	host.run(chromedp.WaitVisible("#rulewhat"),
		chromedp.SendKeys("#rulewhat", "la carte "+serials[0]+" est déclarée gagnante"),
		chromedp.SendKeys("#rulewhy", "le tableau a affiché un numéro faux"),
		chromedp.SetValue("#ruleclaim", "1:win"),
	)
	host.screenshot("meneur-litige-formulaire-1366x768")
	host.axe()
	host.run(chromedp.SendKeys("#rulewhy", kb.Enter))
	host.waitText("#said", "Décision enregistrée : la carte "+serials[0]+" est déclarée gagnante — annonce 1 déclarée gagnante")
	host.waitText("#rulings", "Décision (meneur de jeu) : la carte "+serials[0]+" est déclarée gagnante")
	host.waitText("#rulings", "Pourquoi : le tableau a affiché un numéro faux")
	host.waitText("#rulings", "→ annonce 1 déclarée gagnante")
	host.waitText("#claims", "✔ "+loto.VerdictWin.French())
	host.waitText("#phase", loto.PhaseControl.French())
	host.run(chromedp.WaitVisible(`button[data-act="award"]`))
	st := l.status()
	if len(st.Rulings) != 1 || st.Rulings[0].By != loto.RoleHost || st.Rulings[0].Verdict != loto.VerdictWin {
		t.Fatalf("the domain's rulings %+v", st.Rulings)
	}
	host.screenshot("meneur-litige-1366x768")
	host.axe()
	host.run(chromedp.EmulateViewport(820, 1180))
	host.screenshot("meneur-litige-820x1180")
	host.axe()
	host.noErrors()
}

// shortcut presses a letter key the way a keyboard does: one keydown
// carrying the letter, which the page's preventDefault stops from typing
// into the field the key opens. (press sends chromedp's separate char
// event, which types the letter whatever the page did.)
func (tb *tab) shortcut(key string) {
	tb.t.Helper()
	tb.run(chromedp.KeyEvent(key, func(p *input.DispatchKeyEventParams) {
		switch p.Type {
		case kb.KeyDown:
			p.Text, p.UnmodifiedText = key, key
		case kb.KeyChar:
			p.Modifiers |= int64(chromedp.ModifierAlt) // chromedp skips a char event with a modifier
		}
	}))
}
