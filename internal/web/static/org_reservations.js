// The reservations' page (/organisateur/reservations): a CSV file dropped
// or chosen is previewed, every bad line named, before anything is
// recorded; one reservation added; the list searched; tickets printed.
import { request } from "./api.js";
import { plural } from "./french.js";
import { byId, clearError, dropZone, el, showError } from "./org.js";

const preview = byId("preview");
const said = (m) => {
  byId("said").textContent = m;
};

// cell makes a table cell holding a node.
function cell(node) {
  const td = el("td");
  td.append(node);
  return td;
}

// refused shows a file's refusal where the file was dropped: its first
// line, then each bad line of the file.
function refused(e) {
  preview.replaceChildren(el("h3", "Rien n'est enregistré : corriger le fichier, puis le déposer de nouveau", "bad"));
  preview.append(el("p", e.message.split("\n")[0], "bad"));
  if (e.details.length) {
    const ul = el("ul", undefined, "mistakes bad");
    for (const d of e.details) {
      ul.append(el("li", d));
    }
    preview.append(ul);
  }
}

async function importFile(file, again) {
  try {
    const path = "/api/v1/reservations/import" + (again ? "?again=1" : "");
    const answer = await request("POST", path, file);
    const n = answer.reservations.length;
    const tickets = answer.reservations.reduce((s, r) => s + r.tickets.length, 0);
    preview.replaceChildren(el("p", `✓ ${plural(n, "réservation enregistrée", "réservations enregistrées")}, ${plural(tickets, "billet", "billets")}`, "good"));
    said(`✓ ${plural(n, "réservation enregistrée", "réservations enregistrées")}`);
    search();
  } catch (e) {
    refused(e);
  }
}

async function choose(file) {
  clearError();
  said("");
  preview.replaceChildren();
  let p;
  try {
    p = await request("POST", "/api/v1/reservations/preview", file);
  } catch (e) {
    refused(e);
    return;
  }
  const n = p.reservations.length;
  preview.append(el("h3", `Aperçu : ${plural(n, "réservation", "réservations")}, ${plural(p.tickets, "billet", "billets")} — rien n'est encore enregistré`));
  const t = el("table");
  t.innerHTML = "<thead><tr><th scope=\"col\">Ligne</th><th scope=\"col\">Titulaire</th><th scope=\"col\">Contact</th><th scope=\"col\">Billets</th></tr></thead><tbody></tbody>";
  for (const r of p.reservations) {
    const tr = el("tr");
    tr.append(el("td", String(r.line)), el("td", r.name), el("td", r.contact || "—"), el("td", String(r.tickets)));
    t.tBodies[0].append(tr);
  }
  preview.append(t);
  if (p.already.length) {
    preview.append(el("p", "Attention : ces titulaires ont déjà une réservation (fichier déjà importé ?) :", "warn"));
    const ul = el("ul");
    for (const a of p.already) {
      ul.append(el("li", a));
    }
    preview.append(ul);
  }
  const ok = el("button", n === 1 ? "Enregistrer cette réservation" : `Enregistrer ces ${n} réservations`, "big");
  ok.type = "button";
  ok.addEventListener("click", () => importFile(file, p.already.length > 0));
  const cancel = el("button", "Annuler");
  cancel.type = "button";
  cancel.addEventListener("click", () => {
    preview.replaceChildren();
    said("Import annulé : rien n'est enregistré");
  });
  const buttons = el("div", undefined, "buttons");
  buttons.append(ok, cancel);
  preview.append(buttons);
  ok.focus();
}

async function search(ev) {
  if (ev) {
    ev.preventDefault();
  }
  const q = byId("q").value.trim();
  let answer;
  try {
    answer = await request("GET", "/api/v1/reservations?q=" + encodeURIComponent(q));
  } catch (e) {
    showError(e);
    return;
  }
  const list = byId("list");
  const body = list.tBodies[0];
  body.replaceChildren();
  for (const r of answer.reservations) {
    const tr = el("tr");
    const codes = r.tickets.map((t) => t.code + (t.crossed ? " (barré)" : "")).join(", ");
    const a = el("a", "Billets");
    a.href = `/api/v1/reservations/tickets.pdf?reservation=${r.reservation}`;
    a.download = "";
    a.setAttribute("aria-label", `Billets de ${r.name} (PDF)`);
    tr.append(el("td", String(r.reservation)), el("td", r.name), el("td", r.contact || "—"), el("td", codes), cell(a));
    body.append(tr);
  }
  const n = answer.total;
  const shown = answer.reservations.length < n ? ` (les ${answer.reservations.length} premières ici : préciser la recherche)` : "";
  byId("count").textContent = (q ? `${plural(n, "réservation trouvée", "réservations trouvées")} pour « ${q} »` : plural(n, "réservation", "réservations")) + shown;
  byId("listbox").hidden = answer.reservations.length === 0;
}

byId("csv").addEventListener("change", (ev) => ev.target.files[0] && choose(ev.target.files[0]));
dropZone(byId("drop"), choose);
byId("searchform").addEventListener("submit", search);
byId("addform").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  clearError();
  try {
    const r = await request("POST", "/api/v1/reservations", {
      name: byId("name").value,
      contact: byId("contact").value,
      tickets: Number(byId("tickets").value) || 1,
    });
    said(`✓ Réservation n° ${r.reservation} de ${r.name} : ${plural(r.tickets.length, "billet", "billets")}`);
    byId("addform").reset();
    search();
  } catch (e) {
    showError(e);
  }
});
search();
