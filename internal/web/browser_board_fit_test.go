package web

import (
	"context"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"loto/internal/eventfile"
	"loto/internal/loto"
)

// projectors are the screens a hall projects the board on: the usual
// 16:9 sizes, the 4:3 XGA projector most halls still have, and a
// portrait screen on a stand.
var projectors = []struct {
	name string
	w, h int64
}{
	{"1920x1080", 1920, 1080},
	{"1366x768", 1366, 768},
	{"1280x720", 1280, 720},
	{"1024x768", 1024, 768},
	{"1080x1920", 1080, 1920},
}

// whereScript names an element for a failure, the fit scripts' where(el):
// its path of tags and first classes up to the nearest id.
const whereScript = `	const where = (el) => {
		const p = [];
		for (let e = el; e && e !== document.body; e = e.parentElement) {
			if (e.id) { p.unshift("#" + e.id); break; }
			p.unshift(e.tagName.toLowerCase() + (e.classList[0] ? "." + e.classList[0] : ""));
		}
		return p.join(">");
	};`

// fitScript lists what the board shows badly, in words: a text whose
// glyphs leave the screen, are cut by an ancestor that clips its overflow,
// lie under another element, or overlap another text or image. The glyphs
// are measured, not their line boxes: each text node's rectangles
// (Range.getClientRects) narrowed to the ink of its characters in its
// font (canvas measureText), so that a huge number's empty descent does
// not count as overlapping the line below it. In a game, the last number
// must also be the largest text on screen.
const fitScript = `(() => {
	const vw = innerWidth, vh = innerHeight, out = [], items = [];
	const ctx = document.createElement("canvas").getContext("2d");
` + whereScript + `
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n; (n = walker.nextNode());) {
		const text = n.textContent.trim(), el = n.parentElement;
		if (!text || el.closest(".sr-only, svg, template, script, style")) continue;
		if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
		const cs = getComputedStyle(el);
		ctx.font = cs.fontStyle + " " + cs.fontWeight + " " + cs.fontSize + " " + cs.fontFamily;
		const m = ctx.measureText(text);
		const r = document.createRange();
		r.selectNodeContents(n);
		for (const b of r.getClientRects()) {
			if (b.width < 1 || b.height < 1) continue;
			items.push({
				node: n, el, size: parseFloat(cs.fontSize),
				who: where(el) + " «" + text.slice(0, 40) + "»",
				l: b.left, r: b.right,
				t: b.top + m.fontBoundingBoxAscent - m.actualBoundingBoxAscent,
				b: b.top + m.fontBoundingBoxAscent + m.actualBoundingBoxDescent,
			});
		}
	}
	for (const el of document.querySelectorAll("img, svg")) {
		if (el.closest("template") || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
		const b = el.getBoundingClientRect();
		if (b.width < 1 || b.height < 1) continue;
		items.push({ node: el, el, size: 0, who: where(el) + " (image)", l: b.left, r: b.right, t: b.top, b: b.bottom });
	}
	const px = (x) => Math.round(x);
	for (const it of items) {
		if (it.l < -1 || it.t < -1 || it.r > vw + 1 || it.b > vh + 1) {
			out.push("hors de l'écran : " + it.who + " [" + [px(it.l), px(it.t), px(it.r), px(it.b)] + "]");
			continue;
		}
		for (let a = it.el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
			const cs = getComputedStyle(a);
			const clipX = cs.overflowX !== "visible", clipY = cs.overflowY !== "visible";
			if (!clipX && !clipY) continue;
			const b = a.getBoundingClientRect();
			const l = b.left + a.clientLeft, t = b.top + a.clientTop;
			const r = l + a.clientWidth, bt = t + a.clientHeight;
			if ((clipX && (it.l < l - 1 || it.r > r + 1)) || (clipY && (it.t < t - 1 || it.b > bt + 1))) {
				out.push("coupé par " + where(a) + " : " + it.who + " [" + [px(it.l), px(it.t), px(it.r), px(it.b)] + "] hors de [" + [px(l), px(t), px(r), px(bt)] + "]");
				break;
			}
		}
		const x = (it.l + it.r) / 2, y = (it.t + it.b) / 2, hit = document.elementFromPoint(x, y);
		if (hit && !it.el.contains(hit) && !hit.contains(it.el)) {
			out.push("caché sous " + where(hit) + " : " + it.who);
		}
	}
	for (let i = 0; i < items.length; i++) {
		for (let j = i + 1; j < items.length; j++) {
			const a = items[i], b = items[j];
			if (a.node === b.node) continue;
			const w = Math.min(a.r, b.r) - Math.max(a.l, b.l), h = Math.min(a.b, b.b) - Math.max(a.t, b.t);
			if (w > 1 && h > 1) out.push("superposés : " + a.who + " et " + b.who);
		}
	}
	const main = document.getElementById("board"), last = document.getElementById("last");
	if (main.dataset.mode === "game") {
		const own = items.filter((it) => it.el === last);
		const size = own.length ? own[0].size : 0;
		for (const it of items) {
			if (it.el !== last && it.size >= size) {
				out.push("plus grand que le dernier numéro (" + px(size) + " px) : " + it.who + " (" + px(it.size) + " px)");
			}
		}
	}
	return out;
})()`

