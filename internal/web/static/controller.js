// The controllers' page (/controle), on a phone: register a claimed card by
// its serial (typed, or by a USB scanner that types it and presses Enter),
// then see each verdict with the numbers to read out and a tie's tokens.
// Reading the QR code with the phone's camera is for later.
import { byId, fail, follow, gameLine, labels, post, renderClaims, say } from "./live.js";

const input = byId("serial");

function render(p, s) {
  byId("gameline").textContent = gameLine(p);
  byId("last").textContent = p && p.last ? String(p.last) : "—";
  byId("phase").textContent = s && s.phase && labels.phases[s.phase] ? "Phase : " + labels.phases[s.phase] : "";
  renderClaims(s);
}

let busy = false;

byId("claimform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const serial = input.value.trim();
  if (busy || serial === "") {
    return;
  }
  busy = true;
  try {
    const r = await post("/api/v1/claims", { serial });
    let msg = `Annonce ${r.claim} enregistrée : carte ${r.serial}`;
    if (r.verdict) {
      msg += " — " + (labels.verdicts[r.verdict] || r.verdict);
    }
    say(msg);
    input.value = "";
  } catch (err) {
    fail(err);
    input.select();
  } finally {
    busy = false;
    input.focus();
  }
});

input.focus();
follow(render);
