// The desk's link to the server: whether it answers, the sales held in
// the browser (deskqueue.js) and their sending, oldest first, each with its
// idempotency key so that a resend never records a sale twice. A sale the
// server refuses once the link is back (a card sold elsewhere meanwhile)
// stays held as a conflict until the cashier settles it with the buyer.
import { ApiError, request } from "./api.js";
import { euros, hhmm } from "./deskmoney.js";
import * as queue from "./deskqueue.js";

const $ = (id) => document.getElementById(id);

let desk = "";
let hooks = null; // say, methods (French names), sent (after a held sale is recorded), back (the server answers, no sale waits), recorded (a held sale recorded at last)
let online = navigator.onLine;
// trouble is why the server, though it answers, records no sale (its disk
// is full), in its own French words, until a sale goes through again.
let trouble = "";

// isOnline says whether the server answered last.
export const isOnline = () => online;

// start ties the link to a desk and its page.
export function start(d, h) {
  desk = d;
  hooks = h;
}

// setOnline shows whether the server answers, and how many sales wait.
export async function setOnline(on) {
  const was = online;
  online = on;
  const held = await queue.list(desk);
  const waiting = held.filter((s) => s.status !== "conflict").length;
  const conflicts = held.length - waiting;
  const net = $("net");
  net.dataset.state = on && !trouble ? "on" : "off";
  let text = on ? "En ligne" : "Hors ligne : la caisse continue, les ventes attendent le réseau";
  if (trouble) {
    text = `Le serveur n'enregistre pas : ${trouble} La caisse continue, les ventes attendent`;
  }
  if (waiting > 0) {
    text += ` — ${waiting} vente${waiting > 1 ? "s" : ""} en attente`;
  }
  if (conflicts > 0) {
    text += ` — ${conflicts} conflit${conflicts > 1 ? "s" : ""} à régler`;
  }
  net.textContent = text;
  renderQueue(held);
  if (on && !was && waiting > 0) {
    flush();
  }
  if (on && !trouble && waiting === 0) {
    hooks.back?.();
  }
}

// renderQueue lists the sales held in the browser: waiting, or in conflict with what the server says.
function renderQueue(held) {
  $("queuepanel").hidden = held.length === 0;
  $("held").replaceChildren(...held.map((s) => {
    const li = document.createElement("li");
    li.className = s.status === "conflict" ? "conflict" : "waiting";
    const what = `${s.count} carte${s.count > 1 ? "s" : ""}, ${euros(s.total)}, ${s.body.payments.map((p) => hooks.methods[p.method]).join(" + ")}, prise à ${hhmm(s.at)}`;
    const p = document.createElement("p");
    p.textContent = s.status === "conflict" ? `✕ Conflit : ${what}. Le serveur refuse : ${s.error}` : `↻ En attente : ${what} (${s.body.cards.join(", ")})`;
    li.append(p);
    if (s.status === "conflict") {
      const settle = document.createElement("button");
      settle.type = "button";
      settle.textContent = "Réglé avec l'acheteur (argent rendu ou autre carte vendue) : retirer";
      settle.addEventListener("click", async () => {
        await queue.remove(s.key);
        hooks.say("Conflit réglé : la vente est retirée de la file.");
        setOnline(online);
      });
      li.append(settle);
    }
    return li;
  }));
}

// send sends a held sale with its key; the answer, or null when the link is down.
export async function send(s) {
  s.status = "sending";
  // To the disk and to the server at once: the cashier is told the sale is
  // taken once the server has recorded it, or else once the disk holds it.
  const stored = queue.put({ ...s });
  try {
    const answer = await request("POST", "/api/v1/sales", s.body, s.key);
    trouble = "";
    stored.then(() => queue.remove(s.key)).then(() => setOnline(true)).catch(() => {});
    return answer;
  } catch (e) {
    await stored;
    if (e instanceof ApiError && e.status < 500) {
      s.status = "conflict";
      s.error = e.message;
      await queue.put(s);
      throw e;
    }
    if (e instanceof ApiError) {
      trouble = e.message.replace(/([^.])$/, "$1.");
    }
    s.status = "waiting";
    await queue.put(s);
    return null;
  }
}

let flushing = false;

// flush sends the held sales in the order they were taken, stopping at
// the first that finds no link. With none to send it leaves the link's
// state as it was: only an answer of the server says it is back.
export async function flush() {
  if (flushing) {
    return;
  }
  flushing = true;
  try {
    let answered = false;
    for (const s of await queue.list(desk)) {
      if (s.status === "conflict") {
        continue;
      }
      let answer;
      try {
        answer = await send(s);
      } catch (e) {
        answered ||= e instanceof ApiError;
        continue; // kept as a conflict
      }
      if (!answer) {
        await setOnline(false);
        return;
      }
      answered = true;
      hooks.say(`Vente en attente enregistrée : vente n° ${answer.sale}`);
      hooks.recorded?.(s, answer);
    }
    await setOnline(answered || online);
    if (answered) {
      hooks.sent();
    }
  } finally {
    flushing = false;
  }
}

