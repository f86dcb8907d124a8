// The event's form (/organisateur/evenement): the day described in French
// fields, built into the document the event file would be (its JSON form,
// which the file's parser reads) and checked by the server as one types,
// each mistake beside its field. Before anything is recorded, the rules
// page and the board are previewed from the unsaved event, and the
// organiser confirms what can no longer change.
import { request, newKey } from "./api.js";
import { byId, el } from "./org.js";

const form = byId("dayform");
let seq = 0; // makes each field's id unique
let shown = false; // every mistake is shown, not only the touched fields'
let lastKey = ""; // the document previewed, recorded only as it was

// rowsOf is the rows of a list, in order.
const rowsOf = (list) => Array.from(list.querySelector(":scope > .rows").children);

// scopeOf is the row (or the form) a field or a list belongs to.
const scopeOf = (node) => node.parentElement.closest("[data-row],[data-root]");

// base is the file's path of the row node is in, with its dot: "programme[2].".
function base(node) {
  const row = node.parentElement && node.parentElement.closest("[data-row]");
  if (!row) return "";
  const list = row.parentElement.closest("[data-list]");
  return base(list) + list.dataset.list + "[" + rowsOf(list).indexOf(row) + "].";
}

// field finds the field k of a row (or of the form), not of a row inside it.
function field(scope, k) {
  return Array.from(scope.querySelectorAll(`[data-k="${k}"]`)).find((f) => scopeOf(f) === scope);
}

// list finds the list k of a row (or of the form).
function list(scope, k) {
  return Array.from(scope.querySelectorAll(`[data-list="${k}"]`)).find((l) => scopeOf(l) === scope);
}

// paths writes on every field and list its path in the file, and numbers
// the games: a row added or removed moves those after it.
function paths() {
  for (const n of form.querySelectorAll("[data-k],[data-list]")) {
    n.dataset.path = base(n) + (n.dataset.k || n.dataset.list);
  }
  for (const g of form.querySelectorAll(".game")) {
    g.querySelector(".no").textContent = String(rowsOf(g.parentElement.closest("[data-list]")).indexOf(g) + 1);
  }
  for (const t of form.querySelectorAll(".tier")) {
    tierName(t);
  }
  // Every "Retirer" says which row it takes off, for a screen reader.
  for (const b of form.querySelectorAll("button.remove")) {
    const row = b.closest("[data-row]");
    const n = rowsOf(row.parentElement.closest("[data-list]")).indexOf(row) + 1;
    const game = row.parentElement.closest(".game");
    const of = game && game !== row ? ` de la partie ${game.querySelector(".no").textContent}` : "";
    b.setAttribute("aria-label", `Retirer ${b.dataset.what} ${n}${of}`);
  }
}

// tierName says what a price buys: "1 carte", "plaque de 3 (3 cartes)".
function tierName(row) {
  const n = Number(field(row, "cards").value);
  const out = row.querySelector(".tiername");
  if (!Number.isInteger(n) || n < 1) {
    out.textContent = "";
  } else if (n === 1) {
    out.textContent = "1 carte";
  } else if (n === 3 || n === 6) {
    out.textContent = `plaque de ${n} (${n} cartes)`;
  } else {
    out.textContent = `${n} cartes`;
  }
}

// addRow adds a row to a list from its template, its labels tied to its
// fields, and returns it.
function addRow(l, values = {}) {
  const row = byId(l.dataset.tpl).content.firstElementChild.cloneNode(true);
  for (const f of row.querySelectorAll("input,select")) {
    f.id = `ff-${++seq}`;
    const box = f.closest(".f, .check");
    const label = box && Array.from(box.querySelectorAll("label")).find((x) => x.closest(".f, .check") === box);
    if (label) label.htmlFor = f.id;
  }
  l.querySelector(":scope > .rows").append(row);
  for (const [k, v] of Object.entries(values)) {
    const f = field(row, k);
    if (f.type === "checkbox") f.checked = v;
    else f.value = v;
  }
  const inner = row.querySelector("[data-list]");
  if (inner && inner.dataset.list === "stages") {
    for (const st of ["quine", "double_quine", "carton_plein"]) {
      addRow(inner, { stage: st });
    }
  }
  paths();
  return row;
}

