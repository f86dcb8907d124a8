package web

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"loto/internal/loto"
)

// pageFitScript lists what a page of the volunteers shows badly, in words:
// a page that scrolls sideways, a text whose glyphs leave the screen's
// width or the panel it stands in, or are cut by an ancestor that clips its
// overflow, a figure broken over two lines, a card's serial cut at a
// hyphen at a line's end. A page may scroll down,
// never sideways: a phone's volunteer would miss what stands off to the
// right.
const pageFitScript = `(() => {
	const vw = document.documentElement.clientWidth, out = [];
` + whereScript + `
	if (document.documentElement.scrollWidth > vw + 1) {
		// Named by the outermost elements that stand past the right edge.
		const wide = [...document.body.querySelectorAll("*")].filter((e) =>
			e.getBoundingClientRect().right > vw + 1 && !(e.parentElement && e.parentElement.getBoundingClientRect().right > vw + 1));
		out.push("la page défile de côté : " + document.documentElement.scrollWidth + " px pour " + vw + " (" + wide.map(where).join(", ") + ")");
	}
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n; (n = walker.nextNode());) {
		const text = n.textContent.trim(), el = n.parentElement;
		if (!text || el.closest(".sr-only, .visually-hidden, svg, template, script, style, dialog:not([open])")) continue;
		if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
		const r = document.createRange();
		r.selectNodeContents(n);
		const who = where(el) + " «" + text.slice(0, 40) + "»";
		// A figure ("6 / 90", "117,00 €") is read at a glance: on one line.
		if (el.matches("dd, td, th") && /^[-+\d\s,./€%]{1,14}$/.test(text) && new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size > 1) {
			out.push("chiffre sur deux lignes : " + who);
		}
		// A card's serial ("A-000001-TA") is read and compared whole,
		// digit by digit: never broken at one of its hyphens.
		for (const m of n.textContent.matchAll(/\p{Lu}+-\d+-[\p{Lu}\d]+/gu)) {
			const c = document.createRange();
			c.setStart(n, m.index);
			c.setEnd(n, m.index + m[0].length);
			if (new Set([...c.getClientRects()].filter((b) => b.width >= 1).map((b) => Math.round(b.top))).size > 1) {
				out.push("numéro de carte coupé en fin de ligne : " + where(el) + " «" + m[0] + "»");
			}
		}
		// A frame that scrolls sideways and takes the focus keeps what
		// stands beyond its edge within reach, by touch and by keyboard.
		let scrolled = false;
		for (let a = el; a && a !== document.body; a = a.parentElement) {
			const x = getComputedStyle(a).overflowX;
			if ((x === "auto" || x === "scroll") && a.tabIndex >= 0) scrolled = true;
		}
		if (scrolled) continue;
		for (const b of r.getClientRects()) {
			if (b.width < 1 || b.height < 1) continue;
			if (b.left < -1 || b.right > vw + 1) {
				out.push("hors de l'écran : " + who + " [" + Math.round(b.left) + ".." + Math.round(b.right) + "]");
				break;
			}
			let cut = "";
			for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
				const cs = getComputedStyle(a), box = a.getBoundingClientRect();
				const clips = cs.overflowX !== "visible";
				const panel = a !== el && a.matches(".panel, fieldset, form, .tiles > div, .receipt, .verdict, table");
				if (!clips && !panel) continue;
				const l = box.left + a.clientLeft, right = l + a.clientWidth;
				if (b.left < l - 1 || b.right > right + 1) {
					cut = (clips ? "coupé par " : "déborde de ") + where(a);
					break;
				}
			}
			if (cut) {
				out.push(cut + " : " + who);
				break;
			}
		}
	}
	// On a laptop every table fits its panel: no frame scrolls there.
	if (vw >= 1280) {
		for (const f of document.querySelectorAll(".tablescroll")) {
			if (f.checkVisibility() && f.scrollWidth > f.clientWidth + 1) out.push("défile dans son cadre : " + where(f) + " (" + f.scrollWidth + " px pour " + f.clientWidth + ")");
		}
	}
	return [...new Set(out)];
})()`

