// The board (/tableau), live: the page is painted by the server from the
// day's snapshot; this module follows GET /api/v1/stream (Server-Sent
// Events, read by sse.js) and redraws what changed. A connection that died
// silently (the hall's Wi-Fi dropped it without a word) is noticed by its
// missing heartbeats and opened again, resuming with Last-Event-ID, so
// nothing is missed after a network cut; the board says it meanwhile.
// Every French word shown is in the page (board.html): this module only
// fills values in and shows or hides what the page holds.

import { mergePatch } from "./patch.js";
import { follow, keepUp } from "./sse.js";
import { Voice } from "./voice.js";
import { shortAnchor } from "./witness.js";

const $ = (id) => document.getElementById(id);
const main = $("board");
const stages = JSON.parse($("awarded").dataset.stages);
const voice = new Voice($("voice"), main.dataset.voice);
let state = null;
// skew is how far the server's clock is ahead of this one's, read at load:
// an overdue break is told by the server's time, as the server paints it.
const skew = Number(main.dataset.now || Date.now()) - Date.now();
// heard is the game and count of the last number the voice considered:
// only a new draw is said, not the page's first state nor an undo.
let heard = null;

// setText writes text only when it changed, so that a live region speaks
// a new number, never the same one again.
function setText(el, text) {
	text = String(text);
	if (el.textContent !== text) el.textContent = text;
}

function show(el, on) { el.hidden = !on; }

function render(s) {
	const running = s.game > 0 && s.phase !== "over";
	main.dataset.mode = s.mode; // which panels show: the server says (board.css)
	main.dataset.scale = s.type_scale || 100; // as boardScale in page_board.go
	show($("where"), running);
	setText($("game-no"), s.game);

	setText($("last"), s.last ? s.last : "–");
	setText($("count"), s.count);
	// The hall's suspense: how many cards wait for one number only.
	const away = s.one_away || 0, sus = $("suspense"), words = sus.querySelector("span");
	show(sus, away > 0);
	setText($("one-away"), away);
	setText(words, away > 1 ? words.dataset.many : words.dataset.one);
	const checking = $("checking");
	setText(checking, s.checking ? checking.dataset.text : "");
	renderGrid(s);

	const winners = s.winners || [];
	const w = $("winners");
	show(w, winners.length > 0);
	const h = w.querySelector("h2");
	setText(h, winners.length > 1 ? h.dataset.many : h.dataset.one);
	fill(w.querySelector("ul"), $("winner-tpl"), winners, (li, x) => {
		setText(li.querySelector(".serial"), x.serial);
		const tok = li.querySelector(".token");
		show(tok, x.token != null);
		setText(tok.querySelector("span"), x.token ?? "");
	});

	setText($("title"), s.title || "");
	setText($("announce"), s.announce || "");
	renderSponsor(running && s.prize ? s.prize.sponsor : null);
	const awarded = (s.awarded || []).at(-1);
	const a = $("awarded");
	show(a, !!awarded);
	setText(a.querySelector(".stage"), awarded ? stages[awarded.stage] || awarded.stage : "");
	fill(a.querySelector("ul"), $("award-tpl"), awarded ? awarded.winners : [], (li, x) => {
		setText(li.querySelector(".serial"), x.serial);
		show(li.querySelector(".consolation"), x.consolation);
	});

	const next = (s.programme || []).find((g) => g.number === s.next_game);
	show($("next-line"), !!next);
	setText($("next"), next ? next.title : "");
	renderBreak(s);
	show($("over-day"), !s.postponed);
	show($("over-postponed"), !!s.postponed);

	renderEvent(s);
	for (const li of $("programme").children) {
		const n = Number(li.dataset.game);
		const current = running && n === s.game;
		li.classList.toggle("current", current);
		li.classList.toggle("done", n < s.game || (n === s.game && !running));
		if (current) li.setAttribute("aria-current", "step");
		else li.removeAttribute("aria-current");
	}

	proof($("commit"), s.seed_sha256);
	const started = $("started");
	show(started, !!s.started);
	setText(started.querySelector("code"), s.started ? shortAnchor(s.started) : "");
	const restored = $("restored"), r = s.restored;
	show(restored, !!r);
	setText(restored.querySelector(".at"), r ? r.time.slice(11, 16) : "");
	setText(restored.querySelector("code"), r ? shortAnchor(r.replaced) : "");
	setText(restored.querySelector(".games"), r ? r.games : "");
	proof($("seed"), s.seed);
	setText($("anchor"), s.anchor); // "SEQ:HASH", as loto journal verify --anchor takes it
	fit();
}

// fit narrows the type of each panel shown (--fit, board.css) until its
// words fit its share of the screen, halving the interval: a few layouts
// per change, none when the panel fits at full size. A panel's size is its
// share of the page's grid, never its content's: narrowing the type cannot
// move it.
function fit() {
	for (const el of main.querySelectorAll(".fit")) {
		el.style.removeProperty("--fit");
		if (!el.checkVisibility() || fits(el)) continue;
		let lo = 0.3, hi = 1;
		for (let i = 0; i < 7; i++) {
			const mid = (lo + hi) / 2;
			el.style.setProperty("--fit", mid);
			if (fits(el)) lo = mid;
			else hi = mid;
		}
		el.style.setProperty("--fit", lo);
	}
}

function fits(el) {
	return el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1;
}