// euros reads "12" or "12,50" as cents; anything else is sent as typed,
// for the server to name the mistake at its place.
function euros(v) {
  const t = v.trim().replace(/\s/g, "").replace("€", "");
  if (t === "") return undefined;
  const m = /^(\d+)(?:[,.](\d{1,2}))?$/.exec(t);
  if (!m) return t;
  return Number(m[1]) * 100 + Number((m[2] || "0").padEnd(2, "0"));
}

// whole reads an integer; anything else goes as typed.
// An empty field is left out: the check then names what is missing.
const whole = (v) => (/^\s*\d+\s*$/.test(v) ? Number(v) : v.trim() || undefined);

// metres reads "2,5" as 2.5; anything else goes as typed.
function metres(v) {
  const t = v.trim().replace(",", ".");
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}

const text = (scope, k) => field(scope, k).value.trim();

// doc builds the event file's document from the form, in the file's own
// keys, and the logos it names.
function doc() {
  const logos = new Map();
  const d = { name: text(form, "name"), date: text(form, "date"), time_zone: text(form, "time_zone"), venue: text(form, "venue") };
  d.schedule = {
    doors: text(form, "schedule.doors"),
    start: text(form, "schedule.start"),
    breaks: rowsOf(list(form, "schedule.breaks")).map((r) => ({ label: text(r, "label"), at: text(r, "at"), minutes: whole(text(r, "minutes")) })),
  };
  d.series = rowsOf(list(form, "series")).map((r) => ({
    code: text(r, "code"), kind: text(r, "kind"), cards: whole(text(r, "cards")), color: text(r, "color"), title: text(r, "title"),
  }));
  const tiers = (k) => rowsOf(list(form, k)).map((r) => ({ cards: whole(text(r, "cards")), cents: euros(text(r, "cents")) }));
  d.prices = { regular: tiers("prices.regular"), special: tiers("prices.special") };
  d.desks = rowsOf(list(form, "desks")).map((r) => ({ name: text(r, "name"), pmr: field(r, "pmr").checked, special: field(r, "special").checked }));
  d.draw = text(form, "draw");
  const hall = {};
  if (text(form, "hall.back_row_m")) hall.back_row_m = metres(text(form, "hall.back_row_m"));
  if (text(form, "hall.screen_height_m")) hall.screen_height_m = metres(text(form, "hall.screen_height_m"));
  if (Object.keys(hall).length) d.hall = hall;
  d.programme = rowsOf(list(form, "programme")).map((g) => {
    const game = { title: text(g, "title") };
    const kinds = ["regular", "special"].filter((k) => field(g, "kinds." + k).checked);
    if (kinds.length) game.kinds = kinds;
    if (text(g, "notes")) game.notes = text(g, "notes");
    game.stages = rowsOf(list(g, "stages")).map((s) => {
      const prize = { label: text(s, "prize.label"), kind: text(s, "prize.kind") };
      if (text(s, "prize.cents")) prize.cents = euros(text(s, "prize.cents"));
      if (text(s, "prize.consolation")) prize.consolation = text(s, "prize.consolation");
      if (text(s, "prize.notes")) prize.notes = text(s, "prize.notes");
      const logo = field(s, "prize.sponsor.logo").files[0];
      if (text(s, "prize.sponsor.name") || logo) {
        prize.sponsor = { name: text(s, "prize.sponsor.name") };
        if (logo) {
          prize.sponsor.logo = logo.name;
          logos.set(logo.name, logo);
        }
      }
      return { stage: text(s, "stage"), prize };
    });
    return game;
  });
  if (text(form, "public_url")) d.public_url = text(form, "public_url");
  return { d, logos };
}

// body is what the server is sent: the document as JSON, with its logos.
function body() {
  const { d, logos } = doc();
  const json = JSON.stringify(d, null, 2);
  if (logos.size === 0) return { json, data: json };
  const data = new FormData();
  data.append("event", new Blob([json], { type: "application/json" }), "evenement.json");
  for (const f of logos.values()) data.append("files", f, f.name);
  return { json, data };
}

// target is the field or list a path names, or its nearest ancestor's.
function target(path) {
  for (let p = path; p; p = p.replace(/(\.[^.[\]]+|\[\d+\])$/, "")) {
    const n = form.querySelector(`[data-path="${CSS.escape(p)}"]`);
    if (n) return n;
    if (!/(\.[^.[\]]+|\[\d+\])$/.test(p)) break;
  }
  return null;
}