// TestBrowser_PagesFitPhonesTabletsAndLaptops opens each page a volunteer
// or a player uses, on a day under way, at two phones' sizes, a tablet's
// and a laptop's, and fails on whatever pageFitScript finds.
func TestBrowser_PagesFitPhonesTabletsAndLaptops(t *testing.T) {
	t.Parallel()
	l := startLive(t, Config{})
	sold := l.sellStartAndDraw()
	staff := []struct {
		role loto.Role
		path string
	}{
		{loto.RoleDoor, "/entree"},
		{loto.RoleHost, "/meneur"},
		{loto.RoleController, "/controle"},
	}
	organiser := []string{"/organisateur", "/organisateur/evenement", "/organisateur/series", "/organisateur/reservations",
		"/organisateur/appareils", "/organisateur/rapports", "/organisateur/decisions"}
	public := []string{"/joueur", "/reglement", "/verifier"}
	// One tab a page, looked at in each size in turn: the page lays itself
	// out again as a tablet turned or a window resized would.
	tabs := []*tab{l.openCashier("caisse-1", 1366, 768)}
	for _, s := range staff {
		tabs = append(tabs, l.openAs(s.role, s.path, 1366, 768))
	}
	for _, p := range public {
		tabs = append(tabs, l.open(p, 1366, 768))
	}
	for _, tb := range tabs {
		tb.fitsEverySize("")
	}
	// Then the desk's receipt of a cheque, and a player's phone with cards.
	desk, player := tabs[0], tabs[len(staff)+1]
	desk.sellByCheque(l.serial(11), "5,00 €", "Vente n° 2")
	desk.fitsEverySize("largeur-caisse-recu")
	for i, s := range sold[:3] {
		player.run(chromedp.SendKeys("#serial", s+kb.Enter))
		player.waitText("#ncards", strconv.Itoa(i+1))
	}
	player.fitsEverySize("largeur-joueur-cartons")
	// The organiser signs in once (logins are limited) and goes from page to page.
	org := l.openOrganiser(organiser[0], 1366, 768)
	for _, p := range organiser {
		org.url = l.url + p
		org.run(chromedp.EmulateViewport(1366, 768), chromedp.Navigate(org.url))
		org.fitsEverySize("largeur" + strings.ReplaceAll(p, "/", "-"))
	}
	// Last, a controller registers a call: the news names the card.
	ctl := tabs[3]
	ctl.run(chromedp.SendKeys("#serial", sold[0]+kb.Enter))
	ctl.waitText("#said", "Annonce 1 enregistrée : carte "+sold[0])
	ctl.fitsEverySize("largeur-controle-annonce")
}

// pageSizes are two phones' screens (most Android phones' width, then an
// iPhone's), a tablet's and a laptop's.
var pageSizes = []struct {
	name string
	w, h int64
}{{"360x800", 360, 800}, {"390x844", 390, 844}, {"820x1180", 820, 1180}, {"1366x768", 1366, 768}}

// fitsEverySize lays the tab's page out at each of pageSizes in turn, as a
// tablet turned or a window resized would, screenshots it as shot-SIZE
// unless shot is empty, and fails on whatever pageFitScript finds.
func (tb *tab) fitsEverySize(shot string) {
	tb.t.Helper()
	for _, sz := range pageSizes {
		tb.run(chromedp.EmulateViewport(sz.w, sz.h))
		tb.waitUntil("the page's layout to settle", func() (bool, string) {
			return eval[bool](tb, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(document.readyState === "complete"))))`), "loading"
		})
		if shot != "" {
			tb.screenshot(shot + "-" + sz.name)
		}
		for _, p := range eval[[]string](tb, pageFitScript) {
			tb.t.Errorf("%s, %s : %s", tb.url, sz.name, p)
		}
	}
}

// TestBrowser_PagesFitATieUnderControl: the host's and the controllers'
// pages hold the most they ever show, a control of three claims with two
// winners tied and a claim refused, within every screen's width.
func TestBrowser_PagesFitATieUnderControl(t *testing.T) {
	t.Parallel()
	l := startLiveEvent(t, Config{}, manualDay(t))
	sold := l.sell(1, 100)
	plan := findTie(t, l, sold)
	ctx := context.Background()
	host, ctl := l.devices[loto.RoleHost], l.devices[loto.RoleController]
	if _, err := l.day.StartGame(ctx, host); err != nil {
		t.Fatal(err)
	}
	for _, n := range plan.numbers {
		if _, err := l.day.Draw(ctx, host, n); err != nil {
			t.Fatal(err)
		}
	}
	loser := sold[0]
	for _, s := range sold {
		if s != plan.a && s != plan.b {
			loser = s
			break
		}
	}
	for _, s := range []string{plan.a, loser, plan.b} {
		if _, err := l.day.Claim(ctx, ctl, mustSerial(t, s)); err != nil {
			t.Fatal(err)
		}
	}
	if r, err := l.day.StartControl(ctx, host); err != nil || r.Winners != 2 {
		t.Fatalf("the control: %+v %v, want two winners", r, err)
	}
	page := l.openAs(loto.RoleHost, "/meneur", 1366, 768)
	phone := l.openAs(loto.RoleController, "/controle", 390, 844)
	page.waitText("#claims", plan.b)
	phone.waitText("#claims", plan.b)
	page.fitsEverySize("largeur-meneur-egalite")
	phone.fitsEverySize("largeur-controle-egalite")
}
