// The cash desk's page (/caisse): scan the cards, charge the price the
// server quotes, take the payment, show the receipt. Every sale is written
// to the browser's queue (deskqueue.js) before it is sent, so a Wi-Fi drop
// keeps the desk selling: the queue goes out when the link returns, and a
// card sold elsewhere meanwhile comes back as a conflict the cashier settles.
import { NetError, newKey, request } from "./api.js";
import { cents, dateTime, euros, hhmm } from "./deskmoney.js";
import * as queue from "./deskqueue.js";
import { flush, isOnline, send, setOnline, start as link } from "./desksync.js";
import { session } from "./desksession.js";
import { scanQR, typedCode } from "./scan.js";

const $ = (id) => document.getElementById(id);
const root = $("desk");
const desk = root.dataset.desk;
const offline = JSON.parse($("offline").textContent);
const methods = offline.methods;

let basket = []; // the codes scanned, as the cashier's scanner gave them
let quote = null; // the basket priced: the server's, or the day's price table offline
let busy = false;
// playsFrom is the game a card sold now plays from, as the server last
// said (R14): offline, a game may start before the sale reaches it.
let playsFrom = offline.plays_from || 0;
window.lotoMarks = []; // moments of each sale, for the measure tests

// say shows what just happened; fail shows a refusal where the eyes are.
function say(text) {
  $("error").hidden = true;
  $("said").textContent = text;
}
function fail(text) {
  $("error").textContent = text;
  $("error").hidden = false;
}

// norm is a code without case, spaces, dashes or QR prefix, to spot a card scanned twice.
const norm = (c) => c.toUpperCase().replace(/^LOTO(-PLATE)?:/, "").replace(/[\s-]/g, "");

// offlineQuote prices the basket from the day's price table when the
// server cannot be reached: a plate code counts its 6 cards, each series
// its kind. The server checks the sale again when it gets it.
function offlineQuote(codes) {
  const n = { regular: 0, special: 0 };
  for (const c of codes) {
    const t = norm(c);
    const plate = /^([A-Z]{1,3})P\d{6}[2-9A-Z]{3}$/.exec(t);
    const card = /^([A-Z]{1,3})\d{6,7}[2-9A-Z]{2}$/.exec(t);
    const m = plate || card;
    if (!m) {
      throw new Error(`code « ${c} » illisible : attendu une carte comme A-000123-K7 ou une plaque comme A-P000123-K7Q`);
    }
    const kind = offline.series[m[1]];
    if (!kind) {
      throw new Error(`la carte ${c} est d'une série inconnue aujourd'hui`);
    }
    if ((kind === "special") !== (root.dataset.special === "true")) {
      throw new Error(kind === "special" ? `la carte ${c} est une carte spéciale : elle se vend seulement à sa caisse dédiée`
        : `cette caisse est dédiée à la carte spéciale : la carte ${c} se vend aux autres caisses`);
    }
    n[kind] += plate ? 6 : 1;
  }
  let total = 0;
  let hint = "";
  for (const kind of ["regular", "special"]) {
    if (n[kind] === 0) {
      continue;
    }
    const line = (offline.prices[kind] || []).find((l) => l.cards === n[kind]);
    if (!line) {
      throw new Error(`${n[kind]} cartes : trop pour un prix sans le serveur, attendre le retour du réseau`);
    }
    total += line.cents;
    hint ||= line.hint || "";
  }
  return { cards: null, count: n.regular + n.special, total_cents: total, hint, bundles: [], offline: true };
}

// requote prices the basket: by the server, or offline from the price table.
async function requote() {
  if (basket.length === 0) {
    quote = null;
    return;
  }
  const asked = basket.join("\n");
  const q = new URLSearchParams({ desk });
  for (const c of basket) {
    q.append("card", c);
  }
  try {
    const got = await request("GET", "/api/v1/sales/quote?" + q);
    got.count = got.cards.length;
    got.basket = asked;
    playsFrom = got.plays_from || 0;
    // A quote of a basket that grew meanwhile is stale: the later one wins.
    if (asked === basket.join("\n")) {
      quote = got;
    }
    setOnline(true);
  } catch (e) {
    if (!(e instanceof NetError)) {
      throw e;
    }
    setOnline(false);
    quote = { ...offlineQuote(basket), basket: basket.join("\n") };
  }
}

