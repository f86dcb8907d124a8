// The players' page (/joueur): the cards a player follows are kept in this
// phone's localStorage, never on the server; each is looked up once
// (GET /api/v1/cards/{serial}) for its grid and what it is today, then
// marked live from the public stream (GET /api/v1/stream), the same one the
// board follows. After a Wi-Fi drop, the phone's sleep or a connection
// that died silently the page opens the stream again and shows the
// present state.

import { get } from "./api.js";
import { gameName, plural } from "./french.js";
import { mergePatch } from "./patch.js";
import { acceptScanner, cameraUsable, scanQR } from "./scan.js";
import { follow, keepUp } from "./sse.js";
import { clock, shortAnchor, witness } from "./witness.js";

const $ = (id) => document.getElementById(id);
const root = $("player");
const stages = JSON.parse(root.dataset.stages);
// What a player calls out on completing each stage: « Double quine ! ».
const calls = JSON.parse(root.dataset.calls);
// The stage with its article, for "il manque 2 numéros pour la quine".
const stageWith = { quine: "la quine", double_quine: "la double quine", carton_plein: "le carton plein" };
const storeKey = "loto.joueur.cartons";
const refreshEvery = 30000; // ms: a reconnection looks the cards up again at most this often

let pub = null; // the public state, from the stream
let followed = loadCards(); // [{serial, card, gone}]: card is the lookup's answer
let complete = new Set(); // "serial/game/stage" of cards found complete, said once
let lastRefresh = 0;

function setText(el, text) {
	text = String(text);
	if (el.textContent !== text) el.textContent = text;
}

function loadCards() {
	try {
		const v = JSON.parse(localStorage.getItem(storeKey) || "[]");
		return Array.isArray(v) ? v.filter((c) => c && typeof c.serial === "string" && c.card && Array.isArray(c.card.grid)) : [];
	} catch {
		return [];
	}
}

function saveCards() {
	try {
		localStorage.setItem(storeKey, JSON.stringify(followed.map((c) => ({ serial: c.serial, card: c.card }))));
	} catch {
		fail("ce téléphone refuse de garder les cartons (navigation privée ?) : ils seront perdus au rechargement");
	}
}

// lookup reads what a card is today; a refusal is an ApiError with its
// status (404: unknown card), a lost network a NetError (status 0).
const lookup = (text) => get("/api/v1/cards/" + encodeURIComponent(text));

function say(message) {
	$("error").hidden = true;
	setText($("said"), message);
}

function fail(message) {
	setText($("said"), "");
	const err = $("error");
	err.textContent = message;
	err.hidden = false;
}

async function add(text) {
	text = text.trim();
	if (!text) {
		fail("taper le numéro imprimé sur le carton, comme A-001234-K7");
		return;
	}
	const button = $("add");
	button.disabled = true;
	try {
		const card = await lookup(text);
		if (followed.some((c) => c.serial === card.serial)) {
			fail(`le carton ${card.serial} est déjà dans la liste`);
			return;
		}
		followed.push({ serial: card.serial, card });
		saveCards();
		$("serial").value = "";
		render();
		say(`Carton ${card.serial} ajouté.`);
	} catch (e) {
		fail(e.message);
		// Selected, the refused text gives way to the next one typed or scanned.
		$("serial").select();
	} finally {
		button.disabled = false;
		$("serial").focus();
	}
}

// refreshCards looks every card up again: what it is today may have
// changed (stamped, voided) while the page slept. A card the server no
// longer knows says why; a refusal for too many lookups or a network
// failure keeps what the phone has.
async function refreshCards() {
	lastRefresh = Date.now();
	for (const c of followed) {
		try {
			c.card = await lookup(c.serial);
			c.gone = "";
		} catch (e) {
			if (e.status === 404 || e.status === 422) c.gone = e.message;
			if (e.status === 429 || e.status === 0) break;
		}
	}
	saveCards();
	render();
}

// missing is how many numbers the card lacks for a stage of lines lines:
// the rows that lack fewest, added up.
function missing(grid, drawn, lines) {
	const perRow = grid.map((row) => row.filter((n) => n && !drawn.has(n)).length).sort((a, b) => a - b);
	return perRow.slice(0, lines).reduce((a, b) => a + b, 0);
}

