// The organiser's reports page: the journal's verification, run by the
// server on the journal as stored, its result said in words.
import { request } from "./api.js";
import { byId, fail } from "./orgapi.js";

byId("verifyform").addEventListener("submit", async (e) => {
  e.preventDefault();
  const out = byId("verifyresult");
  const button = byId("verify");
  button.disabled = true;
  out.className = "";
  out.textContent = "Vérification en cours…";
  try {
    const q = new URLSearchParams();
    const anchors = byId("anchors").value.trim();
    if (anchors) {
      q.set("anchor", anchors);
    }
    const v = await request("GET", "/api/v1/journal/verify?" + q);
    const p = document.createElement("p");
    if (v.ok) {
      out.className = "ok";
      let text = `✔ Journal intègre : ${v.events} événements vérifiés, ancre finale ${v.head}`;
      if (v.secrets) {
        text += ` ; ${v.secrets} secrets conformes à leur engagement`;
      }
      p.textContent = text + ".";
      out.replaceChildren(p);
      for (const a of v.anchors) {
        const q = document.createElement("p");
        q.textContent = `✔ Ancre ${a} : conforme.`;
        out.append(q);
      }
    } else {
      out.className = "error";
      p.textContent = "✘ Journal altéré" + (v.bad_seq ? ` à l'événement n° ${v.bad_seq}` : "") + " : " + v.problem;
      out.replaceChildren(p);
    }
  } catch (err) {
    out.textContent = "";
    fail(err);
  } finally {
    button.disabled = false;
  }
});