// offlineGame says which game cards taken offline will play if game from
// starts before their sale reaches the server: the server records a sale
// when it gets it, and a card recorded after a start plays the next game.
function offlineGame(from) {
  if (!from) {
    return "";
  }
  const then = from < offline.games ? `joueront à partir de la partie ${from + 1}` : "ne joueront à aucune partie : c'est la dernière";
  return `Hors ligne : si la partie ${from} commence avant l'envoi, ces cartes ${then}.`;
}

// playsLine says from which game a recorded sale's cards play.
function playsLine(from) {
  return from ? `Ces cartes jouent à partir de la partie ${from}.` : "Ces cartes ne jouent à aucune partie : le programme est fini.";
}

// recorded is told of each held sale the server records at last: one
// recorded after a start its desk did not know of is listed, with the
// game its cards play from, for the cashier to tell the buyer.
function recorded(s, a) {
  playsFrom = a.plays_from || 0;
  if (!s.playsFrom || playsFrom === s.playsFrom) {
    return;
  }
  const li = document.createElement("li");
  const p = document.createElement("p");
  p.textContent = `Vente n° ${a.sale} (${s.count} carte${s.count > 1 ? "s" : ""}, prise à ${hhmm(s.at)}) enregistrée après le début de la partie ${s.playsFrom} : ` + playsLine(playsFrom).replace(/^C/, "c");
  const done = document.createElement("button");
  done.type = "button";
  done.textContent = "Acheteur prévenu : retirer";
  done.addEventListener("click", () => {
    li.remove();
    $("latepanel").hidden = $("late").children.length === 0;
    $("code").focus();
  });
  li.append(p, done);
  $("late").append(li);
  $("latepanel").hidden = false;
}

// priced says whether the quote is the basket's own: a card scanned while
// the last quote is on its way must not be sold at the price of the
// basket without it.
const priced = () => quote !== null && quote.basket === basket.join("\n");

// add puts a scanned code in the basket, refused with the server's French reason.
async function add(code) {
  code = code.trim();
  if (!code) {
    return;
  }
  $("receipt").hidden = true;
  if (basket.some((c) => norm(c) === norm(code))) {
    fail(`la carte ${code} est déjà dans le panier`);
    return;
  }
  basket.push(code);
  render(); // the button waits for the new basket's quote
  try {
    await requote();
    say(`${code} ajoutée`);
  } catch (e) {
    basket.pop();
    await requote().catch(() => {});
    fail(e.message);
  }
  render();
}

// bundleText says a priced bundle as the rulebook prices it: "2 × carte
// à 5,00 €", "1 × plaque de 3 à 12,00 €" (a "lot" is a prize).
function bundleText(b) {
  const special = b.kind === "special";
  const what = b.cards === 1 ? (special ? "carte spéciale" : "carte") : `plaque de ${b.cards}${special ? " cartes spéciales" : ""}`;
  return `${b.times} × ${what} à ${euros(b.cents)}`;
}

// method is the payment method chosen.
const method = () => document.querySelector('input[name="method"]:checked').value;