// boards are the tabs of one board per projector size.
type boards []*tab

// openBoards opens /tableau at every projector size.
func openBoards(l *live) boards {
	var bs boards
	for _, p := range projectors {
		bs = append(bs, l.open("/tableau", p.w, p.h))
	}
	return bs
}

// fits waits until every board shows the day's last public change (the
// anchor it writes), lets its layout settle, screenshots it as
// tableau-STATE-SIZE and fails on whatever fitScript finds.
func (bs boards) fits(t *testing.T, l *live, state string) {
	t.Helper()
	anchor := l.day.Public().Anchor.String()
	for i, b := range bs {
		b.waitText("#anchor", anchor)
		// Two frames: the board's fitting runs on the frame after a change.
		b.waitUntil("the board's layout to settle", func() (bool, string) {
			ok := eval[bool](b, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() =>
				r([...document.images].every((i) => i.complete)))))`)
			return ok, "an image is still loading"
		})
		b.screenshot("tableau-" + state + "-" + projectors[i].name)
		for _, p := range eval[[]string](b, fitScript) {
			t.Errorf("%s, %s : %s", state, projectors[i].name, p)
		}
	}
}

// axe runs axe-core on every board.
func (bs boards) axe() {
	for _, b := range bs {
		b.axe()
	}
}

// longPrizes is the manual-draw example day with the wordy texts a real
// day has: a long prize offered by a sponsor with a logo, its public
// address (so the rules end with "Règlement complet : ...").
func longPrizes(t *testing.T) *loto.EventSpec {
	t.Helper()
	file := strings.Replace(string(manualDay(t)),
		"{label: Bon d'achat de 30 €, kind: voucher, cents: 3000, consolation: bouteille de cidre}",
		"{label: \"Panier gourmand de la ferme du Gouët : cidre, galettes, caramels au beurre salé\", kind: object, consolation: bouteille de cidre, sponsor: {name: Boulangerie-pâtisserie Martin et fils, logo: boulangerie.png}}", 1)
	file = strings.Replace(file, "\ndraw: manual\n", "\ndraw: manual\npublic_url: https://loto.rotary-saint-brieuc.example.org\n", 1)
	spec, _, err := eventfile.ParseFiles([]byte(file), nil, fstest.MapFS{"boulangerie.png": {Data: sponsorLogo(t)}})
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

// TestBrowser_BoardFitsEveryProjector: the board (/tableau) followed through
// a short day driven through the domain (the rules before the first game,
// the draw, a call under verification, the winners of the control, a prize
// awarded with the next stage's, the game's end with its seed, a break and
// a break overdue, the day's end) at 1920×1080, 1366×768, 1280×720, the
// 4:3 1024×768 and a portrait 1080×1920: at each, no text leaves the
// screen, is cut, hidden or drawn over another, and in a game the last
// number is the largest text (R13); axe-core finds no serious violation in
// a game, between games and in a break. Screenshots of every state and size.
func TestBrowser_BoardFitsEveryProjector(t *testing.T) {
	t.Parallel()
	l := startLiveSpec(t, Config{}, longPrizes(t))
	syncClock(l)
	sold := l.sell(1, 6)
	ctx := context.Background()
	host, controller := l.devices[loto.RoleHost], l.devices[loto.RoleController]
	bs := openBoards(l)
	bs.fits(t, l, "avant-partie")

	if _, err := l.day.StartGame(ctx, host); err != nil {
		t.Fatal(err)
	}
	win := sold[0]
	for _, n := range l.rowNumbers(win, 0)[:4] {
		if _, err := l.day.Draw(ctx, host, n); err != nil {
			t.Fatal(err)
		}
	}
	bs.fits(t, l, "tirage")

	// stage plays one stage to its award: the rest of the card's row r is
	// drawn, the card called, controlled and awarded.
	stage := func(r int, states ...string) {
		t.Helper()
		for _, n := range l.rowNumbers(win, r) {
			if slices.Contains(l.day.Public().Drawn, n) {
				continue
			}
			if _, err := l.day.Draw(ctx, host, n); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := l.day.Claim(ctx, controller, mustSerial(t, win)); err != nil {
			t.Fatal(err)
		}
		if len(states) > 0 {
			bs.fits(t, l, states[0])
		}
		if _, err := l.day.StartControl(ctx, host); err != nil {
			t.Fatal(err)
		}
		if len(states) > 1 {
			bs.fits(t, l, states[1])
		}
		if _, err := l.day.Award(ctx, host); err != nil {
			t.Fatal(err)
		}
		if len(states) > 2 {
			bs.fits(t, l, states[2])
		}
	}
	stage(0, "verification", "gagnant", "lot-remis")
	bs.axe()
	stage(1)
	stage(2)
	bs.fits(t, l, "entre-parties")
	bs.axe()

	if _, err := l.day.StartBreak(ctx, host, "", 0); err != nil {
		t.Fatal(err)
	}
	bs.fits(t, l, "pause")
	// The break's end passed on the boards' clocks: they say play resumes shortly.
	for _, b := range bs {
		eval[bool](b, `((now) => { Date.now = () => now() + 3 * 3600 * 1000; return true; })(Date.now.bind(Date))`)
		b.waitUntil("the overdue break", func() (bool, string) {
			return b.count("#resume-soon:not([hidden])") == 1, "the resume time still shows"
		})
	}
	bs.fits(t, l, "pause-depassee")
	bs.axe()

	if _, err := l.day.EndBreak(ctx, host); err != nil {
		t.Fatal(err)
	}
	if _, err := l.day.EndDay(ctx, org, "fin de l'essai du tableau"); err != nil {
		t.Fatal(err)
	}
	bs.fits(t, l, "fin")
	for _, b := range bs {
		b.noErrors()
	}
}

// TestBrowser_BoardWelcomesBeforeTheEvent: on a base with no event yet,
// the board is no empty dark page: it welcomes the hall ("Bienvenue au
// loto") and says what comes next, at every projector size, fitting;
// the event's arrival on the stream replaces the welcome by the programme.
func TestBrowser_BoardWelcomesBeforeTheEvent(t *testing.T) {
	t.Parallel()
	l := startLiveEvent(t, Config{}, nil)
	bs := openBoards(l)
	for _, b := range bs {
		b.waitText("#welcome", "Bienvenue au loto")
		b.waitText("#welcome", "Le programme de la journée s'affichera ici")
		if mode := b.attr("#board", "data-mode"); mode != "welcome" {
			t.Fatalf("the board of an empty base is in mode %q, want welcome", mode)
		}
	}
	bs.fits(t, l, "bienvenue")
	bs.axe()

	spec := parseEvent(t, manualDay(t))
	if _, err := l.day.CreateEvent(context.Background(), org, spec); err != nil {
		t.Fatal(err)
	}
	for _, b := range bs {
		b.waitText("#next", "Partie 1")
		if b.count("#welcome:not([hidden])") != 0 && eval[bool](b, `document.getElementById("welcome").checkVisibility()`) {
			t.Fatal("the welcome still shows once the event is recorded")
		}
		b.noErrors()
	}
}
