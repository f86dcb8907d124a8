// The phone as a witness of the draw: every commitment it sees (a game's
// SHA-256 of its seed, shown from the game's start) is kept in this
// phone's localStorage with the anchor of the game's start, when it was
// first seen and how many numbers were out then. A game started again in
// another journal (a backup restored once its seed was seen) shows
// another commitment: the phone keeps both, and /verifier says so.

import { hhmmss } from "./clock.js";

const storeKey = "loto.temoin";
const maxKept = 500; // a day has a few dozen games; older days give way

// dayOf names the day a snapshot belongs to, so that two days' game 1 are
// never taken for one game.
export function dayOf(pub) {
	return `${pub.event || ""} ${pub.date || ""}`.trim();
}

// seen returns every commitment kept on this phone, oldest first:
// [{day, game, title, seed_sha256, started, seen, drawn, restored}].
export function seen() {
	try {
		const v = JSON.parse(localStorage.getItem(storeKey) || "[]");
		return Array.isArray(v) ? v.filter((w) => w && typeof w.seed_sha256 === "string" && Number.isInteger(w.game)) : [];
	} catch {
		return [];
	}
}

// witness keeps the commitment of the snapshot's game, once per day, game
// and commitment; it returns the entry kept, or null when the snapshot
// shows no game, and false when the phone refuses to keep it.
export function witness(pub) {
	if (!pub || !pub.game || !pub.seed_sha256) return null;
	const all = seen();
	const day = dayOf(pub);
	let w = all.find((x) => x.day === day && x.game === pub.game && x.seed_sha256 === pub.seed_sha256);
	if (w) return w;
	w = {
		day,
		game: pub.game,
		title: pub.title || "",
		seed_sha256: pub.seed_sha256,
		started: pub.started || "",
		seen: new Date().toISOString(),
		drawn: pub.count || 0,
		restored: pub.restored ? pub.restored.replaced : "",
	};
	all.push(w);
	try {
		localStorage.setItem(storeKey, JSON.stringify(all.slice(-maxKept)));
	} catch {
		return false;
	}
	return w;
}

// shortAnchor writes "SEQ:HASH" with 12 characters of the hash, as
// journal.Anchor.Short prints it for people to keep.
export function shortAnchor(a) {
	const i = (a || "").indexOf(":");
	return i < 0 ? a || "" : a.slice(0, i + 13);
}

// clock writes an ISO time as the hall's clock says it, "14:02:37".
export const clock = hhmmss;