// payment reads the payment form against the total: the payments to send,
// the change, and why the button waits, if it does (R8).
function payment(total) {
  const p = { payments: [], change: 0, why: "", identity: "", cheque: "" };
  const m = method();
  const needCheque = () => {
    const id = $("idnumber").value.trim();
    const no = $("chequeno").value.trim();
    if (!id || !no) {
      p.why = "Chèque : taper le numéro de la pièce d'identité et celui du chèque.";
    }
    p.identity = `${$("idkind").value} ${id}`;
    p.cheque = no;
  };
  if (m === "cash") {
    const t = cents($("tendered").value);
    if (t === null) {
      p.why = "Taper le montant remis, ou choisir un montant ci-dessus.";
    } else if (Number.isNaN(t)) {
      p.why = "Montant remis illisible : des euros, par exemple 20 ou 12,50.";
    } else if (t < total) {
      p.why = `Il manque ${euros(total - t)}.`;
    } else {
      p.payments.push({ method: "cash", cents: t });
      p.change = t - total;
    }
  } else if (m === "card" || m === "cheque") {
    p.payments.push({ method: m, cents: total });
    if (m === "cheque") {
      needCheque();
    }
  } else {
    const [c, k, q] = ["split-cash", "split-card", "split-cheque"].map((id) => cents($(id).value) ?? 0);
    if ([c, k, q].some(Number.isNaN)) {
      p.why = "Un montant est illisible : des euros, par exemple 20 ou 12,50.";
      return p;
    }
    const due = total - k - q;
    if (due < 0) {
      p.why = `La carte et le chèque dépassent le total de ${euros(-due)}.`;
    } else if (c < due) {
      p.why = `Il manque ${euros(due - c)}.`;
    } else if (c > 0 && due === 0) {
      p.why = "Espèces en trop : la carte et le chèque couvrent déjà le total.";
    } else {
      p.change = c - due;
    }
    for (const [mm, v] of [["cash", c], ["card", k], ["cheque", q]]) {
      if (v > 0) {
        p.payments.push({ method: mm, cents: v });
      }
    }
    if (q > 0) {
      needCheque();
    }
  }
  return p;
}

// render shows the basket, the price and the payment's state.
function render() {
  const list = $("basket");
  list.replaceChildren(...basket.map((c, i) => {
    const li = document.createElement("li");
    const plate = /^([A-Z]{1,3})P\d{6}/.test(norm(c));
    li.append(`${c}${plate ? " (plaque)" : ""} `);
    const b = document.createElement("button");
    b.type = "button";
    b.className = "remove";
    b.textContent = "Retirer";
    b.setAttribute("aria-label", `Retirer ${c}`);
    b.addEventListener("click", async () => {
      basket.splice(i, 1);
      await requote().catch((e) => fail(e.message));
      render();
    });
    li.append(b);
    return li;
  }));
  $("nobasket").hidden = basket.length > 0;
  const total = quote ? quote.total_cents : 0;
  $("total").textContent = euros(total) + (quote ? ` — ${quote.count} carte${quote.count > 1 ? "s" : ""}` : "");
  $("bundles").textContent = quote ? quote.bundles.map(bundleText).join(" + ") : "";
  $("hint").textContent = quote && quote.hint ? quote.hint : "";
  $("hint").hidden = !(quote && quote.hint);
  $("pricenote").textContent = quote && quote.offline ? "Prix de la liste du jour, calculé sans le serveur (hors ligne)." : (quote && quote.warnings || []).join(" ; ");
  $("pricenote").hidden = !$("pricenote").textContent;
  $("offlinegame").textContent = quote && quote.offline ? offlineGame(playsFrom) : "";
  $("offlinegame").hidden = !$("offlinegame").textContent;
  const m = method();
  for (const el of root.querySelectorAll("[data-pay]")) {
    el.hidden = !(el.dataset.pay === m || (el.dataset.pay === "cheque" && m === "split" && (cents($("split-cheque").value) || 0) > 0));
  }
  const quick = [total, ...[500, 1000, 2000, 5000, 10000].filter((n) => n > total)].slice(0, 4);
  $("quick").replaceChildren(...(total > 0 ? quick : []).map((n, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = i === 0 ? `Compte juste (${euros(n)})` : euros(n);
    b.addEventListener("click", () => {
      $("tendered").value = (n / 100).toFixed(2).replace(".", ",");
      render();
    });
    return b;
  }));
  const p = payment(total);
  const ready = basket.length > 0 && priced() && !p.why && !busy;
  $("pay").disabled = !ready;
  $("pay").textContent = quote ? `Encaisser ${euros(total)}` : "Encaisser";
  $("why").textContent = basket.length === 0 ? "Scanner au moins une carte." : p.why;
  const showChange = p.payments.some((x) => x.method === "cash") && !p.why;
  $("changeline").hidden = !showChange;
  $("change").textContent = euros(p.change);
}