function cardElement(c) {
	const li = $("card-tpl").content.firstElementChild.cloneNode(true);
	li.dataset.serial = c.serial;
	li.id = "carton-" + c.serial;
	const k = c.card;
	for (const [name, value] of Object.entries(k.colors || {})) li.style.setProperty("--" + name, value);
	li.classList.toggle("special", !!k.special);
	li.querySelector(".special").hidden = !k.special;
	setText(li.querySelector(".ctitle"), k.title || "");
	setText(li.querySelector(".plate"), k.plate ? `Planche n° ${k.plate}` : "");
	setText(li.querySelector(".cserial"), k.serial);
	setText(li.querySelector("caption"), `Carton ${k.serial}, trois lignes de cinq numéros`);
	const body = li.querySelector("tbody");
	for (const row of k.grid) {
		const tr = document.createElement("tr");
		for (const n of row) {
			const td = document.createElement("td");
			if (n) {
				td.dataset.n = n;
				const span = document.createElement("span");
				span.textContent = n;
				const sr = document.createElement("span");
				sr.className = "sr-only mark";
				td.append(span, sr);
			} else {
				td.className = "blank";
				td.setAttribute("aria-label", "case vide");
			}
			tr.append(td);
		}
		body.append(tr);
	}
	li.querySelector(".remove").addEventListener("click", () => {
		followed = followed.filter((x) => x.serial !== c.serial);
		saveCards();
		render();
		say(`Carton ${c.serial} retiré.`);
	});
	return li;
}

// verdict says, for one card, where it stands in the game on the board.
function verdict(c, drawn) {
	const k = c.card;
	if (c.gone) return { text: "⚠ " + c.gone, cls: "off", playing: false };
	if (k.state !== "stamped") return { text: "⚠ Ce carton ne joue pas : " + k.text, cls: "off", playing: false };
	if (!pub || !pub.game) return { text: "En attente de la première partie.", cls: "", playing: false };
	const game = pub.game;
	if (!(k.games || []).includes(game)) {
		return { text: `⚠ Ce carton ne joue pas la partie ${game}.`, cls: "off", playing: false };
	}
	const awarded = (pub.awarded || []).filter((a) => (a.winners || []).some((w) => w.serial === k.serial));
	if (pub.phase === "over") {
		const won = awarded.map((a) => stages[a.stage] || a.stage).join(", ");
		return { text: won ? `★ Gagné à la partie ${game} : ${won}.` : `Partie ${game} terminée.`, cls: won ? "won" : "", playing: true };
	}
	if ((pub.winners || []).some((w) => w.serial === k.serial)) {
		return { text: "★ Carton gagnant au contrôle : attendez la remise du lot.", cls: "won", playing: true };
	}
	const lines = pub.lines || 1;
	const need = missing(k.grid, drawn, lines);
	const stage = stageWith[pub.stage] || stages[pub.stage] || pub.stage;
	if (need === 0) return { text: `✔ Complet pour ${stage} : criez ${calls[pub.stage] || calls.quine}`, cls: "done", playing: true, complete: true };
	return { text: `Il manque ${plural(need, "numéro", "numéros")} pour ${stage}.`, cls: "", playing: true };
}

// renderNow says the game, as page_player.go's gameLine does at first paint.
function renderNow() {
	const running = pub.game > 0 && pub.phase !== "over";
	const next = (pub.programme || []).find((g) => g.number === pub.next_game);
	let line = "Aucune partie en cours";
	if (pub.day_over || pub.postponed) line = "La journée est terminée. Merci à tous !";
	else if (running) line = `${gameName(pub.game, pub.title)} — ${pub.announce || ""}`;
	else if (pub.break) line = `${pub.break.label} : reprise à ${pub.break.resumes.slice(11, 16)}`;
	else if (next) line = "Prochaine partie : " + gameName(next.number, next.title);
	setText($("gameline"), line);
	$("nowrow").hidden = !running;
	setText($("last"), pub.last ? pub.last : "—");
	setText($("count"), pub.count);
	setText($("checking"), pub.checking ? "⚠ Vérification en cours" : "");
	renderProof();
}

