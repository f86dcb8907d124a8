// The desk's session: opened with a float, closed with the count of the
// till note by note and coin by coin and the card and cheque totals; the
// Z report on screen and as a PDF. The last answer is kept in the browser,
// so a reload without the server still shows the till.
import { NetError, request } from "./api.js";
import { cents, euros, hhmm } from "./deskmoney.js";

const $ = (id) => document.getElementById(id);

// denominations are the euro notes and coins a till holds, largest first.
const denominations = [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1];

const pieceName = (c) => (c >= 500 ? `Billets de ${euros(c).replace(",00", "")}` : `Pièces de ${euros(c).replace(",00", "")}`);

let desk = "";
let hooks = null;

// show renders the desk's session: the opening form, or the till and its session line.
function show(d) {
  const s = d && d.session;
  const open = !d || d.open; // unknown (never loaded, no link): let the desk sell
  $("opening").hidden = open;
  $("till").hidden = !open;
  $("session").hidden = !open;
  if (open && s) {
    $("sessionline").textContent = `Session n° ${s.session} ouverte à ${hhmm(s.opened_at)} par ${s.opened_by} — fond de caisse ${euros(s.float_cents)} — ` +
      `${s.sales} vente${s.sales > 1 ? "s" : ""}, ${s.cards} carte${s.cards > 1 ? "s" : ""}, ${euros(s.sales_cents)}`;
  } else if (open) {
    $("sessionline").textContent = "Session inconnue : le serveur n'a pas encore répondu.";
  }
}

// refresh reads the desk from the server, or keeps the last one seen.
async function refresh() {
  try {
    const d = await request("GET", "/api/v1/desks/" + encodeURIComponent(desk));
    localStorage.setItem("loto-caisse:" + desk, JSON.stringify(d));
    show(d);
    hooks.online(true);
  } catch (e) {
    if (e instanceof NetError) {
      hooks.online(false);
    } else {
      hooks.fail(e.message);
    }
    show(JSON.parse(localStorage.getItem("loto-caisse:" + desk) || "null"));
  }
}

// countRows builds the count form, a row per note and coin.
function countRows() {
  $("countrows").replaceChildren(...denominations.map((c) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    const label = document.createElement("label");
    label.htmlFor = "n" + c;
    label.textContent = pieceName(c);
    th.append(label);
    const td = document.createElement("td");
    const input = Object.assign(document.createElement("input"), { id: "n" + c, type: "number", min: "0", step: "1", inputMode: "numeric" });
    input.dataset.cents = c;
    input.addEventListener("input", countTotal);
    td.append(input);
    const amount = document.createElement("td");
    amount.id = "a" + c;
    tr.append(th, td, amount);
    return tr;
  }));
}

// count reads the count form: each denomination counted, and the cash total.
function count() {
  const out = [];
  let total = 0;
  for (const input of $("countrows").querySelectorAll("input")) {
    const n = input.value === "" ? 0 : Number(input.value);
    const c = Number(input.dataset.cents);
    $("a" + c).textContent = n > 0 ? euros(n * c) : "";
    if (n > 0) {
      out.push({ cents: c, count: n });
      total += n * c;
    }
  }
  return { out, total };
}

function countTotal() {
  $("counttotal").textContent = euros(count().total);
}

// showZ renders a Z report: expected against counted for each method, with the difference.
function showZ(z) {
  $("z").hidden = false;
  $("zline").textContent = `Caisse « ${z.desk} », session n° ${z.session} : ouverte à ${hhmm(z.opened_at)} par ${z.opened_by}` +
    (z.closed_at ? `, close à ${hhmm(z.closed_at)} par ${z.closed_by}` : "") +
    ` — fond ${euros(z.float_cents)} — ${z.sales} vente${z.sales > 1 ? "s" : ""}, ${z.cards} carte${z.cards > 1 ? "s" : ""}, recettes ${euros(z.sales_cents)}`;
  const diff = (d) => (d === null ? "—" : d === 0 ? "0,00 € (juste)" : d > 0 ? `+${euros(d)} (en trop)` : `${euros(d)} (manque)`);
  $("zrows").replaceChildren(...z.methods.map((m) => {
    const tr = document.createElement("tr");
    const label = JSON.parse($("offline").textContent).methods[m.method];
    for (const v of [label, String(m.payments), euros(m.expected_cents), m.counted_cents === null ? "—" : euros(m.counted_cents), diff(m.difference_cents)]) {
      tr.append(Object.assign(document.createElement("td"), { textContent: v }));
    }
    return tr;
  }));
  $("zanchor").textContent = z.anchor ? `Ancre du journal : ${z.anchor.split(":")[0]}:${z.anchor.split(":")[1].slice(0, 12)}` : "";
  $("zpdf").href = `/api/v1/sessions/${z.session}/z`;
}

function start(d, h) {
  desk = d;
  hooks = h;
  countRows();
  $("openform").addEventListener("submit", async (e) => {
    e.preventDefault();
    const c = cents($("float").value);
    if (c === null || Number.isNaN(c)) {
      hooks.fail("Fond de caisse illisible : des euros, par exemple 150 ou 0.");
      return;
    }
    try {
      const s = await request("POST", `/api/v1/desks/${encodeURIComponent(desk)}/open`, { float_cents: c });
      hooks.say(`Caisse ouverte : session n° ${s.session}, fond de caisse ${euros(s.float_cents)}`);
      $("float").value = "";
      $("z").hidden = true;
      await refresh();
      $("code").focus();
    } catch (err) {
      hooks.fail(err instanceof NetError ? "Serveur injoignable : la caisse s'ouvre quand le réseau revient." : err.message);
    }
  });
  $("closebegin").addEventListener("click", async () => {
    const n = await hooks.pending();
    if (n > 0) {
      hooks.fail(`${n} vente${n > 1 ? "s" : ""} encore dans la file : les envoyer (ou régler leur conflit) avant de clôturer.`);
      return;
    }
    $("closeform").hidden = false;
    $("closebegin").hidden = true;
    $("till").hidden = true;
    $("receipt").hidden = true;
    $("n50000").focus();
  });
  $("closecancel").addEventListener("click", () => {
    $("closeform").hidden = true;
    $("closebegin").hidden = false;
    $("till").hidden = false;
  });
  $("closeform").addEventListener("submit", async (e) => {
    e.preventDefault();
    const body = { count: count().out };
    for (const [id, field] of [["cardtotal", "card_cents"], ["chequetotal", "cheque_cents"]]) {
      const c = cents($(id).value);
      if (Number.isNaN(c)) {
        hooks.fail("Total illisible : des euros, par exemple 120 ou 35,50.");
        return;
      }
      if (c !== null) {
        body[field] = c;
      }
    }
    try {
      const z = await request("POST", `/api/v1/desks/${encodeURIComponent(desk)}/close`, body);
      hooks.say(`Caisse close : session n° ${z.session}. Le rapport Z est ci-dessous.`);
      $("closeform").reset();
      $("closeform").hidden = true;
      $("closebegin").hidden = false;
      countTotal();
      showZ(z);
      await refresh();
    } catch (err) {
      hooks.fail(err instanceof NetError ? "Serveur injoignable : la clôture attend le réseau." : err.message);
    }
  });
  refresh();
}

// session is the desk's session on the page.
export const session = { start, refresh };
