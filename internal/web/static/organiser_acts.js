// The organiser's decisions: each form checks what it can, asks for a
// confirmation saying what cannot be undone, then records the act through
// the API; the page then shows the journal's decisions again.
import { request } from "./api.js";
import { byId, say, fail, ask } from "./orgapi.js";

// euros writes cents the French way.
const euros = (c) => (c / 100).toFixed(2).replace(".", ",") + " €";

// count writes a number with its noun, singular for 0 and 1 as French does.
const count = (n, one, many) => `${n} ${n >= 2 ? many : one}`;

// lines splits a field into its lines or words: what a scanner types.
const lines = (text) => text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);

// numbers reads a field of numbers, or throws in French.
function numbers(text, what) {
  return lines(text).map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < 1) {
      throw new Error(`${what} « ${s} » : un nombre entier est attendu`);
    }
    return n;
  });
}

// need throws in French when a required field is empty.
function need(value, what) {
  if (!value.trim()) {
    throw new Error(`${what} : à remplir`);
  }
  return value.trim();
}

// acts are the forms' requests, confirmations and answers.
const acts = {
  exclude: (f) => ({
    path: "/api/v1/exclusions",
    body: { why: need(f.why.value, "la raison de l'exclusion"), tickets: lines(f.tickets.value), sales: numbers(f.sales.value, "vente"), cards: lines(f.cards.value), desk: f.desk.value },
    confirm: "Exclure cette personne ? Toutes ses cartes sont annulées et ses ventes remboursées. Cela ne s'annule pas.",
    done: (x) => `Exclusion n° ${x.exclusion} inscrite au journal (événement n° ${x.seq}) : ${count(x.cards.length, "carte annulée", "cartes annulées")}, ${count(x.refunds.length, "remboursement", "remboursements")}, ${euros(x.cents)} à rendre.`,
  }),
  rule: (f) => {
    const body = { what: need(f.what.value, "ce qui est décidé"), why: need(f.why.value, "le motif de la décision"), by: f.by.value };
    if (f.claim.value.trim()) {
      body.claim = numbers(f.claim.value, "annonce")[0];
    }
    if (f.verdict.value) {
      if (!body.claim) {
        throw new Error("un nouveau verdict va avec le numéro de l'annonce");
      }
      body.verdict = f.verdict.value;
    }
    return {
      path: "/api/v1/game/rulings",
      body,
      confirm: "Enregistrer cette décision au journal ? Elle y reste pour toujours ; une autre décision peut la suivre, jamais l'effacer.",
      done: (x) => `Décision inscrite au journal (partie ${x.game}) : ${x.what}.` + (x.warning ? " " + x.warning : ""),
    };
  },
  stamp: (f) => ({
    path: "/api/v1/stamps",
    body: { cards: lines(f.cards.value) },
    confirm: "Tamponner ces cartes ? Elles joueront comme des cartes vendues.",
    done: (x) => `${count(x.cards.length, "carte tamponnée", "cartes tamponnées")} : ${x.cards.join(", ")}.`,
  }),
  postpone: (f) => ({
    path: "/api/v1/event/postpone",
    body: { reason: need(f.reason.value, "la raison du report") },
    confirm: "Reporter le loto ? Plus rien ne se vend aujourd'hui et chaque vente est à rembourser. Cela ne s'annule pas.",
    done: (x) => `Loto reporté : ${count(x.to_refund, "vente", "ventes")} à rembourser, ${euros(x.to_refund_cents)} en tout.`,
  }),
  refund: (f) => ({
    path: "/api/v1/refunds",
    body: { sale: numbers(need(f.sale.value, "le numéro de la vente"), "vente")[0], reason: "postponement", desk: f.desk.value, note: f.note.value.trim() },
    confirm: "Rembourser cette vente ? Ses cartes sont annulées.",
    done: (x) => `Vente n° ${x.sale} remboursée (${euros(x.cents)}) à la caisse « ${x.desk} ».`,
  }),
  end: (f) => ({
    path: "/api/v1/event/end",
    body: { reason: need(f.reason.value, "la raison de la clôture") },
    confirm: "Clore la journée maintenant ? Plus rien ne se vend ni ne se joue. Cela ne s'annule pas.",
    done: (x) => "Journée close." + (x.cut_short ? ` La partie ${x.cut_short} est arrêtée ; son tirage est révélé.` : ""),
  }),
  erase: (f) => {
    const n = numbers(need(f.number.value, "le numéro"), "numéro")[0];
    return {
      path: "/api/v1/privacy/erase",
      body: { [f.kind.value]: n, why: need(f.why.value, "la raison de l'effacement") },
      confirm: `Effacer ces données personnelles (${f.kind.value === "sale" ? "vente" : "réservation"} n° ${n}) ? Elles ne pourront pas être retrouvées.`,
      done: (x) => `Données effacées (événement n° ${x.seq}).` + (x.warning ? " " + x.warning : ""),
    };
  },
  purge: (f) => ({
    path: "/api/v1/privacy/purge",
    body: { why: need(f.why.value, "la raison de la purge") },
    confirm: "Purger toutes les données personnelles du jour ? Elles ne pourront pas être retrouvées.",
    done: (x) => `Données personnelles purgées : ${count(x.reservations, "réservation", "réservations")}, ${count(x.sales, "vente", "ventes")} (événement n° ${x.seq}).` + (x.warning ? " " + x.warning : ""),
  }),
};

for (const form of document.querySelectorAll("form.act")) {
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    let act;
    try {
      act = acts[form.dataset.act](form.elements);
    } catch (err) {
      fail(err);
      return;
    }
    if ((await ask(act.confirm)) === null) {
      say("Rien n'est enregistré.");
      return;
    }
    try {
      const answer = await request("POST", act.path, act.body);
      // The journal's decisions are read again with the page, the answer kept for it.
      sessionStorage.setItem("loto-said", act.done(answer));
      location.reload();
    } catch (err) {
      fail(err);
    }
  });
}

const said = sessionStorage.getItem("loto-said");
if (said) {
  sessionStorage.removeItem("loto-said");
  say(said);
}