// renderProof shows the game's commitment and start anchor, keeps them on
// this phone and says since when, and shows a restore of the journal.
function renderProof() {
	$("proof").hidden = !pub.seed_sha256;
	setText($("commit"), pub.seed_sha256 || "");
	setText($("started"), shortAnchor(pub.started || ""));
	const kept = $("kept");
	const w = witness(pub);
	setText(kept, w === false ? kept.dataset.refused : w ? kept.dataset.kept + clock(w.seen) : "");
	const restored = $("restored"), r = pub.restored;
	restored.hidden = !r;
	setText(restored.querySelector(".at"), r ? r.time.slice(11, 16) : "");
	setText(restored.querySelector("code"), r ? shortAnchor(r.replaced) : "");
	setText(restored.querySelector(".games"), r ? r.games : "");
}

function render() {
	if (pub) renderNow();
	const drawn = new Set(pub && pub.game ? pub.drawn || [] : []);
	const list = $("cards");
	const have = new Map([...list.children].map((li) => [li.dataset.serial, li]));
	const rows = followed.map((c) => {
		let li = have.get(c.serial);
		if (!li || li.dataset.look !== JSON.stringify([c.card.colors, c.card.title, c.card.special])) {
			li = cardElement(c);
			li.dataset.look = JSON.stringify([c.card.colors, c.card.title, c.card.special]);
		}
		const v = verdict(c, drawn);
		for (const td of li.querySelectorAll("td[data-n]")) {
			const n = Number(td.dataset.n);
			const hit = v.playing && drawn.has(n);
			const last = hit && pub && n === pub.last;
			td.classList.toggle("hit", hit);
			td.classList.toggle("last", last);
			setText(td.querySelector(".mark"), last ? " : tiré, dernier numéro" : hit ? " : tiré" : "");
		}
		const m = li.querySelector(".missing");
		m.className = "missing " + v.cls;
		setText(m, v.text);
		setText(li.querySelector(".ctext"), c.gone ? "" : c.card.text);
		if (v.complete) {
			const key = `${c.serial}/${pub.game}/${pub.stage}`;
			if (!complete.has(key)) {
				complete.add(key);
				setText($("alert"), `Carton ${c.serial} : complet pour ${stageWith[pub.stage] || pub.stage} !`);
				if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
			}
		}
		return li;
	});
	list.replaceChildren(...rows);
	setText($("ncards"), followed.length);
	$("nocards").hidden = followed.length > 0;
}

// The live stream, read by sse.js: a connection that died silently is
// noticed by its missing heartbeats and opened again, resuming where it
// stopped; the page opens it again too when the network returns or the
// phone wakes up.
const live = $("live");

function setLive(on, text) {
	live.dataset.state = on ? "on" : "off";
	setText(live, text);
}

const stream = follow(root.dataset.stream, {
	onOpen() {
		setLive(true, "En direct");
		if (Date.now() - lastRefresh > refreshEvery && followed.length) refreshCards();
	},
	onLost() {
		setLive(false, "Connexion perdue : reconnexion…");
	},
	onMessage(type, data) {
		if (type === "state") pub = JSON.parse(data);
		else if (type === "change" && pub) pub = mergePatch(pub, JSON.parse(data));
		else return;
		render();
	},
});

// No network at all: the stream is dead; it is opened again on "online".
keepUp(stream, () => setLive(false, "Hors ligne : le téléphone n'a plus de réseau"));

// The serial typed, or typed by a USB scanner that ends with Enter.
acceptScanner($("serial"), add);

// The camera reads a card's QR code ("LOTO:A-000123-K7"), where the
// browser allows it (https, or the server's own computer).
const scanButton = $("scan");
let closing = null;

function closeCamera() {
	if (closing) closing.abort();
	closing = null;
	$("camera").hidden = true;
	scanButton.hidden = false;
}

scanButton.hidden = !cameraUsable();
scanButton.addEventListener("click", async () => {
	closing = new AbortController();
	$("camera").hidden = false;
	scanButton.hidden = true;
	say("Caméra ouverte : viser le code QR du carton.");
	try {
		const text = await scanQR($("preview"), { signal: closing.signal });
		closeCamera();
		if (!/^LOTO:/i.test(text.trim())) {
			fail("ce code QR n'est pas celui d'un carton : viser le code imprimé sur le carton");
			return;
		}
		await add(text);
	} catch (e) {
		if (e.name !== "AbortError") fail(e.message);
		closeCamera();
	}
});
$("closecamera").addEventListener("click", () => {
	closeCamera();
	say("Caméra fermée.");
});

render();
lastRefresh = Date.now();
if (followed.length) refreshCards();
