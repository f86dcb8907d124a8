// The draw's check (/verifier): each game of the day (GET /api/v1/games)
// is recomputed here, in the phone, from its revealed seed (draws.js), and
// the commitments this phone saw from the game's start (witness.js) are
// compared with the SHA-256 of that seed. The page trusts the server for
// nothing but the numbers it recorded: the seed's fingerprint and the
// numbers it gives are computed here.

import { get } from "./api.js";
import { checkDraws, fromHex, sha256, toHex } from "./draws.js";
import { gameName } from "./french.js";
import { mergePatch } from "./patch.js";
import { follow, keepUp } from "./sse.js";
import { clock, seen, shortAnchor, witness } from "./witness.js";

const $ = (id) => document.getElementById(id);
const root = $("verifier");
const day = root.dataset.day;

// ordinal writes the French ordinal of a number drawn: "1er", "12e".
function ordinal(n) {
	return n === 1 ? "1er" : `${n}e`;
}

// short writes the start of a fingerprint, enough to read it out.
function short(hash) {
	return hash.slice(0, 16) + "…";
}

// when says when the phone first saw a commitment.
function when(w) {
	const at = clock(w.seen);
	if (!w.drawn) return `à ${at}, avant le premier numéro`;
	return `à ${at}, après ${w.drawn} ${w.drawn === 1 ? "numéro" : "numéros"}`;
}

// drawVerdict says whether the numbers recorded are those the seed gives.
function drawVerdict(g, seedHash) {
	if (!g.rng) return { cls: "", text: "ⓘ Tirage à la machine à boules : les numéros ne viennent pas d'une graine, il n'y a rien à recalculer." };
	if (!g.seed) return { cls: "", text: "ⓘ Partie en cours : sa graine sera révélée à la fin de la partie ; revenir alors sur cette page." };
	if (seedHash !== g.seed_sha256) {
		return { cls: "bad", text: `✘ Graine non conforme : son empreinte est ${short(seedHash)}, la partie avait annoncé ${short(g.seed_sha256)}.` };
	}
	const diff = checkDraws(g.seed, g.game, g.draws);
	if (diff) {
		return {
			cls: "bad",
			text: `✘ Tirage non conforme : le ${ordinal(diff.index + 1)} numéro tiré est le ${diff.got}, la graine donne le ${diff.want}.`,
		};
	}
	const n = g.draws.length;
	return { cls: "good", text: `✔ Tirage conforme : ${n === 1 ? "le numéro tiré est celui" : `les ${n} numéros tirés sont ceux`} que donne la graine révélée.` };
}

// commitVerdict says whether the commitments this phone saw for the game
// are the revealed seed's: another one means the game started again.
function commitVerdict(g, seedHash, mine) {
	if (!mine.length) {
		return { cls: "", text: "ⓘ Ce téléphone n'a pas vu cette partie pendant qu'elle se jouait : il n'a pas d'empreinte à comparer." };
	}
	if (!g.seed) {
		const first = mine[0];
		return { cls: "", text: `ⓘ Empreinte gardée sur ce téléphone ${when(first)} : elle sera comparée à la graine à la fin de la partie.` };
	}
	const match = mine.find((w) => w.seed_sha256 === seedHash);
	const others = mine.filter((w) => w.seed_sha256 !== seedHash);
	if (!others.length) {
		return { cls: "good", text: `✔ Empreinte conforme : celle que ce téléphone a vue ${when(match)}, est celle de la graine révélée.` };
	}
	const o = others[0];
	let text = `✘ Empreinte non conforme : ce téléphone a vu pour cette partie l'empreinte ${short(o.seed_sha256)} ${when(o)}, qui n'est pas celle de la graine révélée (${short(seedHash)}) : la partie a été relancée avec une autre graine.`;
	if (match) text += ` L'empreinte de la graine révélée n'est apparue qu'ensuite, ${when(match)}.`;
	return { cls: "bad", text };
}

function setVerdict(p, v) {
	p.className = "finding " + p.classList[1] + (v.cls ? " " + v.cls : "");
	p.textContent = v.text;
}

