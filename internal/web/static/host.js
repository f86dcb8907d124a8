// The host's page (/meneur): keyboard first. Every key is shown on screen
// beside its button; a key does what its visible button does, nothing else.
import { post } from "./api.js";
import { gameName } from "./french.js";
import { hhmm } from "./clock.js";
import { byId, fail, follow, gameLine, labels, renderClaims, say, showText } from "./live.js";
import { closeRule, openRule, recordRule, renderRulings, ruleFormOpen } from "./rulings.js";

const root = byId("host");
const manual = root.dataset.mode === "manual";
let status = null;
let pub = null;
let busy = false;

// stageIndex is the stage being played: the stages awarded so far.
const stageIndex = (p) => ((p && p.awarded) || []).length;

// nextPrize says the prize after the one being played, for the host to announce.
function nextPrize(p) {
  if (!p || !p.programme) {
    return "—";
  }
  const running = p.game && p.phase && p.phase !== "over";
  if (running) {
    const stages = p.programme[p.game - 1].stages;
    const i = stageIndex(p) + 1;
    if (i < stages.length) {
      return `partie ${p.game}, ${stages[i].announce}`;
    }
  }
  const next = running ? p.game + 1 : p.next_game;
  if (next && next <= p.programme.length) {
    const g = p.programme[next - 1];
    return `${gameName(next, g.title)}, ${g.stages[0].announce}`;
  }
  return "aucun : c'est le dernier lot du programme";
}


// mode is which block of actions the state asks for.
function mode(s) {
  if (!s) {
    return "";
  }
  if (s.break) {
    return "break";
  }
  switch (s.phase) {
    case "drawing":
      return "draw";
    case "called":
      return "called";
    case "control":
      return "control";
  }
  if (s.next_game) {
    return "start";
  }
  return s.day_over ? "over" : "";
}

function render(p, s) {
  pub = p;
  status = s;
  const m = mode(s);
  for (const el of root.querySelectorAll("#actions > [data-when]")) {
    el.hidden = el.dataset.when !== m;
  }
  const winners = (s && s.winners) || [];
  const tokens = (s && s.tokens) || [];
  const needTokens = m === "control" && winners.length > 1 && tokens.length === 0 && s.tie && s.tie !== "share";
  root.querySelector('[data-when="tokens"]').hidden = !needTokens;
  const canDecline = m === "control" && (s.tie === "share" || s.tie === "tokens_share") && !s.declined;
  root.querySelector('[data-when="decline"]').hidden = !canDecline;
  if (needTokens && manual) {
    tokenInputs(winners);
  }

  byId("gameline").textContent = gameLine(p);
  byId("phase").textContent = s && s.phase && labels.phases[s.phase] ? "Phase : " + labels.phases[s.phase] : "";
  // The stage just opened on an award takes the calls of the number on the
  // board: the host waits for them before the next draw.
  byId("opened").textContent = s && s.opened ? "▶ " + s.opened.charAt(0).toUpperCase() + s.opened.slice(1) + " : attendre les annonces avant de tirer" : "";
  byId("opened").hidden = !(s && s.opened);
  byId("callable").textContent = s ? String(s.callable) : "0";
  byId("oneaway").textContent = s ? String(s.one_away || 0) : "0";
  byId("count").textContent = `${(p && p.count) || 0} / 90`;
  byId("nextprize").textContent = nextPrize(p);
  if (p && p.next_game && p.programme && p.next_game <= p.programme.length) {
    const g = p.programme[p.next_game - 1];
    byId("startannounce").textContent = `${gameName(p.next_game, g.title)} : ${g.stages[0].announce}`;
  }
  if (s && s.break) {
    byId("breakline").textContent = `${s.break.label} : reprise prévue à ${hhmm(s.break.resumes)}`;
  }
  breakOver(s);
  renderClaims(s);
  renderRulings(s);
  mirror(p);
  if (m === "draw" && manual && byId("undoform").hidden && document.activeElement === document.body) {
    byId("number").focus();
  }
}

// skew is how far the server's clock is ahead of this one's, read at load:
// a break is overdue by the server's time, as the board tells it.
const skew = Number(root.dataset.now || Date.now()) - Date.now();

// breakOver reminds the host that the break's resume time has passed: the
// board then says play resumes in a moment, and the hall waits.
function breakOver(s) {
  const b = s && s.break;
  byId("breakover").hidden = !(b && Date.parse(b.resumes) <= Date.now() + skew);
}

// A break becomes overdue with no change to read: the clock tells.
setInterval(() => breakOver(status), 2000);

