package web

import (
	"strings"
	"testing"
)

// TestBrowser_DeskDropsItsOfflineNoteOnceTheQueueIsSent: a basket priced
// while the Wi-Fi was cut says so ("hors ligne"); once the link is back
// and the held sale is sent, the server prices the basket again and the
// note goes, rather than stay as if the desk were still cut off.
func TestBrowser_DeskDropsItsOfflineNoteOnceTheQueueIsSent(t *testing.T) {
	l := startLive(t, Config{})
	link := startWifiLink(t, strings.TrimPrefix(l.url, "http://"))
	viaWifi := *l
	viaWifi.url = link.url()
	d := viaWifi.openCashier("caisse-1", 1366, 768)
	d.openTill("50")

	d.wifi(link, false)
	d.waitText("#net", "Hors ligne")
	d.scanCard(l.serial(1))
	d.waitText("#pricenote", "hors ligne")
	d.choose("card")
	d.payAndWait("Vente en attente")
	d.waitText("#net", "1 vente en attente")
	d.scanCard(l.serial(2))
	d.waitText("#pricenote", "hors ligne")

	d.wifi(link, true)
	d.waitFor("#net", func(s string) bool { return strings.HasPrefix(s, "En ligne") && !strings.Contains(s, "attente") }, "online with no sale waiting")
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