// The server's first paint is fitted too, and again whenever a panel's
// share changes (the screen, the proof's lines, the connection's words),
// the fonts arrive or a sponsor's logo takes its size.
fit();
const resized = new ResizeObserver(() => fit());
for (const el of main.querySelectorAll(".fit")) resized.observe(el);
document.fonts.ready.then(fit);
$("sponsor-logo").addEventListener("load", fit);

// renderBreak writes the break's label and when play resumes; once that
// time has passed, that play resumes in a moment, never a time gone by.
function renderBreak(s) {
	const b = s.break;
	setText($("break-label"), b ? b.label : "");
	// The snapshot's times are written in the event's zone: "…T13:45:00+01:00".
	setText($("resumes"), b ? b.resumes.slice(11, 16) : "");
	const overdue = !!b && Date.parse(b.resumes) <= Date.now() + skew;
	show($("resume-at"), !overdue);
	show($("resume-soon"), overdue);
}

// A break becomes overdue with no change on the stream: the clock tells.
setInterval(() => { if (state) renderBreak(state); }, 2000);

// renderEvent writes the event's name and programme: a board opened
// before the event was recorded painted none, and the event comes later
// on the stream. The programme never changes once recorded: its rows are
// made only when the page has none.
function renderEvent(s) {
	setText($("event"), s.event || "");
	renderRules(s.rules || []);
	const games = s.programme || [];
	const list = $("programme");
	if (list.children.length === games.length) return;
	fill(list, $("game-tpl"), games, (li, g) => {
		li.dataset.game = g.number;
		setText(li.querySelector(".no"), g.number + ".");
		setText(li.querySelector(".gtitle"), g.title);
		// The top prize, as page_board.go writes it: the last stage's
		// announce without its stage's name.
		const top = (g.stages || []).at(-1);
		const prefix = top ? (stages[top.stage] || top.stage) + " : " : "";
		setText(li.querySelector(".top"), top ? top.announce.replace(prefix, "") : "");
	});
	const h = $("programme-label"), sch = s.schedule;
	let head = h.dataset.label;
	if (sch) {
		head += h.dataset.start + sch.start + (sch.breaks || []).map((b) => ` · ${b.label} ${b.at}`).join("");
	}
	setText(h, head);
}

// renderRules writes the rules' summary (R11), which comes with the
// event: a board opened before the event was recorded painted none.
function renderRules(rules) {
	const box = $("rules"), list = box.querySelector("ul");
	show(box, rules.length > 0);
	if (list.children.length === rules.length) return;
	list.replaceChildren(...rules.map((text) => {
		const li = document.createElement("li");
		li.textContent = text;
		return li;
	}));
}

// renderSponsor says who offers the prize in play, with its logo.
function renderSponsor(sp) {
	const p = $("sponsor"), img = $("sponsor-logo");
	show(p, !!sp);
	setText($("sponsor-name"), sp ? sp.name : "");
	const src = sp && sp.logo ? p.dataset.logos + sp.logo : "";
	show(img, !!src);
	if (src && img.getAttribute("src") !== src) img.src = src;
	if (!src) img.removeAttribute("src");
}

function renderGrid(s) {
	const grid = $("grid");
	const drawn = new Set(s.drawn || []);
	for (let n = 1; n <= 90; n++) {
		const li = $("n" + n);
		const last = n === s.last, lit = drawn.has(n);
		li.classList.toggle("drawn", lit);
		li.classList.toggle("last", last);
		setText(li.querySelector("span"), last ? grid.dataset.last : lit ? grid.dataset.drawn : "");
	}
}

// fill makes a list hold one row per item, copied from a <template>.
function fill(ul, tpl, items, set) {
	const rows = items.map((x) => {
		const li = tpl.content.firstElementChild.cloneNode(true);
		set(li, x);
		return li;
	});
	ul.replaceChildren(...rows);
}

function proof(p, value) {
	show(p, !!value);
	setText(p.querySelector("code"), value || "");
}

// conn says, in words, that the stream is lost, then that it is back for
// a moment (backFor ms): an empty line shows nothing while all is well.
const conn = $("conn");
const backFor = 10000;
let lost = false;
let backTimer = 0;

// setConn shows the stream as "on", "off" (lost) or "back".
function setConn(mode) {
	clearTimeout(backTimer);
	conn.dataset.state = mode;
	setText(conn, mode === "off" ? conn.dataset.lost : mode === "back" ? conn.dataset.back : "");
	if (mode === "back") backTimer = setTimeout(() => setConn("on"), backFor);
}

// A preview of an unsaved day (data-stream empty) keeps its first paint.
if (main.dataset.stream) {
	const stream = follow(main.dataset.stream, {
		onOpen() {
			if (lost) setConn("back");
			lost = false;
		},
		onLost() {
			lost = true;
			setConn("off");
		},
		onMessage(type, data) {
			if (type === "state") state = JSON.parse(data);
			else if (type === "change" && state) state = mergePatch(state, JSON.parse(data));
			else return;
			render(state);
			speak(state);
		},
	});
	keepUp(stream, () => {
		lost = true;
		setConn("off");
	});
}

// speak says the last number when it is a new draw of the same game or
// of a new one (draws coalesced into one change say the latest only).
function speak(s) {
	const now = { game: s.game, count: s.count || 0 };
	const isNew = heard && s.last && (now.game !== heard.game || now.count > heard.count);
	heard = now;
	if (isNew) voice.say(s.last);
}