// mirror shows what the board shows now.
function mirror(p) {
  byId("last").textContent = p && p.last ? String(p.last) : "—";
  let line = "";
  if (p && p.break) {
    line = `Pause « ${p.break.label} » : reprise à ${hhmm(p.break.resumes)}`;
  } else if (p && p.checking) {
    line = "Vérification en cours";
    if (p.winners && p.winners.length) {
      line += " — gagnants : " + p.winners.map((w) => w.serial + (w.token ? ` (pion ${w.token})` : "")).join(", ");
    }
  } else if (p && p.game) {
    line = gameLine(p);
  } else if (p && p.day_over) {
    line = "Journée terminée";
  }
  showText(byId("boardline"), line);
  const drawn = (p && p.drawn) || [];
  byId("drawn").replaceChildren(
    ...drawn.map((n, i) => {
      const li = document.createElement("li");
      li.textContent = String(n);
      if (i === drawn.length - 1) {
        li.className = "lastone";
        li.setAttribute("aria-current", "true");
      }
      return li;
    }),
  );
}

// tokenInputs asks for the token each tied winner drew from the bag.
function tokenInputs(winners) {
  const box = byId("tokeninputs");
  if (box.dataset.for === winners.map((w) => w.claim).join(",")) {
    return;
  }
  box.dataset.for = winners.map((w) => w.claim).join(",");
  box.replaceChildren(
    ...winners.map((w, i) => {
      const div = document.createElement("div");
      const label = document.createElement("label");
      label.htmlFor = "token" + i;
      label.textContent = `Pion de la carte ${w.serial}`;
      const input = document.createElement("input");
      input.id = "token" + i;
      input.inputMode = "numeric";
      input.required = true;
      input.autocomplete = "off";
      div.append(label, input);
      return div;
    }),
  );
}

// run sends one command at a time: a key held down or a double click
// cannot send the same act twice.
async function run(what) {
  if (busy) {
    return;
  }
  busy = true;
  try {
    say(await what());
  } catch (e) {
    fail(e);
  } finally {
    busy = false;
    // Some acts change only the host's status, not the board's (a declined
    // share): no stream change would bring them, so read the status again.
    feed.refresh();
  }
}

const euros = (c) => (c / 100).toLocaleString("fr-FR", { style: "currency", currency: "EUR" });

// winnersLine says what each winning card receives: "carte A-000001-K7
// (pion 47) → Bon d'achat de 30 €", a share "→ 15,00 € sur Bon d'achat de
// 30 €", a consolation "→ lot de consolation, bouteille de cidre".
function winnersLine(ws) {
  const shared = ws.filter((w) => !w.consolation).length > 1;
  return ws
    .map((w) => {
      let s = `carte ${w.serial}` + (w.token != null ? ` (pion ${w.token})` : "") + " → ";
      if (w.consolation) {
        s += `lot de consolation, ${w.prize}`;
      } else if (shared && w.share_cents != null) {
        s += `${euros(w.share_cents)} sur ${w.prize}`;
      } else {
        s += w.prize;
      }
      return s;
    })
    .join(" ; ");
}

// stageOf names the stage an award was for: "quine".
function stageOf(r) {
  const st = pub && pub.programme && pub.programme[r.game - 1] ? pub.programme[r.game - 1].stages[r.stage] : null;
  return st ? labels.stages[st.stage] || st.stage : "";
}

const acts = {
  start: async () => {
    const r = await post("/api/v1/game/start");
    return `${gameName(r.game, r.title)} lancée. À annoncer : ${r.announce}` + (r.warnings ? " — " + r.warnings.join(" ; ") : "");
  },
  draw: async () => {
    const r = await post("/api/v1/game/draws");
    return `Numéro ${r.number}`;
  },
  call: async () => {
    await post("/api/v1/game/call");
    return "Tirage arrêté : les contrôleurs enregistrent les cartes annoncées.";
  },
  undo: async () => {
    byId("undoform").hidden = false;
    byId("reason").focus();
    return "Dire pourquoi le dernier numéro est annulé, puis Entrée.";
  },
  undocancel: async () => {
    byId("undoform").hidden = true;
    byId("number").focus();
    return "Numéro gardé.";
  },
  control: async () => {
    const r = await post("/api/v1/game/control");
    if (r.resumed) {
      return "Aucun gagnant : le jeu reprend au même lot (R22).";
    }
    return r.tie ? `${r.winners} gagnants : égalité.` : "Un gagnant : lire ses numéros, puis remettre le lot.";
  },
  tokens: async () => {
    const r = await post("/api/v1/game/tokens");
    return "Pions : " + r.tokens.map((t) => `carte ${t.serial} → ${t.token}`).join(", ");
  },
  decline: async () => {
    await post("/api/v1/game/decline");
    return "Refus du partage noté (R18) : tirer les pions.";
  },
  award: async () => {
    const r = await post("/api/v1/game/award");
    const stage = stageOf(r);
    let s = "Lot remis — " + (stage ? stage + " : " : "") + winnersLine(r.winners);
    if (r.day_over) {
      s += ". Dernière partie du programme : la journée est finie.";
    } else if (r.game_over) {
      s += ". Partie finie : les joueurs vident leurs cartes.";
    }
    return s;
  },
  break: async () => {
    const r = await post("/api/v1/breaks");
    return `Pause « ${r.label} » : reprise prévue à ${hhmm(r.resumes)}.`;
  },
  endbreak: async () => {
    const r = await post("/api/v1/breaks/end");
    return `Fin de la pause « ${r.label} » : le jeu reprend.`;
  },
  rule: openRule,
  rulecancel: closeRule,
};