function gameElement(g, kept) {
	const li = $("game-tpl").content.firstElementChild.cloneNode(true);
	li.id = "partie-" + g.game;
	li.querySelector(".gtitle").textContent = gameName(g.game, g.title);
	const seed = g.seed ? fromHex(g.seed) : null;
	const seedHash = seed ? toHex(sha256(seed)) : "";
	const mine = kept.filter((w) => w.day === day && w.game === g.game);
	setVerdict(li.querySelector(".draw"), drawVerdict(g, seedHash));
	setVerdict(li.querySelector(".commit"), commitVerdict(g, seedHash, mine));
	li.querySelector(".announced").textContent = g.seed_sha256;
	li.querySelector(".started").textContent = shortAnchor(g.started);
	const list = li.querySelector(".seen");
	const rows = mine.map((w) => {
		const row = document.createElement("li");
		const code = document.createElement("code");
		code.textContent = w.seed_sha256;
		row.append(code, ` ${when(w)}` + (w.started ? `, ancre du début ${shortAnchor(w.started)}` : ""));
		return row;
	});
	if (!rows.length) {
		const row = document.createElement("li");
		row.textContent = "aucune";
		rows.push(row);
	}
	list.replaceChildren(...rows);
	const s = li.querySelector(".seed");
	if (g.seed) {
		const code = document.createElement("code");
		code.textContent = g.seed;
		s.replaceChildren(code);
	} else {
		s.textContent = "pas encore révélée";
	}
	return li;
}

// missingElement is a game this phone saw start and the journal served
// does not hold.
function missingElement(n, kept) {
	const mine = kept.filter((w) => w.day === day && w.game === n);
	const g = { game: n, title: mine[0].title || `Partie ${n}`, seed_sha256: mine[0].seed_sha256, started: mine[0].started, seed: "", rng: true, draws: [] };
	const li = gameElement(g, kept);
	setVerdict(li.querySelector(".draw"), {
		cls: "bad",
		text: `✘ Partie absente du journal servi : ce téléphone l'a vue commencer ${when(mine[0])}, avec l'empreinte ${short(mine[0].seed_sha256)} ; le journal a été remplacé depuis.`,
	});
	setVerdict(li.querySelector(".commit"), { cls: "", text: "" });
	li.querySelector(".seed").textContent = "jamais révélée par le journal servi";
	return li;
}

let loading = null;

async function load() {
	const state = $("state");
	let games;
	try {
		games = await get(root.dataset.games);
	} catch {
		state.textContent = "Serveur injoignable : vérifier le Wi-Fi de la salle, puis « Vérifier à nouveau ».";
		return;
	}
	const kept = seen();
	const rows = games.map((g) => gameElement(g, kept));
	// A game this phone saw start that the journal served does not hold:
	// the journal was replaced since (a backup from before that game).
	const known = new Set(games.map((g) => g.game));
	const missing = [...new Set(kept.filter((w) => w.day === day && !known.has(w.game)).map((w) => w.game))];
	for (const n of missing.sort((a, b) => a - b)) rows.push(missingElement(n, kept));
	$("games").replaceChildren(...rows);
	const checked = games.filter((g) => g.rng && g.seed).length;
	let text = games.length
		? `${games.length} ${games.length === 1 ? "partie commencée" : "parties commencées"}, ${checked} ${checked === 1 ? "vérifiée" : "vérifiées"} sur ce téléphone.`
		: "Aucune partie n'a encore commencé dans le journal servi.";
	if (missing.length) text += ` ⚠ Ce téléphone a vu commencer ${missing.length === 1 ? "une partie que ce journal n'a pas" : `${missing.length} parties que ce journal n'a pas`}.`;
	state.textContent = text;
}

// reload reads the games again, once at a time.
function reload() {
	if (!loading) loading = load().finally(() => (loading = null));
	return loading;
}

$("again").addEventListener("click", reload);

// The stream keeps this phone a witness while the page is open, and
// checks a game again when its seed is revealed or another one starts.
let pub = null;
let heard = "";
const stream = follow(root.dataset.stream, {
	onOpen() {},
	onLost() {},
	onMessage(type, data) {
		if (type === "state") pub = JSON.parse(data);
		else if (type === "change" && pub) pub = mergePatch(pub, JSON.parse(data));
		else return;
		witness(pub);
		const now = `${pub.game}/${pub.seed_sha256 || ""}/${pub.seed || ""}`;
		if (now !== heard) {
			heard = now;
			reload();
		}
	},
});
keepUp(stream, () => {});

reload();
