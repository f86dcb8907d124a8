// The door's page (/entree), on a phone or a tablet at the entrance. One
// field takes everything: a USB scanner types the ticket's code and Enter,
// then the free card's serial and Enter (R4), or the camera, left open for
// a queue, reads their QR codes (scan.js); a typed name or phone finds
// the reservation of a holder who came without the ticket. Each ticket is
// checked as soon as it is read, so a ticket crossed out already (R5) is
// refused before a free card is handed over. The answer covers the screen:
// green, orange or red, each with a word, a symbol and a sound of its own.
import { ApiError, get, post } from "./api.js";
import { hhmm, hhmmss } from "./clock.js";
import { byId, fail } from "./live.js";
import { playSound, soundOn, toggleSound } from "./door_sound.js";
import { cameraUsable, typedCode, watchQR } from "./scan.js";
import { showRefusal } from "./refused.js";
import { follow, keepUp } from "./sse.js";

const input = byId("scan");
const answer = byId("answer");

// ticketPattern is a ticket's code as printed (R-000042-7KQ), typed in
// any case with or without dashes, or its QR text: anything else is a
// name or a phone to look up.
const ticketPattern = /^\s*(LOTO-TICKET:)?\s*R[-\s]?\d{6}[-\s]?[0-9A-Z]{3}\s*$/i;

// current is the ticket being admitted: its code as read and what the
// server said of it; null while the door waits for a ticket.
let current = null;
let busy = false;

// clearError hides the last error.
function clearError() {
  byId("error").hidden = true;
}

// show covers the screen with an answer: kind is admitted (green),
// attention (orange) or refused (red).
const kinds = {
  admitted: { symbol: "✔", word: "ENTRÉE VALIDÉE" },
  attention: { symbol: "⚠", word: "ATTENTION" },
  refused: { symbol: "✘", word: "REFUSÉ" },
};

function show(kind, title, detail) {
  answer.dataset.kind = kind;
  byId("asymbol").textContent = kinds[kind].symbol;
  byId("aword").textContent = kinds[kind].word;
  byId("atitle").textContent = title;
  byId("adetail").textContent = detail;
  // The time of the reading tells two like answers in a row apart.
  byId("aread").textContent = "Code lu à " + hhmmss(Date.now());
  answer.hidden = false;
  answer.dataset.sound = playSound(kind) ? kind : "silence";
  input.focus();
}

// dismiss hides the answer; the field keeps the focus for the next scan.
function dismiss() {
  answer.hidden = true;
  input.focus();
}

// time writes an instant as the hall's clock shows it, in the event's
// time zone whatever the device's: 14:05.
const time = hhmm;

// crossedText says when, at which door and by whom a ticket was crossed out.
function crossedText(c) {
  return `Barré à ${time(c.time)}, entrée « ${c.door} », par « ${c.by} » (carte gratuite ${c.card}).`;
}

// sentence writes a message of the server as a sentence of the answer:
// a capital first, a full stop last.
function sentence(message) {
  const m = message.trim();
  return m.charAt(0).toUpperCase() + m.slice(1) + (/[.!?]$/.test(m) ? "" : ".");
}

// waitTicket goes back to the first step: a ticket, a name or a phone.
function waitTicket() {
  current = null;
  byId("step").textContent = "Étape 1 sur 2 : le billet";
  byId("scanlabel").textContent = "Scanner le billet, ou taper son code, le nom ou le téléphone du titulaire";
  byId("holder").hidden = true;
  byId("cancel").hidden = true;
  input.value = "";
  input.focus();
}

// waitCard asks for the free card handed over with a good ticket.
function waitCard(code, t) {
  current = { code, ticket: t };
  byId("results").hidden = true;
  byId("step").textContent = "Étape 2 sur 2 : la carte gratuite";
  const holder = byId("holder");
  holder.textContent = `Billet n° ${t.number} de ${t.name} — ${t.left} billet${t.left > 1 ? "s" : ""} sur ${t.tickets} à barrer`;
  holder.hidden = false;
  byId("scanlabel").textContent = "Scanner la carte gratuite remise avec le billet";
  byId("cancel").hidden = false;
  input.value = "";
  input.focus();
}

