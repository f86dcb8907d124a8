package web

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowser_PlayerGameBoxStaysOverTheMarks: the sticky "partie en cours"
// box stays on top of the cards scrolled under it: at the corner of each
// marked cell, where its ✓ paints, brought under the box, the point shows
// the box, never the tick drawn through it.
func TestBrowser_PlayerGameBoxStaysOverTheMarks(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	sold := l.sell(1, 4)
	phone := l.open("/joueur", 390, 600)
	phone.waitText("#live", "En direct")
	for i, s := range sold {
		phone.run(chromedp.SendKeys("#serial", s+kb.Enter))
		phone.waitText("#ncards", strconv.Itoa(i+1))
	}
	l.startGame()
	l.draw(30)
	phone.waitText("#count", "30")
	phone.waitUntil("the marks", func() (bool, string) {
		n := phone.count("#cards td.hit")
		return n > 0, strconv.Itoa(n) + " cells marked"
	})
	over := eval[[]string](phone, `(() => {
		const box = document.querySelector(".now"), out = [];
		for (const td of document.querySelectorAll("#cards td.hit")) {
			// The tick's corner (top right of the cell) brought to the box's middle.
			const r0 = td.getBoundingClientRect(), b0 = box.getBoundingClientRect();
			window.scrollBy(0, r0.top + 4 - (b0.top + b0.height / 2));
			const r = td.getBoundingClientRect(), b = box.getBoundingClientRect();
			const x = r.right - 4, y = r.top + 4;
			if (y < b.top || y > b.bottom || x < b.left || x > b.right) continue; // not under the box (the page's ends)
			const el = document.elementFromPoint(x, y);
			if (!box.contains(el)) out.push(td.dataset.n + " paints " + (el ? el.tagName + "." + el.className : "nothing") + " over the box at " + Math.round(x) + "," + Math.round(y));
		}
		window.scrollTo(0, 0);
		return out.length ? out : [String(document.querySelectorAll("#cards td.hit").length) + " checked"];
	})()`)
	if len(over) != 1 || !strings.HasSuffix(over[0], " checked") {
		t.Fatalf("marked cells paint over the sticky game box:\n%s", strings.Join(over, "\n"))
	}
	phone.noErrors()
}
