// The game pages' live side: the public state from the stream, the host's
// and controllers' details from /api/v1/status after each change, and the
// writes to the API with their French errors.

import { gameName } from "./french.js";
import { mergePatch } from "./patch.js";
import { showRefusal } from "./refused.js";
import { byId, fail, say, showText } from "./said.js";
import { follow as followStream, keepUp, reread } from "./sse.js";

// labels are the domain's French words, rendered into the game pages; a
// page without them (the door's) has none.
const labelsElement = document.getElementById("labels");
export const labels = labelsElement ? JSON.parse(labelsElement.textContent) : {};

// byId, say and fail are the game pages' news, said.js's.
export { byId, fail, say, showText };

// follow keeps render(pub, status) up to date: pub is the board's state
// (the public stream), status the host's (/api/v1/status), read again each
// time the journal moves (the game's stream, the staff's one signal: a
// claim or a declined share moves it, though nothing public changes); a
// move that comes while a read runs is read once more after.
export function follow(render) {
  const live = byId("live");
  let pub = null;
  let status = null;
  const setLive = (on, text) => {
    live.textContent = text;
    live.dataset.state = on ? "on" : "off";
  };
  const reader = reread(
    async () => {
      const r = await fetch("/api/v1/status", { credentials: "same-origin", cache: "no-store" });
      if (r.status === 401 || r.status === 403) {
        refuse(await r.json().catch(() => ({})));
        return false;
      }
      status = r.ok ? await r.json() : null;
      if (status && status.refused) {
        refuse(status.refused);
        return false;
      }
      render(pub, status);
    },
    () => setLive(false, "Serveur injoignable : nouvel essai…"),
  );
  const refresh = reader.run;
  // refuse stops the page for good: its device was removed or its session
  // ended, which trying again would only repeat.
  let refused = false;
  const refuse = (answer) => {
    refused = true;
    stream.close();
    moves.close();
    setLive(false, showRefusal(answer));
  };
  // down holds the streams not open: the page is live when both are.
  const down = new Set(["public", "game"]);
  const opened = (name) => {
    down.delete(name);
    if (!refused && down.size === 0) setLive(true, "En direct");
  };
  const lost = (name) => {
    down.add(name);
    if (!refused) setLive(false, "Connexion perdue : reconnexion…");
  };
  // The streams are read by sse.js: a connection that died silently is
  // noticed by its missing heartbeats and opened again; the game's stream
  // says "moved" at its start, so the status is read again then.
  const stream = followStream("/api/v1/stream", {
    onOpen: () => opened("public"),
    onLost: () => lost("public"),
    onMessage(type, data) {
      if (type === "state") pub = JSON.parse(data);
      else if (type === "change") pub = mergePatch(pub, JSON.parse(data));
      else return;
      // The status read follows the game's stream, which moves too.
      if (!reader.busy() && status) render(pub, status);
    },
  });
  const moves = followStream("/api/v1/game/stream", {
    onOpen: () => opened("game"),
    onLost: () => lost("game"),
    onRefused: refuse,
    onMessage(type) {
      if (type === "moved") refresh();
    },
  });
  const offline = () => setLive(false, "Hors ligne : l'appareil n'a plus de réseau");
  keepUp(stream, offline);
  keepUp(moves, offline);
  return { refresh };
}

// verdictItem is a claim as the host and the controllers see it: the card,
// the verdict in French, the numbers to read out (R20) and the token.
export function verdictItem(c, token) {
  const li = document.createElement("li");
  li.className = "verdict " + (c.verdict === "win" ? "win" : c.verdict ? "lose" : "pending");
  const head = document.createElement("p");
  head.className = "vhead";
  // The serial never breaks at its hyphens; the words before it may wrap
  // on a phone, whatever the width of the serial's letters.
  const title = document.createElement("strong");
  const serial = document.createElement("span");
  serial.className = "serial";
  serial.textContent = c.serial;
  title.append(`Annonce ${c.claim} : carte `, serial);
  head.append(title);
  const v = document.createElement("span");
  v.className = "vtext";
  v.textContent = c.verdict ? (c.verdict === "win" ? "✔ " : "✘ ") + (labels.verdicts[c.verdict] || c.verdict) : "en attente du contrôle";
  head.append(" — ", v);
  li.append(head);
  if (c.reason) {
    const p = document.createElement("p");
    p.textContent = c.reason;
    li.append(p);
  }
  if (c.read_out && c.read_out.length) {
    const p = document.createElement("p");
    p.className = "readout";
    p.textContent = "À lire : " + c.read_out.join(", ");
    li.append(p);
  }
  if (token) {
    const p = document.createElement("p");
    p.className = "token";
    p.textContent = `Pion : ${token}`;
    li.append(p);
  }
  return li;
}

// renderClaims fills a list with the claims of the status and their tokens.
export function renderClaims(status) {
  const list = byId("claims");
  const claims = (status && status.claims) || [];
  const tokens = new Map(((status && status.tokens) || []).map((t) => [t.claim, t.token]));
  list.replaceChildren(...claims.map((c) => verdictItem(c, tokens.get(c.claim))));
  byId("noclaims").hidden = claims.length > 0;
  // Why the winners are no longer those of the control (a ruling, a card
  // voided since) comes before what the tie now asks for.
  const lines = [];
  if (status && status.winners_note) {
    lines.push(status.winners_note);
  }
  if (status && status.tie) {
    lines.push("Égalité : " + (labels.ties[status.tie] || status.tie));
  }
  byId("tie").textContent = lines.join(" — ");
}

// gameLine says the game, its stage and its prize (R13).
export function gameLine(pub) {
  if (!pub || !pub.game) {
    return "Aucune partie en cours";
  }
  return `${gameName(pub.game, pub.title)} — ${pub.announce || ""}`;
}
