package web

import (
	"testing"

	"github.com/chromedp/cdproto/network"
)

// TestBrowser_DeskSellsOnlyAPricedBasket: a card scanned while the
// basket's quote is on its way (a slow link) keeps the pay button waiting
// until the quote of the basket with it is in, so that a sale is never
// sent with the cards of one basket and the price of another. Before, the
// button kept the last quote's state: a cashier quick on it (or the Wi-Fi
// test under load) sent 2 cards paid as 1, refused later as a conflict.
func TestBrowser_DeskSellsOnlyAPricedBasket(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	d := l.openCashier("caisse-1", 1366, 768)
	d.openTill("20")
	d.choose("card")
	d.scanCard(l.serial(1))
	d.waitText("#total", "5,00 € — 1 carte")
	d.waitFor("#pay", func(string) bool { return d.enabled("pay") }, "enabled for the first card")
	slow := func(latency float64) {
		call(d, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{{Latency: latency, DownloadThroughput: -1, UploadThroughput: -1}},
		})
	}
	slow(1500) // ms: the second card's quote is on its way for a while
	d.scanCard(l.serial(2))
	if d.enabled("pay") {
		t.Fatal("the pay button is enabled while the basket of 2 cards is still priced as 1")
	}
	d.waitText("#total", "10,00 € — 2 cartes")
	slow(0)
	d.payAndWait("Vente n°")
	sales := l.day.Sales()
	if len(sales) != 1 || len(sales[0].Cards) != 2 || sales[0].Payments[0].Cents != 1000 {
		t.Fatalf("sales %+v: want one of 2 cards paid 10 €", sales)
	}
	d.noErrors()
}
