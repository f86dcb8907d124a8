// The host's decisions in disputes (R27) on the host page: the game's
// rulings listed with who decided, what and why; a form records a new one,
// a note or a claim's verdict changed. The organiser's page may reuse it.
import { post } from "./api.js";
import { byId, labels } from "./live.js";

const form = byId("ruleform");
const what = byId("rulewhat");
const why = byId("rulewhy");
const claim = byId("ruleclaim");
const button = document.querySelector('button[data-act="rule"]');

// verdictWords says what a ruling does to a claim's verdict.
const verdictWords = { win: "déclarée gagnante", not_winner: "déclarée non gagnante" };

// choiceWords offers a verdict to choose.
const choiceWords = { win: "la déclarer gagnante", not_winner: "la déclarer non gagnante" };

// rulingItem is one decision as the host reads it out.
function rulingItem(r) {
  const li = document.createElement("li");
  const head = document.createElement("p");
  const who = document.createElement("strong");
  who.textContent = `Décision (${labels.roles[r.by] || r.by}) : `;
  head.append(who, r.what);
  li.append(head);
  const reason = document.createElement("p");
  reason.textContent = "Pourquoi : " + r.why;
  li.append(reason);
  if (r.verdict) {
    const v = document.createElement("p");
    v.textContent = `→ annonce ${r.claim} ${verdictWords[r.verdict] || r.verdict}`;
    li.append(v);
  }
  if (r.warning) {
    const w = document.createElement("p");
    w.className = "warn";
    w.textContent = "⚠ " + r.warning;
    li.append(w);
  }
  return li;
}

// choices are the verdicts a ruling may change now: each claim of the
// last control to the other verdict (a late claim was never in it).
function choices(s) {
  return ((s && s.claims) || [])
    .filter((c) => c.verdict && c.verdict !== "late")
    .map((c) => {
      const to = c.verdict === "win" ? "not_winner" : "win";
      return { value: `${c.claim}:${to}`, text: `Annonce ${c.claim}, carte ${c.serial} : ${choiceWords[to]}` };
    });
}

// renderRulings shows the game's rulings and keeps the form's choices up
// to date, keeping the one chosen while it is still offered.
export function renderRulings(s) {
  const rulings = (s && s.rulings) || [];
  byId("rulings").replaceChildren(...rulings.map(rulingItem));
  byId("norulings").hidden = rulings.length > 0;
  button.hidden = !(s && s.game > 0) || !form.hidden;
  const list = choices(s);
  const key = list.map((c) => c.value).join(",");
  if (claim.dataset.for !== key) {
    const chosen = claim.value;
    claim.dataset.for = key;
    const none = claim.options[0];
    claim.replaceChildren(
      none,
      ...list.map((c) => {
        const o = document.createElement("option");
        o.value = c.value;
        o.textContent = c.text;
        return o;
      }),
    );
    claim.value = list.some((c) => c.value === chosen) ? chosen : "";
  }
}

// ruleFormOpen reports whether the host is writing a decision.
export const ruleFormOpen = () => !form.hidden;

// openRule shows the form, the cursor in its first field.
export async function openRule() {
  form.hidden = false;
  button.hidden = true;
  what.focus();
  return "Écrire la décision et pourquoi, puis Entrée.";
}

// closeRule hides the form, keeping nothing typed.
export async function closeRule() {
  form.reset();
  form.hidden = true;
  button.hidden = false;
  button.focus();
  return "Décision abandonnée : rien n'est enregistré.";
}

// recordRule sends the decision typed in the form.
export async function recordRule() {
  const body = { what: what.value.trim(), why: why.value.trim() };
  if (claim.value) {
    const [n, verdict] = claim.value.split(":");
    body.claim = Number(n);
    body.verdict = verdict;
  }
  const r = await post("/api/v1/game/rulings", body);
  form.reset();
  form.hidden = true;
  button.hidden = false;
  let said = `Décision enregistrée : ${r.what}`;
  if (r.verdict) {
    said += ` — annonce ${r.claim} ${verdictWords[r.verdict]}`;
  }
  return r.warning ? `${said}. ${r.warning}` : said;
}
