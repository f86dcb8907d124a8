// The organiser's dashboard, live: the dashboard's own stream (organiser
// only) says when the journal moved, and the page swaps in the figures
// the server renders, charts included. No figure travels on the public
// stream. The stream is read by sse.js: a connection that died silently
// is noticed by its missing heartbeats and opened again, and its first
// message, the journal's head, brings the figures up to date.

import { hhmmss } from "./clock.js";
import { showRefusal } from "./refused.js";
import { follow, keepUp, reread } from "./sse.js";

const byId = (id) => document.getElementById(id);

const live = byId("live");
const board = byId("dashboard");

// refresh reads the figures once, and once more if the journal moved meanwhile.
const refresh = reread(
  async () => {
    const r = await fetch("/organisateur/direct", { credentials: "same-origin", cache: "no-store" });
    if (!r.ok) {
      if (r.status === 403) {
        // The fragment's refusal is a page: its words are the login's.
        stream.close();
        setLost(showRefusal({ message: "la session de l'organisateur est fermée (déconnexion, ou nouveau mot de passe) : se reconnecter", next: "/connexion" }));
        return false;
      }
      setLost(`Erreur ${r.status} : nouvel essai…`);
      return false;
    }
    const html = await r.text();
    // The figures' tables stay open where the organiser opened them.
    const open = [...board.querySelectorAll("details[open]")].map((d) => d.id);
    const doc = new DOMParser().parseFromString(html, "text/html");
    board.replaceChildren(...doc.body.childNodes);
    for (const id of open) {
      const d = byId(id);
      if (d) d.open = true;
    }
    live.textContent = "En direct — mis à jour à " + hhmmss(Date.now());
    live.dataset.state = "on";
  },
  () => {
    live.textContent = "Serveur injoignable : nouvel essai…";
    live.dataset.state = "off";
  },
).run;

// shown is the journal's head the figures on the page were read at.
let shown = Number(board.dataset.seq);

function setLost(text) {
  live.textContent = text;
  live.dataset.state = "off";
}

const stream = follow("/api/v1/dashboard/stream", {
  onOpen() {},
  onLost: () => setLost("Connexion perdue : reconnexion…"),
  onRefused: (answer) => setLost(showRefusal(answer)),
  onMessage(type, data) {
    if (type !== "moved") return;
    const seq = JSON.parse(data).seq;
    live.textContent = "En direct";
    live.dataset.state = "on";
    if (seq !== shown) {
      shown = seq;
      refresh();
    }
  },
});
keepUp(stream, () => setLost("Hors ligne : l'ordinateur n'a plus de réseau"));