// note writes a message under its field, for the eye and for the reader.
function note(n, message, cls) {
  const box = n.matches("[data-list]") ? n : n.closest(".f, .check, .row") || n;
  const p = el("p", (cls === "fielderr" ? "⚠ Erreur : " : "Attention : ") + message.split("\n")[0], cls);
  p.id = `note-${++seq}`;
  if (n.matches("[data-list]")) box.insertBefore(p, box.querySelector(":scope > .rows"));
  else box.append(p);
  if (n.matches("input,select,fieldset")) {
    if (cls === "fielderr") n.setAttribute("aria-invalid", "true");
    n.setAttribute("aria-describedby", ((n.getAttribute("aria-describedby") || "") + " " + p.id).trim());
  }
}

// touched says whether the organiser has typed in n, or in a field of it.
const touched = (n) => shown || n.matches("[data-touched]") || n.querySelector("[data-touched]") !== null;

// show puts each mistake and each warning beside its field, and sums them up.
function show(mistakes, warned) {
  for (const p of form.querySelectorAll(".fielderr, .fieldwarn")) p.remove();
  for (const n of form.querySelectorAll("[aria-invalid], [aria-describedby]")) {
    n.removeAttribute("aria-invalid");
    n.removeAttribute("aria-describedby");
  }
  const summary = byId("fsummary");
  summary.replaceChildren();
  let hidden = 0;
  const place = (list, cls) => {
    const out = [];
    for (const m of list) {
      const n = m.path ? target(m.path) : null;
      if (n && !touched(n)) {
        hidden++;
        continue;
      }
      if (n) note(n, m.message, cls);
      out.push({ m, n });
    }
    return out;
  };
  const errs = place(mistakes, "fielderr");
  const warns = place(warned, "fieldwarn");
  if (errs.length) {
    summary.append(el("h2", errs.length > 1 ? `${errs.length} erreurs à corriger : rien n'est enregistré` : "Une erreur à corriger : rien n'est enregistré", "bad"));
    const ul = el("ul", undefined, "mistakes");
    for (const { m, n } of errs) {
      const li = el("li");
      if (n) {
        const b = el("button", "Aller au champ", "line");
        b.type = "button";
        b.addEventListener("click", () => (n.matches("input,select") ? n : n.querySelector("input,select,button") || n).focus());
        li.append(b, " ");
      }
      li.append(m.message.split("\n")[0]);
      ul.append(li);
    }
    summary.append(ul);
  } else if (mistakes.length === 0) {
    summary.append(el("p", warns.length ? `✓ Aucune erreur ; ${warns.length > 1 ? warns.length + " avertissements" : "un avertissement"} à relire.` : "✓ Aucune erreur.", "good"));
  } else if (hidden) {
    summary.append(el("p", "Des champs restent à remplir.", "hint"));
  }
}

// check sends the document to the server's check; it answers the check's
// answer, or null with the mistakes shown.
async function check() {
  try {
    const answer = await request("POST", "/api/v1/event/check", body().data);
    show([], answer.warned || []);
    return answer;
  } catch (e) {
    show(e.mistakes && e.mistakes.length ? e.mistakes : [{ path: "", message: e.message }], []);
    return null;
  }
}

let timer = 0;
// later checks the form once typing pauses.
function later() {
  clearTimeout(timer);
  timer = setTimeout(check, 500);
}

// yaml writes the document as an event file: a list item per line, the
// keys as the file has them, every text quoted.
function yaml(v, indent = "") {
  const scalar = (x) => (typeof x === "string" ? JSON.stringify(x) : String(x));
  if (Array.isArray(v)) {
    if (v.length === 0) return " []\n";
    return "\n" + v.map((x) => indent + "-" + (typeof x === "object" ? yaml(x, indent + "  ").replace(/^\n\s*/, " ") : " " + scalar(x) + "\n")).join("");
  }
  if (typeof v === "object") {
    return "\n" + Object.entries(v).map(([k, x]) => indent + k + ":" + (typeof x === "object" ? yaml(x, indent + "  ") : " " + scalar(x) + "\n")).join("");
  }
  return " " + scalar(v) + "\n";
}

