package web

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"loto/internal/card"
	"loto/internal/loto"
	"loto/internal/print"
)

// cutNetwork cuts the tab's network (chromedp's network emulation: every
// request fails and navigator.onLine is false, as on a phone whose Wi-Fi
// dropped) or gives it back.
func (tb *tab) cutNetwork(cut bool) {
	tb.t.Helper()
	tb.run(func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return chromedp.Void{}, err
		}
		rules := []*network.Conditions{}
		if cut {
			rules = append(rules, &network.Conditions{Offline: true, DownloadThroughput: -1, UploadThroughput: -1})
		}
		if _, err := cdp.Call(ctx, t, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: rules}); err != nil {
			return chromedp.Void{}, err
		}
		_, err := cdp.Call(ctx, t, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: cut, DownloadThroughput: -1, UploadThroughput: -1})
		return chromedp.Void{}, err
	})
}

// missingFor is how many numbers a card lacks for lines lines, from the
// numbers drawn: what the players' page must say.
func missingFor(c card.Card, drawn []card.Number, lines int) int {
	var perRow []int
	for _, row := range c {
		n := 0
		for _, x := range row {
			if x != 0 && !slices.Contains(drawn, x) {
				n++
			}
		}
		perRow = append(perRow, n)
	}
	slices.Sort(perRow)
	total := 0
	for _, n := range perRow[:lines] {
		total += n
	}
	return total
}

// missingText is the page's sentence for a card lacking n numbers for the quine.
func missingText(n int) string {
	if n == 1 {
		return "Il manque 1 numéro pour la quine."
	}
	return fmt.Sprintf("Il manque %d numéros pour la quine.", n)
}

