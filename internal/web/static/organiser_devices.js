// The organiser's devices: pair one (its QR code and short code shown
// big), list them with their last contact, revoke one with a reason.
import { request } from "./api.js";
import { byId, say, fail, ask, hhmm } from "./orgapi.js";

const roleLabels = Object.fromEntries([...byId("devrole").options].map((o) => [o.value, o.textContent]));

// showDesk shows the desk's choice for a cashier only.
function showDesk() {
  byId("deskrow").hidden = byId("devrole").value !== "cashier";
}
byId("devrole").addEventListener("change", showDesk);
showDesk();

// state says in words where a device is: waiting for its code, paired, revoked.
function state(d) {
  if (d.revoked_at) {
    return `✘ révoqué à ${hhmm(d.revoked_at)} : ${d.why || ""}`;
  }
  return d.code_used ? "✔ appairé" : `… code en attente (jusqu'à ${hhmm(d.code_expires)})`;
}

// cell makes a table cell of a text.
function cell(text, tag = "td") {
  const c = document.createElement(tag);
  c.textContent = text;
  return c;
}

async function list() {
  try {
    const { devices } = await request("GET", "/api/v1/devices");
    const rows = devices.map((d) => {
      const tr = document.createElement("tr");
      tr.dataset.device = d.id;
      const name = cell(d.name, "th");
      name.scope = "row";
      const role = (roleLabels[d.role] || d.role) + (d.desk ? ` (${d.desk})` : "");
      tr.append(cell(String(d.id)), name, cell(role), cell(d.last_seen ? hhmm(d.last_seen) : "jamais vu"), cell(state(d)));
      const act = document.createElement("td");
      if (!d.revoked_at) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "danger";
        b.textContent = "Révoquer";
        b.setAttribute("aria-label", `Révoquer « ${d.name} »`);
        b.addEventListener("click", () => revoke(d));
        act.append(b);
      }
      tr.append(act);
      return tr;
    });
    byId("devices").tBodies[0].replaceChildren(...rows);
    byId("nodevices").hidden = devices.length > 0;
  } catch (e) {
    fail(e);
  }
}

async function revoke(d) {
  const why = await ask(`Révoquer « ${d.name} » ? Son jeton cesse de marcher tout de suite ; cela ne s'annule pas (il faudra l'appairer de nouveau).`, "Pourquoi ? (perdu, remplacé, fin de journée…)");
  if (why === null) {
    return;
  }
  try {
    await request("POST", `/api/v1/devices/${d.id}/revoke`, { why });
    say(`« ${d.name} » est révoqué.`);
  } catch (e) {
    fail(e);
  }
  list();
}

byId("pairform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const role = byId("devrole").value;
  const body = { name: byId("devname").value.trim(), role };
  if (role === "cashier") {
    body.desk = byId("devdesk").value;
  }
  try {
    const p = await request("POST", "/api/v1/devices", body);
    byId("pairname").textContent = `« ${p.device.name} » — ${roleLabels[p.device.role] || p.device.role}${p.device.desk ? " (" + p.device.desk + ")" : ""}`;
    byId("paircode").textContent = p.code;
    byId("pairurl").textContent = p.pair_url;
    byId("pairexpires").textContent = hhmm(p.code_expires);
    byId("pairtoken").textContent = p.token;
    const svg = new DOMParser().parseFromString(p.qr_svg, "image/svg+xml").documentElement;
    byId("qr").replaceChildren(document.importNode(svg, true));
    byId("pairing").hidden = false;
    byId("pairform").reset();
    showDesk();
    say(`« ${p.device.name} » est prêt à être appairé : code ${p.code}.`);
  } catch (e) {
    fail(e);
  }
  list();
});

byId("reload").addEventListener("click", list);
list();
// The last contacts move as the devices work: the list is read again each half minute.
setInterval(list, 30000);