function download() {
  const { d } = doc();
  const file = "# Fichier de l'événement, fait par le formulaire de loto.\n# Les montants sont en centimes d'euro (500 = 5 €).\n" + yaml(d).replace(/^\n/, "");
  const a = el("a");
  a.href = URL.createObjectURL(new Blob([file], { type: "application/yaml" }));
  a.download = "evenement.yaml";
  document.body.append(a);
  a.click();
  a.remove();
}

// preview checks the form, then shows its preview.
async function preview(ev) {
  ev.preventDefault();
  shown = true;
  const answer = await check();
  if (!answer) {
    byId("fsummary").scrollIntoView({ block: "start" });
    return;
  }
  try {
    await showPreview(body);
  } catch (e) {
    show(e.mistakes && e.mistakes.length ? e.mistakes : [{ path: "", message: e.message }], []);
  }
}

// source makes the body previewed, the form's or the file's: what is
// recorded is made again and must be the same.
let source = body;

// showPreview shows the rules and the board of the event src makes (a
// function of {json, data}: a key of what is sent, and its body), and the
// confirmation; nothing is recorded until it is given. A refusal of the
// preview is thrown, for the caller to show.
export async function showPreview(src) {
  const b = src();
  const p = await request("POST", "/api/v1/event/preview", b.data);
  source = src;
  lastKey = b.json;
  byId("prev-rules").srcdoc = p.rules;
  byId("prev-board").srcdoc = p.board;
  // Told in words, without the file's lines and paths the form has not.
  const warnings = (p.warned || []).map((w) => w.message);
  const list = byId("confirm-warnings");
  list.replaceChildren(...warnings.map((w) => el("li", w)));
  byId("confirm-warn").hidden = warnings.length === 0;
  const label = byId("confirm-read-label");
  label.textContent = warnings.length ? label.dataset.warned : label.dataset.plain;
  byId("confirm-read").checked = false;
  byId("confirm-ok").disabled = true;
  byId("confirm-result").replaceChildren();
  byId("apercu").hidden = false;
  byId("apercu-title").focus();
}

// stale hides a preview its source no longer matches.
export function stale() {
  if (!byId("apercu").hidden && source().json !== lastKey) {
    byId("apercu").hidden = true;
  }
}

async function record() {
  const b = source();
  const out = byId("confirm-result");
  if (b.json !== lastKey || !byId("confirm-read").checked) {
    out.replaceChildren(el("p", "L'événement a changé depuis l'aperçu : revoir l'aperçu avant d'enregistrer.", "bad"));
    return;
  }
  byId("confirm-ok").disabled = true;
  try {
    const answer = await request("POST", "/api/v1/event", b.data, key);
    out.replaceChildren(el("p", `✓ Événement « ${answer.event.name} » enregistré.`, "good"));
    setTimeout(() => location.reload(), 800);
  } catch (e) {
    byId("confirm-ok").disabled = false;
    out.replaceChildren(el("p", e.message.split("\n")[0], "bad"));
  }
}

// centsText writes cents as euros are typed: "12" or "12,50".
const centsText = (c) => (c % 100 === 0 ? String(c / 100) : `${Math.floor(c / 100)},${String(c % 100).padStart(2, "0")}`);

// metresText writes metres the French way: "2,5".
const metresText = (m) => String(m).replace(".", ",");

