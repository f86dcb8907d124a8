// The organiser's pages' side of the API: reads and writes with the
// session's cookie, their French errors shown where the eyes are, and the
// confirmation asked before an act that cannot be undone.

import { hhmmss } from "./clock.js";
import { byId, fail as showFailure, say } from "./said.js";

// byId and say are the organiser's pages' news, said.js's.
export { byId, say };

// fail shows an error of the server, announced at once, in place of what
// was said.
export function fail(e) {
  byId("said").textContent = "";
  showFailure(e);
}

// ask opens the confirmation dialog with a message and, when reasonLabel
// is given, a reason to type; it resolves to the reason (or "" without
// one) when confirmed, to null when cancelled.
export function ask(message, reasonLabel) {
  const dlg = byId("confirm");
  const field = byId("confirmreason");
  byId("confirmtext").textContent = message;
  byId("confirmreasonlabel").textContent = reasonLabel || "";
  byId("confirmreasonrow").hidden = !reasonLabel;
  field.value = "";
  field.required = !!reasonLabel;
  dlg.returnValue = "";
  dlg.showModal();
  (reasonLabel ? field : byId("confirmno")).focus();
  return new Promise((resolve) => {
    dlg.addEventListener("close", () => resolve(dlg.returnValue === "yes" ? field.value.trim() : null), { once: true });
  });
}

// The dialog's form closes it with the button pressed.
const form = byId("confirmform");
if (form) {
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    byId("confirm").close(e.submitter && e.submitter.value === "no" ? "no" : "yes");
  });
  byId("confirmno").addEventListener("click", () => byId("confirm").close("no"));
}

// hhmm writes an ISO time as the hall's clock shows it (R1), "—" for none.
export function hhmm(iso) {
  return iso ? hhmmss(iso) : "—";
}