// refuseChecked refuses a checked ticket crossed out already (R5) or of a
// holder excluded (R28), and says whether it did.
function refuseChecked(t) {
  if (t.crossed) {
    waitTicket();
    show("refused", "Billet déjà barré", `${t.name}, billet n° ${t.number}. ${crossedText(t.crossed)}`);
    return true;
  }
  if (t.excluded) {
    waitTicket();
    show("refused", "Titulaire exclu", `${t.name}, billet n° ${t.number} : exclu de la salle par l'organisateur (exclusion n° ${t.excluded}).`);
    return true;
  }
  return false;
}

// checkTicket reads a scanned ticket: a good one asks for the free card,
// any other is refused at once, before a card is handed over.
async function checkTicket(code) {
  try {
    const t = await get("/api/v1/door/ticket?code=" + encodeURIComponent(code));
    if (!refuseChecked(t)) {
      waitCard(code, t);
    }
  } catch (e) {
    refuseTicket(e);
  }
}

// refuseTicket shows why a ticket is refused: forged or of another day
// (a wrong check code), unknown; a network failure is no refusal.
function refuseTicket(e) {
  if (!(e instanceof ApiError) || e.code === "network" || e.code === "internal" || e.code === "forbidden") {
    fail(e);
    return;
  }
  waitTicket();
  const title = e.code === "notfound" ? "Billet inconnu" : e.code === "conflict" ? "Billet déjà barré" : "Billet faux ou d'un autre jour";
  show("refused", title, sentence(e.message));
}

// admit crosses the ticket out with the free card scanned (R4, R5).
async function admit(serial) {
  const { code, ticket } = current;
  try {
    const a = await post("/api/v1/door", { ticket: code, card: serial });
    waitTicket();
    if (a.warnings && a.warnings.length) {
      show("attention", `Entrée validée : ${a.name}`, `Carte gratuite ${a.card}. ` + a.warnings.map(sentence).join(" "));
    } else {
      show("admitted", `Bienvenue ${a.name}`, `Carte gratuite ${a.card} remise. Billet n° ${ticket.number} barré.`);
    }
    refreshCount();
  } catch (e) {
    if (!(e instanceof ApiError) || e.code === "network" || e.code === "internal" || e.code === "forbidden") {
      fail(e);
      return;
    }
    // The ticket may have been crossed out meanwhile at another door, or
    // its holder excluded: it is then refused; otherwise only the card is,
    // and another is scanned.
    try {
      if (refuseChecked(await get("/api/v1/door/ticket?code=" + encodeURIComponent(code)))) {
        return;
      }
    } catch {
      // The refusal of the admission says enough.
    }
    input.value = "";
    show("refused", "Carte gratuite refusée", sentence(e.message) + " Scanner une autre carte pour ce billet.");
  }
}

// find lists the reservations whose holder's name or phone holds text.
async function find(text) {
  try {
    const r = await get("/api/v1/door/reservations?q=" + encodeURIComponent(text));
    renderFound(r, text);
  } catch (e) {
    fail(e);
  }
}

// renderFound lists the reservations found, each ticket not crossed out
// with a button that takes it to the free card.
function renderFound(r, text) {
  const list = byId("found");
  const note = byId("resultsnote");
  if (r.total === 0) {
    note.textContent = `Aucune réservation pour « ${text} ».`;
  } else if (r.total > r.reservations.length) {
    note.textContent = `${r.total} réservations pour « ${text} » : voici les ${r.reservations.length} premières, préciser le nom.`;
  } else {
    note.textContent = `${r.total} réservation${r.total > 1 ? "s" : ""} pour « ${text} ».`;
  }
  list.replaceChildren(...r.reservations.map(reservationItem));
  byId("results").hidden = false;
  byId("results").scrollIntoView({ block: "nearest" });
}

