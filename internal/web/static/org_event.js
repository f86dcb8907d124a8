// The event file's page (/organisateur/evenement): a file chosen, dropped
// or pasted is checked by the server, each mistake shown at its line in a
// listing of the file; once it is valid, the event is created.
import { byId, clearError, dropZone, el, send, showError, utf8 } from "./org.js";

const form = byId("eventform");
const text = byId("text");
const result = byId("result");
const listing = byId("listing");
// raw is a chosen file that is not UTF-8: sent as it is, so the server
// names its encoding; editing the text drops it.
let raw = null;

// body is what is sent: the file as chosen when it could not be shown,
// else the text as edited.
const body = () => raw || text.value;

async function choose(file) {
  clearError();
  const t = await utf8(file);
  if (t === null) {
    raw = file;
    text.value = "";
  } else {
    raw = null;
    text.value = t;
  }
  await check();
}

// showLines lists the file with each mistake under its line; a mistake
// without a line comes first.
function showLines(mistakes) {
  listing.replaceChildren();
  const source = text.value.split("\n");
  if (source.length === 1 && source[0] === "") {
    listing.hidden = true;
    return;
  }
  const at = new Map();
  for (const m of mistakes) {
    const list = at.get(m.line) || [];
    list.push(m);
    at.set(m.line, list);
  }
  source.forEach((line, i) => {
    const n = i + 1;
    const li = el("li");
    li.value = n;
    li.id = `ligne-${n}`;
    li.append(el("code", line || " "));
    for (const m of at.get(n) || []) {
      li.classList.add("bad");
      li.append(el("p", `⚠ ligne ${n}${m.path ? ", " + m.path : ""} : ${m.message}`, "mistake"));
    }
    listing.append(li);
  });
  listing.hidden = false;
}

// goTo selects a line of the text, for the organiser to fix it there.
function goTo(n) {
  const lines = text.value.split("\n");
  const start = lines.slice(0, n - 1).join("\n").length + (n > 1 ? 1 : 0);
  text.focus();
  text.setSelectionRange(start, start + (lines[n - 1] || "").length);
}

function showMistakes(e) {
  result.replaceChildren();
  const mistakes = e.mistakes || [];
  const n = mistakes.length;
  result.append(el("h2", n > 1 ? `${n} erreurs : rien n'est enregistré` : "Une erreur : rien n'est enregistré", "bad"));
  const ul = el("ul", undefined, "mistakes");
  for (const m of mistakes) {
    const li = el("li");
    if (m.line > 0) {
      const b = el("button", `Ligne ${m.line}`, "line");
      b.type = "button";
      b.addEventListener("click", () => goTo(m.line));
      li.append(b, " ");
    }
    li.append(`${m.path ? m.path + " : " : ""}${m.message.split("\n")[0]}`);
    ul.append(li);
  }
  if (n === 0) {
    ul.append(el("li", e.message));
  }
  result.append(ul);
  showLines(mistakes);
  result.scrollIntoView({ block: "start" });
}

function showValid(answer, created) {
  result.replaceChildren();
  listing.hidden = true;
  const ev = answer.event;
  result.append(el("h2", created ? `✓ Événement « ${ev.name} » créé` : `✓ Fichier valide : « ${ev.name} », le ${ev.date} à ${ev.venue}`, "good"));
  if (!created) {
    const games = ev.programme.length;
    result.append(el("p", `${ev.series.length} série(s), ${ev.desks.length} caisse(s), ${games} partie(s). Rien n'est encore enregistré.`));
  }
  for (const w of answer.warnings || []) {
    result.append(el("p", "Attention : " + w, "warn"));
  }
}

async function check() {
  clearError();
  try {
    showValid(await send("POST", "/api/v1/event/check", body()), false);
    return true;
  } catch (e) {
    if (e.code === "invalid") {
      showMistakes(e);
    } else {
      result.replaceChildren();
      showError(e);
    }
    return false;
  }
}

async function create(ev) {
  ev.preventDefault();
  if (!(await check())) {
    return;
  }
  try {
    showValid(await send("POST", "/api/v1/event", body()), true);
    setTimeout(() => location.reload(), 800);
  } catch (e) {
    if (e.code === "invalid") {
      showMistakes(e);
    } else {
      showError(e);
    }
  }
}

if (form) {
  byId("file").addEventListener("change", (ev) => ev.target.files[0] && choose(ev.target.files[0]));
  dropZone(byId("drop"), choose);
  text.addEventListener("input", () => {
    raw = null;
  });
  byId("check").addEventListener("click", check);
  form.addEventListener("submit", create);
}
