// The event file's page (/organisateur/evenement): a file chosen, dropped
// or pasted is checked by the server, each mistake shown at its line in a
// listing of the file; once it is valid, its preview and the confirmation
// (org_event_form.js) come before the event is recorded. The images
// its prizes name (the sponsors' logos) are chosen or dropped with it, and
// sent with it in one form.
import { request } from "./api.js";
import { byId, clearError, dropFiles, el, showError, utf8 } from "./org.js";
import { showPreview, stale } from "./org_event_form.js";

const form = byId("eventform");
const text = byId("text");
const result = byId("result");
const listing = byId("listing");
const imageList = byId("images");
// raw is a chosen file that is not UTF-8: sent as it is, so the server
// names its encoding; editing the text drops it.
let raw = null;
// images are the images chosen with the file, by name: the file names them.
const images = new Map();

// isImage tells an image from the event file by its name's extension, as
// the file names its logos; the server checks each by its content.
const isImage = (f) => /\.(png|jpe?g|gif|svg|webp)$/i.test(f.name);

// body is what is sent, a form of the file and its images: the file as
// chosen when it could not be shown, else the text as edited.
function body() {
  const file = raw || text.value;
  const data = new FormData();
  data.append("event", typeof file === "string" ? new Blob([file], { type: "text/plain" }) : file, "evenement.yaml");
  for (const f of images.values()) {
    data.append("files", f, f.name);
  }
  return data;
}

// showImages lists the images to send, each with a button to take it off.
function showImages() {
  stale();
  imageList.replaceChildren();
  imageList.hidden = images.size === 0;
  for (const [name, f] of images) {
    const li = el("li", `Image : ${name} (${Math.ceil(f.size / 1024)} Kio) `);
    const b = el("button", "Retirer", "line");
    b.type = "button";
    b.setAttribute("aria-label", `Retirer l'image ${name}`);
    b.addEventListener("click", async () => {
      images.delete(name);
      showImages();
      await check();
    });
    li.append(b);
    imageList.append(li);
  }
}

// choose takes the files chosen or dropped: the event file (one at most)
// and its images, which add to those already chosen.
async function choose(files) {
  clearError();
  const list = Array.from(files);
  const others = list.filter((f) => !isImage(f));
  if (others.length > 1) {
    showError({ message: `${others.length} fichiers qui ne sont pas des images : n'en déposer qu'un, le fichier de l'événement, avec les images qu'il nomme` });
    return;
  }
  for (const f of list.filter(isImage)) {
    images.set(f.name, f);
  }
  showImages();
  if (others.length === 1) {
    const t = await utf8(others[0]);
    if (t === null) {
      raw = others[0];
      text.value = "";
    } else {
      raw = null;
      text.value = t;
    }
  }
  if (raw || text.value.trim() !== "") {
    await check();
  }
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
  result.append(el("h2", created ? `✓ Événement « ${ev.name} » créé` : `✓ Fichier valide : « ${ev.name} », ${answer.subtitle}`, "good"));
  if (!created) {
    const games = ev.programme.length;
    const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;
    result.append(el("p", `${n(ev.series.length, "série", "séries")}, ${n(ev.desks.length, "caisse", "caisses")}, ${n(games, "partie", "parties")}. Rien n'est encore enregistré.`));
  }
  for (const w of answer.warnings || []) {
    result.append(el("p", "Attention : " + w, "warn"));
  }
}

async function check() {
  clearError();
  try {
    showValid(await request("POST", "/api/v1/event/check", body()), false);
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

// example puts the rulebook's example file in the editor, to adapt; what
// was typed there is replaced only once the organiser agrees.
async function example() {
  const file = byId("examplefile").content.textContent;
  if (text.value.trim() !== "" && text.value !== file && !confirm("Remplacer le texte du fichier par l'exemple du règlement ?")) {
    return;
  }
  raw = null;
  text.value = file;
  text.focus();
  text.setSelectionRange(0, 0);
  text.scrollTop = 0;
  await check();
}

// sent is the file's body with a key of what it holds: the text (or the
// file chosen) and the images, for the preview to tell a change.
function sent() {
  const names = Array.from(images.values(), (f) => `${f.name}:${f.size}:${f.lastModified}`);
  const key = JSON.stringify([raw ? `${raw.name}:${raw.size}:${raw.lastModified}` : text.value, names]);
  return { json: key, data: body() };
}

// create shows the preview of the file's event and its confirmation,
// which records it; nothing is recorded before.
async function create(ev) {
  ev.preventDefault();
  if (!(await check())) {
    return;
  }
  try {
    await showPreview(sent);
  } catch (e) {
    if (e.code === "invalid") {
      showMistakes(e);
    } else {
      showError(e);
    }
  }
}

if (form) {
  byId("file").addEventListener("change", (ev) => {
    choose(ev.target.files);
    ev.target.value = ""; // the same file chosen again is read again
  });
  dropFiles(byId("drop"), choose);
  text.addEventListener("input", () => {
    raw = null;
    stale();
  });
  byId("example").addEventListener("click", example);
  byId("check").addEventListener("click", check);
  form.addEventListener("submit", create);
}