function reservationItem(res) {
  const li = document.createElement("li");
  const head = document.createElement("p");
  head.className = "who";
  head.textContent = res.name + (res.phone_end ? ` (tél. …${res.phone_end})` : "") + ` — réservation n° ${res.reservation}`;
  li.append(head);
  const left = res.tickets.filter((t) => !t.crossed).length;
  for (const t of res.tickets) {
    if (t.crossed) {
      const p = document.createElement("p");
      p.className = "crossedline";
      p.textContent = `✘ Billet n° ${t.number} : ${crossedText(t.crossed).replace("Barré", "barré")}`;
      li.append(p);
      continue;
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "pick";
    b.textContent = `Faire entrer : billet n° ${t.number}`;
    b.addEventListener("click", () => {
      waitCard(t.code, { number: t.number, name: res.name, tickets: res.tickets.length, left });
    });
    li.append(b);
  }
  return li;
}

// take handles what was scanned or typed: a ticket's code (at either
// step: another ticket replaces the one waiting for its card), else the
// free card at the second step, else a name or a phone to look up.
async function take(text) {
  if (busy) {
    return;
  }
  dismiss();
  clearError();
  busy = true;
  try {
    if (ticketPattern.test(text)) {
      input.value = "";
      await checkTicket(text);
    } else if (current) {
      await admit(text);
    } else {
      await find(text);
      input.select();
    }
  } finally {
    busy = false;
  }
}

// Enter alone (a second press of the scanner's, or the person's) dismisses
// the answer; any text is taken.
byId("scanform").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = typedCode(input.value.trim());
  if (text === "") {
    dismiss();
    return;
  }
  take(text);
});

// The camera reads a ticket's or a card's QR code, when the page may use
// one (https, or the server's own computer); the field stays for the rest.
// It stays open for a queue, code after code, each answered as a typed one
// (watchQR tells a code held in front of it once), until it is closed; its
// picture stays in view below the answers (door.css, body.filming).
const cameraButton = byId("camera");
const videoBox = byId("video");
const video = byId("preview");
let closing = null;

function closeCamera() {
  if (closing) {
    closing.abort();
    closing = null;
  }
  document.body.classList.remove("filming");
  videoBox.hidden = true;
  cameraButton.hidden = !cameraUsable();
}

cameraButton.addEventListener("click", async () => {
  const mine = new AbortController();
  closing = mine;
  videoBox.hidden = false;
  cameraButton.hidden = true;
  document.body.classList.add("filming");
  try {
    await watchQR(video, (text) => take(text.trim()), { signal: mine.signal });
  } catch (err) {
    if (err.name !== "AbortError") {
      fail(err);
    }
  }
  if (closing === mine) {
    closeCamera();
  }
});
byId("closecamera").addEventListener("click", () => {
  closeCamera();
  input.focus();
});
cameraButton.hidden = !cameraUsable();

byId("cancel").addEventListener("click", waitTicket);
byId("next").addEventListener("click", dismiss);
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") {
    if (!answer.hidden) {
      dismiss();
    } else if (current) {
      waitTicket();
    }
  }
});

// The sound switch, remembered on this device.
const soundButton = byId("sound");
function renderSound() {
  const on = soundOn();
  soundButton.setAttribute("aria-pressed", String(on));
  soundButton.textContent = on ? "♪ Son activé" : "✕ Son coupé";
}
soundButton.addEventListener("click", () => {
  toggleSound();
  renderSound();
  input.focus();
});
renderSound();

// The count of tickets crossed out and to come, read again each time the
// journal moves (another door admits too: the door's stream says so) and
// after each admission here.
const live = byId("live");
// streamLost: the stream is down, so the count may be old, whatever a
// read of it after an admission here says.
let streamLost = true;

function setLive(on, text) {
  live.textContent = text;
  live.dataset.state = on ? "on" : "off";
}

async function refreshCount() {
  try {
    const c = await get("/api/v1/door");
    byId("crossed").textContent = String(c.crossed);
    byId("expected").textContent = String(c.expected);
    byId("tocome").textContent = String(c.to_come);
    byId("perdoor").textContent = c.doors.length > 1 ? c.doors.map((d) => `${d.door} : ${d.crossed}`).join(" · ") : "";
    if (!streamLost) setLive(true, "En ligne");
  } catch {
    setLive(false, "Serveur injoignable : nouvel essai…");
  }
}

// The door's stream, read by sse.js: a connection that died silently is
// noticed by its missing heartbeats and opened again; its first message
// reads the count again.
const moves = follow("/api/v1/door/stream", {
  onOpen() {
    streamLost = false;
  },
  onLost() {
    streamLost = true;
    setLive(false, "Connexion perdue : reconnexion…");
  },
  onMessage(type) {
    if (type === "moved") refreshCount();
  },
  onRefused(answer) {
    setLive(false, showRefusal(answer));
  },
});
keepUp(moves, () => {
  streamLost = true;
  setLive(false, "Hors ligne : l'appareil n'a plus de réseau");
});
waitTicket();
