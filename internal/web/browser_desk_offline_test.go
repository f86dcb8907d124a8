package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowser_DeskDropsItsOfflineNoteOnceTheQueueIsSent: a basket priced
// while the Wi-Fi was cut says so ("hors ligne"); once the link is back
// and the held sale is sent, the server prices the basket again and the
// note goes, rather than stay as if the desk were still cut off.
func TestBrowser_DeskDropsItsOfflineNoteOnceTheQueueIsSent(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	d, link := l.openCashierOverWifi(1366, 768)

	d.wifi(link, false)
	d.scanCard(l.serial(1))
	d.holdPricedOffline()
	d.waitText("#net", "1 vente en attente")
	d.scanCard(l.serial(2))
	d.waitText("#pricenote", "hors ligne")

	d.wifi(link, true)
	d.waitOnlineNoneWaiting()
	d.waitUntil("the offline note gone", func() (bool, string) {
		note := d.text("#pricenote")
		return !strings.Contains(note, "hors ligne"), "the price note says " + note
	})
	if n := len(l.day.Sales()); n != 1 {
		t.Fatalf("%d sales recorded, want the held one", n)
	}
	d.failuresSeen()
	d.noErrors()
}

// TestBrowser_R14_DeskCutOffSaysWhichGameItsCardsWillPlay: a desk cut off
// cannot know that a game starts, and the server records its held sales
// when they reach it: cards recorded after a start play from the next
// game. While cut off the desk says so, on the basket and the receipt;
// once the Wi-Fi is back, the sale recorded after the start is listed
// with the game its cards play from, as the sale's answer says.
func TestBrowser_R14_DeskCutOffSaysWhichGameItsCardsWillPlay(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	d, link := l.openCashierOverWifi(1366, 768)

	d.wifi(link, false)
	d.scanCard(l.serial(1))
	const then = "Hors ligne : si la partie 1 commence avant l'envoi, ces cartes joueront à partir de la partie 2."
	d.waitText("#offlinegame", then)
	d.choose("card")
	d.payAndWait("Vente en attente")
	d.waitText("#rplays", then)
	d.screenshot("caisse-hors-ligne-partie-1366x768")
	l.startGame()

	d.wifi(link, true)
	d.waitOnlineNoneWaiting()
	d.shown("latepanel")
	d.waitText("#late", "Vente n° 1 (1 carte, prise à ")
	d.waitText("#late", "enregistrée après le début de la partie 1 : ces cartes jouent à partir de la partie 2.")
	if sales := l.day.Sales(); len(sales) != 1 || sales[0].PlaysFrom() != 2 {
		t.Fatalf("the held sale recorded after the start: %+v, want one playing from game 2", sales)
	}
	d.axe()
	d.screenshot("caisse-vente-apres-debut-1366x768")
	d.run(chromedp.Click(chromedp.CSS("#late button")))
	d.waitUntil("the list gone once the buyer is told", func() (bool, string) {
		return d.count("#latepanel[hidden]") == 1, d.text("#late")
	})
	d.failuresSeen()
	d.noErrors()
}