// fill puts a checked event (the check's answer) in the form, to adapt;
// the logos stay to be chosen again, a form holding no file of its own.
function fill(ev) {
  const set = (scope, k, v) => {
    const f = field(scope, k);
    if (f.type === "checkbox") f.checked = !!v;
    else f.value = v === undefined || v === null ? "" : String(v);
  };
  const rows = (k, items, put, scope = form) => {
    const l = list(scope, k);
    l.querySelector(":scope > .rows").replaceChildren();
    for (const it of items || []) put(addRow(l), it);
  };
  for (const k of ["name", "date", "venue", "time_zone", "draw", "public_url"]) set(form, k, ev[k]);
  set(form, "hall.back_row_m", ev.hall ? metresText(ev.hall.back_row_m) : "");
  set(form, "hall.screen_height_m", ev.hall ? metresText(ev.hall.screen_height_m) : "");
  set(form, "schedule.doors", ev.schedule.doors);
  set(form, "schedule.start", ev.schedule.start);
  rows("schedule.breaks", ev.schedule.breaks, (r, b) => {
    set(r, "label", b.label);
    set(r, "at", b.at);
    set(r, "minutes", b.minutes);
  });
  rows("series", ev.series, (r, x) => {
    for (const k of ["code", "kind", "cards", "color", "title"]) set(r, k, x[k]);
  });
  for (const kind of ["regular", "special"]) {
    rows("prices." + kind, ev.prices[kind], (r, t) => {
      set(r, "cards", t.cards);
      set(r, "cents", centsText(t.cents));
    });
  }
  rows("desks", ev.desks, (r, d) => {
    for (const k of ["name", "pmr", "special"]) set(r, k, d[k]);
  });
  rows("programme", ev.programme, (g, x) => {
    set(g, "title", x.title);
    set(g, "kinds.regular", (x.kinds || []).includes("regular"));
    set(g, "kinds.special", (x.kinds || []).includes("special"));
    set(g, "notes", x.notes);
    rows("stages", x.stages, (r, st) => {
      const pr = st.prize;
      set(r, "stage", st.stage);
      set(r, "prize.label", pr.label);
      set(r, "prize.kind", pr.kind);
      set(r, "prize.cents", pr.kind === "voucher" ? centsText(pr.cents) : "");
      set(r, "prize.consolation", pr.consolation);
      set(r, "prize.notes", pr.notes);
      set(r, "prize.sponsor.name", pr.sponsor ? pr.sponsor.name : "");
    }, g);
  });
  paths();
}

// example fills the form with the rulebook's example, read by the check.
async function example() {
  if (text(form, "name") !== "" && !confirm("Remplacer ce qui est saisi par l'exemple du règlement ?")) {
    return;
  }
  const file = byId("examplefile").content.textContent;
  try {
    fill((await request("POST", "/api/v1/event/check", file)).event);
  } catch (e) {
    show([{ path: "", message: e.message }], []);
    return;
  }
  shown = true;
  stale();
  await check();
  field(form, "name").focus();
}

// key is the recording's idempotency key: a retry after a lost answer
// records the event once.
const key = newKey();

if (form) {
  for (const l of form.querySelectorAll("[data-list]")) {
    if (l.dataset.list === "stages") continue;
    const start = { series: [{ kind: "regular" }], "prices.regular": [{ cards: "1" }], desks: [{}], programme: [{}] }[l.dataset.list] || [];
    for (const v of start) addRow(l, v);
  }
  form.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b) return;
    const l = b.closest("[data-list]");
    if (b.classList.contains("add") && l) {
      const row = addRow(l);
      row.querySelector("input,select").focus();
      later();
    } else if (b.classList.contains("remove")) {
      const row = b.closest("[data-row]");
      const owner = row.parentElement.closest("[data-list]");
      const rows = rowsOf(owner);
      const next = rows[rows.indexOf(row) + 1] || rows[rows.indexOf(row) - 1];
      row.remove();
      paths();
      (next ? next.querySelector("input,select") : owner.querySelector(":scope > .add")).focus();
      later();
    }
  });
  const edited = (ev) => {
    if (ev.target.matches("[data-k]")) {
      ev.target.dataset.touched = "";
      const f = ev.target.closest("fieldset[data-k]");
      if (f) f.dataset.touched = "";
    }
    if (ev.target.closest(".tier")) tierName(ev.target.closest(".tier"));
    stale();
    later();
  };
  form.addEventListener("input", edited);
  form.addEventListener("change", edited);
  form.addEventListener("submit", preview);
  byId("fcheck").addEventListener("click", () => {
    shown = true;
    check();
  });
  byId("fyaml").addEventListener("click", download);
  byId("fexample").addEventListener("click", example);
  byId("confirm-read").addEventListener("change", (ev) => {
    byId("confirm-ok").disabled = !ev.target.checked;
  });
  byId("confirm-back").addEventListener("click", () => {
    byId("apercu").hidden = true;
    (source === body ? byId("fpreview") : byId("create")).focus();
  });
  byId("confirm-ok").addEventListener("click", record);
}
