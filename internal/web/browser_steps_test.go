package web

import (
	"context"
	"fmt"
	"strconv"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"loto/internal/card"
	"loto/internal/loto"
)

// The steps that the browser tests of whole days repeat: a sale at the
// desk's page, a game started and its numbers typed on the host's page.

// cashSale is a sale in cash at the desk's page; the texts it waits for
// are parts of what the page shows.
type cashSale struct {
	codes    []string // scanned one by one
	total    string   // the basket's total once they are all in, "" for no check
	tendered string   // the euros handed over
	change   string   // the change shown before paying, "" for no check
	receipt  string   // the receipt's line once paid
}

// sellCash scans the sale's codes as a USB scanner does, types the cash
// tendered, pays and waits for the receipt.
func (tb *tab) sellCash(s cashSale) {
	tb.t.Helper()
	for _, c := range s.codes {
		tb.scanCard(c)
	}
	if s.total != "" {
		tb.waitText("#total", s.total)
	}
	tb.typeIn("tendered", s.tendered)
	if s.change != "" {
		tb.waitText("#change", s.change)
	}
	tb.payAndWait(s.receipt)
}

// sellByCheque sells the card of code by cheque at the desk's page: the
// pay button stays disabled until both the buyer's identity document and
// the cheque's number are typed (R8); once paid, the receipt shows the
// amount by cheque.
func (tb *tab) sellByCheque(code, amount, receipt string) {
	tb.t.Helper()
	tb.scanCard(code)
	tb.waitText("#total", amount)
	tb.choose("cheque")
	tb.waitText("#why", "pièce d'identité")
	if tb.enabled("pay") {
		tb.t.Fatal("a cheque without identity can be cashed")
	}
	tb.typeIn("idnumber", "123456789")
	if tb.enabled("pay") {
		tb.t.Fatal("a cheque without its number can be cashed")
	}
	tb.typeIn("chequeno", "0001234")
	tb.payAndWait(receipt)
	tb.waitText("#rpaid", "chèque "+amount)
}

// sellStartAndDraw sells cards 1 to 10 of the live day, starts its first
// game as the host device and draws a number; it returns the serials sold.
func (l *live) sellStartAndDraw() []string {
	l.t.Helper()
	serials := l.sell(1, 10)
	l.startAndDraw()
	return serials
}

// startAndDraw starts the live day's first game as the host device and
// draws a number.
func (l *live) startAndDraw() {
	l.t.Helper()
	l.startGame()
	l.draw(1)
}

// startGame starts the live day's next game as the host device.
func (l *live) startGame() {
	l.t.Helper()
	if _, err := l.day.StartGame(context.Background(), l.devices[loto.RoleHost]); err != nil {
		l.t.Fatal(err)
	}
}

// draw draws n numbers as the host device.
func (l *live) draw(n int) {
	l.t.Helper()
	for range n {
		if _, err := l.day.Draw(context.Background(), l.devices[loto.RoleHost], 0); err != nil {
			l.t.Fatal(err)
		}
	}
}

// startByHand starts the first game of a day drawn with a ball machine on
// the host's page, once it and the controller's page are live.
func startByHand(host, ctl *tab) {
	host.t.Helper()
	host.waitText("#live", "En direct")
	ctl.waitText("#live", "En direct")
	host.waitText(".mode", "machine à boules")
	host.press("l")
	host.waitText("#said", "Partie 1 lancée")
	host.waitText("#phase", loto.PhaseDrawing.French())
}

// typeNumber types the ball n on the host's page, the count-th drawn, and
// waits until the host's page counts it and says it and the controller's
// page shows it. The digits are seen in the field before Enter, and the
// field emptied after it, so that a failure says which step was missed.
func typeNumber(host, ctl *tab, count int, n card.Number) {
	host.t.Helper()
	num := strconv.Itoa(int(n))
	host.run(chromedp.SendKeys("#number", num))
	host.waitValue("#number", num)
	host.run(chromedp.SendKeys("#number", kb.Enter))
	host.waitValue("#number", "")
	host.waitText("#count", fmt.Sprintf("%d / 90", count))
	host.waitText("#said", "Numéro "+num)
	ctl.waitText("#last", num)
}
