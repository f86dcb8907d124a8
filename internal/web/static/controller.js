// The controllers' page (/controle), on a phone: register a claimed card by
// its serial (typed, or by a USB scanner that types it and presses Enter),
// or by reading its QR code with the phone's camera; then see each verdict
// with the numbers to read out and a tie's tokens.
import { post } from "./api.js";
import { byId, fail, follow, gameLine, labels, renderClaims, say } from "./live.js";
import { acceptScanner, scanQR } from "./scan.js";

const input = byId("serial");
const camera = byId("camera");
const video = byId("preview");
const scanButton = byId("scan");

// cardQRPrefix starts the text of a card's printed QR code
// ("LOTO:A-000123-K7"); a ticket's code starts "LOTO-TICKET:".
const cardQRPrefix = "LOTO:";

// plateQRPrefix starts the QR code printed under a plate of six cards,
// which sells the plate in one scan but names no card for a claim.
const plateQRPrefix = "LOTO-PLATE:";

// cardSerial is what a QR code read names for a claim: a card's QR text
// without its prefix, else the text as read. Whether it is a serial the
// server decides (card/serial.go), and says why not in French.
function cardSerial(text) {
  const t = text.trim();
  return t.toUpperCase().startsWith(cardQRPrefix) ? t.slice(cardQRPrefix.length) : t;
}

function render(p, s) {
  byId("gameline").textContent = gameLine(p);
  byId("last").textContent = p && p.last ? String(p.last) : "—";
  byId("phase").textContent = s && s.phase && labels.phases[s.phase] ? "Phase : " + labels.phases[s.phase] : "";
  renderClaims(s);
  verdictsFirst(s && s.phase === "control");
}

// verdictsFirst puts the verdicts above the claim form during a control,
// when the controller reads out the numbers and the tie's tokens: on a
// phone they show without scrolling. The form follows, still focused for
// a late claim; the page's order is the one read, not a visual trick.
function verdictsFirst(first) {
  const claims = byId("claimbox");
  const verdicts = byId("verdictbox");
  const isFirst = verdicts.nextElementSibling === claims;
  // The verdicts move, never the form: moving the focused field would
  // blur it, and a scanner's next code would type into nothing.
  if (first && !isFirst) {
    claims.before(verdicts);
  } else if (!first && isFirst) {
    claims.after(verdicts);
  }
}

async function register(serial) {
  try {
    const r = await post("/api/v1/claims", { serial });
    let msg = `Annonce ${r.claim} enregistrée : carte ${r.serial}`;
    if (r.verdict) {
      msg += " — " + (labels.verdicts[r.verdict] || r.verdict);
    }
    say(msg);
    if (r.warning) {
      fail(new Error(r.warning));
    }
    input.value = "";
  } catch (err) {
    fail(err);
    input.select();
  } finally {
    input.focus();
  }
}

acceptScanner(input, register, (serial) => say(`Carte ${serial} en attente : elle est enregistrée dès la réponse pour la précédente.`));

// closing aborts the camera's reading when the controller closes it.
let closing = null;

function closeCamera() {
  if (closing) {
    closing.abort();
    closing = null;
  }
  camera.hidden = true;
  scanButton.hidden = false;
  byId("said").textContent = "";
}

scanButton.addEventListener("click", async () => {
  closing = new AbortController();
  const signal = closing.signal;
  camera.hidden = false;
  scanButton.hidden = true;
  camera.scrollIntoView({ block: "nearest" });
  say("Caméra ouverte : viser le code QR de la carte.");
  try {
    const text = await scanQR(video, { signal });
    closeCamera();
    const serial = cardSerial(text);
    if (text.trim().toUpperCase().startsWith(plateQRPrefix)) {
      fail(new Error("c'est le code QR de la plaque : viser celui de la carte annoncée, sur la carte elle-même"));
      return;
    }
    if (!serial) {
      fail(new Error("ce code QR est vide : viser le code imprimé sur la carte annoncée"));
      return;
    }
    input.value = serial;
    await register(serial);
  } catch (err) {
    if (err.name !== "AbortError") {
      fail(err);
    }
    closeCamera();
  }
});

byId("closecamera").addEventListener("click", () => {
  closeCamera();
  say("Caméra fermée.");
  scanButton.focus();
});

input.focus();
follow(render);