// pay takes the sale: held in the browser first, then sent.
async function pay() {
  const p = payment(quote.total_cents);
  if (p.why || busy || !priced()) {
    return;
  }
  busy = true;
  render();
  const at = Date.now();
  // The time of sale goes with the sale: a sale held while the desk is cut
  // off reaches the server later, which records both times.
  const body = { desk, cards: [...basket], payments: p.payments, taken_at: new Date(at).toISOString() };
  if (p.identity && p.payments.some((x) => x.method === "cheque")) {
    body.identity = p.identity;
    body.cheque = p.cheque;
  }
  const s = { key: "caisse-" + newKey(), desk, at, body, total: quote.total_cents, change: p.change, count: quote.count,
    cards: quote.cards, bundles: quote.bundles, playsFrom, status: "sending" };
  try {
    let answer;
    try {
      answer = await send(s);
    } catch (e) {
      // Refused at once, the buyer still there: nothing recorded, the basket kept to fix.
      await queue.remove(s.key);
      fail(e.message);
      return;
    }
    await setOnline(answer !== null);
    if (answer) {
      playsFrom = answer.plays_from || 0;
    }
    receipt(s, answer);
    basket = [];
    quote = null;
    document.querySelector('input[name="method"][value="cash"]').checked = true;
    for (const id of ["tendered", "split-cash", "split-card", "split-cheque", "idnumber", "chequeno"]) {
      $(id).value = "";
    }
    if (answer) {
      say(`Vente n° ${answer.sale} enregistrée` + (answer.change_cents ? ` : rendre ${euros(answer.change_cents)}` : ""));
      session.refresh();
    } else {
      say(`Vente en attente : rendre ${euros(s.change)}; la caisse l'enverra de nouveau toute seule`);
    }
  } finally {
    busy = false;
    render();
    $("code").focus();
  }
}

// receipt shows the sale's receipt, printable on an 80 mm printer.
function receipt(s, a) {
  const cards = a ? a.cards : s.cards || s.body.cards;
  $("rpending").hidden = !!a;
  $("revent").textContent = root.dataset.event;
  $("rline").textContent = `${a ? `Vente n° ${a.sale}` : "Vente en attente"} — caisse « ${desk} » — ${dateTime(s.at)}`;
  $("rcards").replaceChildren(...cards.map((c) => Object.assign(document.createElement("li"), { textContent: c })));
  $("rbundles").textContent = (a ? a.bundles || [] : s.bundles || []).map(bundleText).join(" + ");
  $("rtotal").textContent = euros(a ? a.total_cents : s.total);
  $("rpaid").textContent = "Payé : " + s.body.payments.map((p) => `${methods[p.method]} ${euros(p.cents)}`).join(", ");
  const change = a ? a.change_cents : s.change;
  $("rchange").textContent = change ? `Rendu : ${euros(change)}` : "";
  $("rplays").textContent = a ? playsLine(a.plays_from) : offlineGame(s.playsFrom);
  const [seq, hash] = a ? a.anchor.split(":") : ["", ""];
  $("ranchor").textContent = a ? `Ancre du journal : ${seq}:${hash.slice(0, 12)}` : `Clé : ${s.key.slice(-8)} (ancre à l'envoi)`;
  $("receipt").hidden = false;
  lotoMarks.push({ receipt: performance.timeOrigin + performance.now() });
}