// visible is the button of an act when the page shows it now.
function visible(act) {
  const b = root.querySelector(`button[data-act="${act}"]`);
  return b && !b.closest("[hidden]") ? b : null;
}

root.addEventListener("click", (e) => {
  const b = e.target.closest("button[data-act]");
  if (b && acts[b.dataset.act]) {
    run(acts[b.dataset.act]);
  }
});

const keys = { a: "call", c: "control", j: "tokens", r: "decline", v: "award", l: "start", d: "rule" };

document.addEventListener("keydown", (e) => {
  if (e.repeat || e.ctrlKey || e.metaKey || e.altKey) {
    return;
  }
  // A field the page has just hidden (the number's, once a call stops the
  // draw) may keep the focus until the browser's next frame: a key then is
  // the host's next act, not typing.
  const typing = (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) &&
    !e.target.closest("[hidden]");
  if (e.key === "Escape") {
    if (ruleFormOpen()) {
      e.preventDefault();
      run(acts.rulecancel);
    } else if (manual && !byId("undoform").hidden) {
      e.preventDefault();
      run(acts.undocancel);
    } else if (visible("undo")) {
      e.preventDefault();
      run(acts.undo);
    }
    return;
  }
  if (typing) {
    return; // the forms' own Enter submits them
  }
  const k = e.key.toLowerCase();
  let act = keys[k];
  if (k === "p") {
    act = visible("endbreak") ? "endbreak" : "break";
  }
  if ((e.key === " " || e.key === "Enter") && !manual && !(e.target instanceof HTMLButtonElement)) {
    act = "draw";
  }
  if (manual && /^[0-9]$/.test(e.key) && visible("call")) {
    byId("number").focus(); // the digit lands in the field
    return;
  }
  if (act && visible(act)) {
    e.preventDefault();
    run(acts[act]);
  }
});

if (manual) {
  byId("drawform").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = byId("number");
    const text = input.value.trim();
    // The field is emptied as the number is sent, taken or refused: the
    // next ball's digits must never join a refused number's ("7" refused,
    // then "3" typed, would record 73).
    input.value = "";
    input.focus();
    run(async () => {
      if (!/^[0-9]{1,2}$/.test(text)) {
        throw new Error(`« ${text} » n'est pas un numéro : de 1 à 90`);
      }
      const r = await post("/api/v1/game/draws", { number: Number(text) });
      return `Numéro ${r.number}`;
    });
  });
  byId("undoform").addEventListener("submit", (e) => {
    e.preventDefault();
    run(async () => {
      const r = await post("/api/v1/game/undo", { reason: byId("reason").value });
      byId("reason").value = "";
      byId("undoform").hidden = true;
      byId("number").focus();
      return `Numéro ${r.number} annulé.`;
    });
  });
  byId("tokenform").addEventListener("submit", (e) => {
    e.preventDefault();
    const values = [...byId("tokeninputs").querySelectorAll("input")].map((i) => i.value.trim());
    run(async () => {
      const bad = values.find((v) => !/^[0-9]{1,2}$/.test(v));
      if (bad !== undefined) {
        throw new Error(`pion « ${bad} » illisible : de 1 à 90`);
      }
      const r = await post("/api/v1/game/tokens", { tokens: values.map(Number) });
      return "Pions : " + r.tokens.map((t) => `carte ${t.serial} → ${t.token}`).join(", ");
    });
  });
}

byId("ruleform").addEventListener("submit", (e) => {
  e.preventDefault();
  run(recordRule);
});

const feed = follow(render);