// TestBrowser_Player: the players' page (/joueur) on a phone. A wrong
// check code is refused in French (R10); two sold cards typed as a player
// types them (lower case, no dashes) show as printed: their serial, plate
// and title, the 15 numbers where the grid has them, the series' colours.
// A number drawn through the domain is marked live (a class, a tick and
// the words for a screen reader), the count of numbers missing for the
// quine follows; a reload keeps the cards (localStorage); with the network
// cut the page says so and, once it is back, shows the numbers drawn
// meanwhile; too many lookups get the French refusal of the rate limit.
// axe-core finds nothing serious; screenshots at phone and tablet sizes.
func TestBrowser_Player(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	ctx := context.Background()
	sold := l.sell(1, 2)
	grids := map[string]card.Card{}
	for _, s := range sold {
		g, err := l.day.Card(mustSerial(t, s))
		if err != nil {
			t.Fatal(err)
		}
		grids[s] = g
	}

	phone := l.open("/joueur", 390, 844)
	phone.waitText("#live", "En direct")
	phone.waitText("#nocards", "Aucun carton")
	phone.run(chromedp.SendKeys("#serial", forgedCheck(sold[0])+kb.Enter))
	phone.waitText("#error", "code de contrôle faux")
	if n := phone.count("#cards li"); n != 0 {
		t.Fatalf("a wrong check code added %d cards", n)
	}
	for i, s := range sold {
		typed := strings.ToLower(strings.ReplaceAll(s, "-", ""))
		phone.run(chromedp.SendKeys("#serial", typed+kb.Enter))
		phone.waitText("#ncards", strconv.Itoa(i+1))
		phone.waitText("#said", "Carton "+s+" ajouté")
	}
	colors, _ := print.SeriesColors("jaune", false)
	for _, s := range sold {
		li := "#carton-" + s
		if got := phone.text(li + " .cserial"); got != s {
			t.Fatalf("card shows serial %q, want %s", got, s)
		}
		if got := phone.text(li + " .plate"); got != "Planche n° 1" {
			t.Fatalf("card %s shows plate %q", s, got)
		}
		if got := phone.text(li + " .ctitle"); got != "Méga Loto Rotary" {
			t.Fatalf("card %s shows title %q", s, got)
		}
		cells := eval[[]string](phone, fmt.Sprintf(`[...document.querySelectorAll(%q)].map(td => td.dataset.n || "0")`, li+" td"))
		var want []string
		for _, row := range grids[s] {
			for _, n := range row {
				want = append(want, strconv.Itoa(int(n)))
			}
		}
		if !slices.Equal(cells, want) {
			t.Fatalf("card %s shows the cells %v, printed %v", s, cells, want)
		}
		if tint := eval[string](phone, fmt.Sprintf(`getComputedStyle(document.querySelector(%q)).getPropertyValue("--tint").trim()`, li)); tint != colors.Tint {
			t.Fatalf("card %s tinted %q, printed %s", s, tint, colors.Tint)
		}
		phone.waitText(li+" .missing", "En attente de la première partie")
		phone.waitText(li+" .ctext", "carte tamponnée")
	}
	phone.axe()
	phone.screenshot("joueur-cartons-390x844")

	host := l.devices[loto.RoleHost]
	if _, err := l.day.StartGame(ctx, host); err != nil {
		t.Fatal(err)
	}
	first := sold[0]
	li := "#carton-" + first
	phone.waitText("#gameline", "quine : Bon d'achat de 30 €")
	phone.waitText(li+" .missing", missingText(missingFor(grids[first], nil, 1)))
	// Draw until a number of the first card comes out: the page marks it.
	var hit card.Number
	for hit == 0 {
		d, err := l.day.Draw(ctx, host, 0)
		if err != nil {
			t.Fatal(err)
		}
		n := strconv.Itoa(int(d.Number))
		phone.waitFor("#last", func(s string) bool { return s == n }, "to be "+n)
		g := grids[first]
		if slices.Contains(g.Numbers(), d.Number) {
			hit = d.Number
		}
	}
	cell := fmt.Sprintf("%s td[data-n='%d']", li, hit)
	phone.waitText(cell, " : tiré, dernier numéro")
	if cls := phone.attr(cell, "class"); cls != "hit last" {
		t.Fatalf("drawn cell %d has class %q, want hit last", hit, cls)
	}
	drawn := l.day.Public().Drawn
	phone.waitText(li+" .missing", missingText(missingFor(grids[first], drawn, 1)))
	if got, want := phone.count("#cards td.hit"), hits(grids, drawn); got != want {
		t.Fatalf("%d cells marked, the two cards hold %d of the numbers drawn", got, want)
	}
	phone.axe()
	phone.screenshot("joueur-partie-390x844")

	// A reload keeps the cards and their marks.
	phone.run(chromedp.Reload())
	phone.waitText("#live", "En direct")
	phone.waitText("#ncards", "2")
	phone.waitText(cell, " : tiré, dernier numéro")

	// The Wi-Fi drops: the page says so; the numbers drawn meanwhile show
	// once it is back.
	phone.cutNetwork(true)
	phone.waitText("#live", "Hors ligne")
	var meanwhile []card.Number
	for range 3 {
		d, err := l.day.Draw(ctx, host, 0)
		if err != nil {
			t.Fatal(err)
		}
		meanwhile = append(meanwhile, d.Number)
	}
	time.Sleep(300 * time.Millisecond)
	if got := phone.text("#last"); got == strconv.Itoa(int(meanwhile[2])) {
		t.Fatalf("the page got %s with its network cut", got)
	}
	phone.cutNetwork(false)
	phone.waitText("#live", "En direct")
	last := strconv.Itoa(int(meanwhile[2]))
	phone.waitFor("#last", func(s string) bool { return s == last }, "to be "+last)
	drawn = l.day.Public().Drawn
	phone.waitText("#count", strconv.Itoa(len(drawn)))
	phone.waitText(li+" .missing", missingText(missingFor(grids[first], drawn, 1)))
	if got, want := phone.count("#cards td.hit"), hits(grids, drawn); got != want {
		t.Fatalf("after the drop, %d cells marked, want %d", got, want)
	}

	// A tablet of its own (its own localStorage) follows one card.
	tablet := l.newTab("/joueur", chromedp.WithNewBrowserContext())
	tablet.run(chromedp.EmulateViewport(820, 1180), chromedp.Navigate(tablet.url))
	tablet.waitText("#live", "En direct")
	tablet.waitText("#nocards", "Aucun carton")
	tablet.run(chromedp.SendKeys("#serial", sold[1]+kb.Enter))
	tablet.waitText("#ncards", "1")
	tablet.axe()
	tablet.screenshot("joueur-partie-820x1180")

	// Wrong codes spend the address's lookups: the page says when to come back.
	for i := 0; i < 10 && !strings.Contains(phone.text("#error"), "trop de cartes"); i++ {
		phone.run(chromedp.SendKeys("#serial", forgedCheck(l.serial(10+i))+kb.Enter))
		phone.waitFor("#error", func(s string) bool { return s != "" }, "to say something")
		time.Sleep(50 * time.Millisecond)
	}
	phone.waitText("#error", "trop de cartes cherchées depuis cet appareil : réessayer dans")
	phone.noErrorsButRefusedLookups()
	tablet.noErrors()
}

// noErrorsButRefusedLookups is noErrors, but for the lookups the server
// refused on purpose (a wrong check code, too many lookups) and the loads
// failed while the test cut the network, which chromium logs as failed
// loads and the page shows in French.
func (tb *tab) noErrorsButRefusedLookups() {
	tb.t.Helper()
	tb.dropErrors(func(e string) bool {
		return strings.Contains(e, "net::ERR_INTERNET_DISCONNECTED") || strings.Contains(e, "/api/v1/cards/") &&
			(strings.Contains(e, "status of 422") || strings.Contains(e, "status of 429"))
	})
	tb.noErrors()
}

// hits counts the cells of the cards that hold a number drawn.
func hits(grids map[string]card.Card, drawn []card.Number) int {
	n := 0
	for _, g := range grids {
		for _, x := range (&g).Numbers() {
			if slices.Contains(drawn, x) {
				n++
			}
		}
	}
	return n
}
