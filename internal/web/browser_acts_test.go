package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"loto/internal/journal"
	"loto/internal/loto"
)

// answer waits until the confirmation dialog asks question and answers
// it: yes, or no.
func (tb *tab) answer(question string, yes bool) {
	tb.t.Helper()
	tb.waitText("#confirmtext", question)
	if yes {
		tb.run(chromedp.Click("#confirmyes"))
	} else {
		tb.run(chromedp.Click("#confirmno"))
	}
}

// exclude types an exclusion's reason and sales on the decisions' page,
// sends it and answers the confirmation: yes, or no.
func (tb *tab) exclude(why, sales string, yes bool) {
	tb.t.Helper()
	tb.run(chromedp.SendKeys("#exclude-why", why), chromedp.SendKeys("#exclude-sales", sales),
		chromedp.Click(`form[data-act="exclude"] button[type=submit]`))
	tb.answer("Exclure cette personne ?", yes)
}

// TestBrowser_OrganiserExcludesWithReasonInTheJournal: on
// /organisateur/decisions the organiser excludes the buyer of a sale
// (R28): a cancelled confirmation records nothing; bad input is refused
// with the server's French error, recording nothing; a confirmed exclusion
// says what it did, lists itself among the journal's decisions with its
// reason, and the journal holds its event with that reason.
func TestBrowser_OrganiserExcludesWithReasonInTheJournal(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	l.must(loto.RoleCashier, "POST", "/api/v1/desks/caisse-1/open", `{"float_cents": 5000}`)
	l.must(loto.RoleCashier, "POST", "/api/v1/sales", `{"cards":`+l.cardsJSON(1, 3)+`,"payments":[{"method":"cash","cents":1200}]}`)
	tb := l.openOrganiser("/organisateur/decisions", 1366, 768)
	tb.waitText("#decisions-title", "Décisions inscrites au journal")

	// Cancelled: nothing recorded.
	before := l.head()
	tb.exclude("a insulté le meneur de jeu", "1", false)
	tb.waitText("#said", "Rien n'est enregistré.")
	if l.head() != before {
		t.Fatalf("a cancelled exclusion recorded events: head %d -> %d", before, l.head())
	}

	// Confirmed: done, listed with its reason.
	tb.run(chromedp.SetValue("#exclude-sales", "1"), chromedp.Click(`form[data-act="exclude"] button[type=submit]`))
	tb.answer("Exclure cette personne ?", true)
	tb.waitText("#said", "Exclusion n° 1 inscrite au journal")
	tb.waitText("#said", "3 cartes annulées, 1 remboursement, 12,00 € à rendre")
	tb.waitText("#decisions tbody tr:first-child", "exclusion (R28)")
	tb.waitText("#decisions tbody tr:first-child", "a insulté le meneur de jeu")

	var found *journal.Event
	err := l.store.Read(context.Background(), 1, func(e journal.Event) error {
		if e.Type == loto.TypePersonExcluded {
			found = &e
		}
		return nil
	})
	if err != nil || found == nil {
		t.Fatalf("no exclusion in the journal (%v)", err)
	}
	var p struct{ Why string }
	if err := json.Unmarshal(found.Payload, &p); err != nil || p.Why != "a insulté le meneur de jeu" {
		t.Fatalf("the exclusion's event %s: reason %q", found.Payload, p.Why)
	}
	if !strings.Contains(tb.text("#decisions tbody tr:first-child"), "n° ") {
		t.Errorf("the decision names no event")
	}
	// A ruling on the game in play (R27), through the host's route.
	l.must(loto.RoleHost, "POST", "/api/v1/game/start", "")
	tb.run(chromedp.SendKeys("#rule-what", "la partie continue malgré la coupure de courant"), chromedp.SendKeys("#rule-why", "aucun numéro perdu"),
		chromedp.Click(`form[data-act="rule"] button[type=submit]`))
	tb.answer("Enregistrer cette décision au journal ?", true)
	tb.waitText("#said", "Décision inscrite au journal (partie 1)")
	tb.waitText("#decisions tbody tr:first-child", "décision sur un litige (R27) : la partie continue malgré la coupure de courant")
	tb.waitText("#decisions tbody tr:first-child", "aucun numéro perdu")
	tb.screenshot("organisateur-decisions-portable")
	tb.axe()
	tb.noErrors() // the refusal below logs its status as a console error

	// A sale that does not exist: the server's French error, nothing recorded.
	before = l.head()
	tb.exclude("récidive", "99", true)
	tb.waitText("#error", "vente n° 99 inconnue")
	if l.head() != before {
		t.Fatalf("a refused exclusion recorded events: head %d -> %d", before, l.head())
	}

	tab := l.openOrganiser("/organisateur/decisions", 820, 1180)
	tab.waitText("#decisions", "a insulté le meneur de jeu")
	tab.screenshot("organisateur-decisions-tablette")
	tab.axe()
}