$("scanform").addEventListener("submit", async (e) => {
  e.preventDefault();
  lotoMarks.push({ scan: performance.timeOrigin + e.timeStamp });
  const input = $("code");
  const code = typedCode(input.value.trim());
  input.value = "";
  if (!code.trim() && !$("receipt").hidden) {
    $("receipt").hidden = true;
    return;
  }
  await add(code);
  lotoMarks.push({ quoted: performance.timeOrigin + performance.now() });
});
// The camera reads a card's or a plate's printed QR code, one per opening.
let closing = null;
function closeCamera() {
  if (closing) {
    closing.abort();
    closing = null;
  }
  $("reader").hidden = true;
  $("camera").hidden = false;
}
$("camera").addEventListener("click", async () => {
  closing = new AbortController();
  $("reader").hidden = false;
  $("camera").hidden = true;
  say("Caméra ouverte : viser le code QR de la carte ou de la plaque.");
  try {
    const text = await scanQR($("preview"), { signal: closing.signal });
    closeCamera();
    // Whether it names a card or a plate the server's quote says, in French.
    const code = text.trim().replace(/^LOTO(-PLATE)?:/i, "");
    lotoMarks.push({ scan: performance.timeOrigin + performance.now() });
    await add(code);
  } catch (e) {
    if (e.name !== "AbortError") {
      fail(e.message);
    }
    closeCamera();
  }
  $("code").focus();
});
$("closecamera").addEventListener("click", () => {
  closeCamera();
  say("Caméra fermée.");
});
$("pay").addEventListener("click", (e) => {
  lotoMarks.push({ pay: performance.timeOrigin + e.timeStamp });
  pay();
});
$("tendered").addEventListener("keydown", (e) => {
  if (e.key === "Enter" && !$("pay").disabled) {
    e.preventDefault();
    $("pay").click();
  }
});
$("clear").addEventListener("click", () => {
  basket = [];
  quote = null;
  say("Panier vidé");
  render();
});
$("print").addEventListener("click", () => print());
$("next").addEventListener("click", () => {
  $("receipt").hidden = true;
  $("code").focus();
});
for (const el of root.querySelectorAll('input[name="method"], [data-pay] input, [data-pay] select')) {
  el.addEventListener("input", render);
}
addEventListener("online", () => flush());
addEventListener("offline", () => setOnline(false));
// While sales wait, or the link is down, the page tries again every few seconds.
setInterval(async () => {
  const held = await queue.list(desk);
  if (!isOnline() || held.some((s) => s.status !== "conflict")) {
    try {
      await request("GET", "/api/v1/desks/" + encodeURIComponent(desk));
      await setOnline(true);
      flush();
    } catch (e) {
      if (e instanceof NetError) {
        setOnline(false);
      }
    }
  }
}, 3000);

session.start(desk, { say, fail, pending: async () => (await queue.list(desk)).length, online: (on) => setOnline(on) });
// back: the server answers and no sale waits, so a basket priced offline
// is priced again by the server, and its "hors ligne" note goes.
const back = () => {
  if (quote && quote.offline && !busy) {
    requote().catch((e) => fail(e.message)).then(render);
  }
};
link(desk, { say, methods, sent: () => session.refresh(), back, recorded });
setOnline(navigator.onLine).then(() => flush());
render();
$("code").focus();

// The service worker keeps this page and its files for a reload without
// the server (a secure context only: localhost, or https). Without it
// (plain http on the hall's address, or a certificate only accepted, not
// installed: the browser refuses the worker then) the cashier is told not
// to reload offline.
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/caisse-sw.js", { scope: "/caisse" }).catch((e) => {
    $("noreload").hidden = false;
    throw e;
  }).then(() => navigator.serviceWorker.ready).then(() => {
    const files = [location.href, ...Array.from(document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=modulepreload]"), (e) => e.src || e.href)];
    return caches.open("loto-caisse-1").then((c) => c.addAll(files));
  }).then(() => {
    root.dataset.offlineReady = "true";
  }).catch(() => {});
} else {
  $("noreload").hidden = false;
}
