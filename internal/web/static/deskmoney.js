// Money and requests for the desk's pages: euros as typed, cents as shown,
// and the API's answers with their French errors.

// euros writes cents the French way: "12,50 €".
export function euros(c) {
  const sign = c < 0 ? "-" : "";
  const a = Math.abs(c);
  return `${sign}${Math.floor(a / 100)},${String(a % 100).padStart(2, "0")} €`;
}

// cents reads euros as typed ("20", "12,5", "12.50 €"); null when empty,
// NaN when unreadable. The server checks every amount again.
export function cents(text) {
  const t = String(text || "").trim().replace(/\s*€$/, "").replace(",", ".");
  if (t === "") {
    return null;
  }
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) {
    return NaN;
  }
  const [u, f = ""] = t.split(".");
  return Number(u) * 100 + Number(f.padEnd(2, "0"));
}

// ApiError is a refusal of the server: its code, status and French message.
export class ApiError extends Error {
  constructor(code, status, message) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

// NetError is a request that never reached the server (Wi-Fi drop).
export class NetError extends Error {}

// call makes a request with the page's cookie and returns the answer's
// JSON, or throws an ApiError (the server refused) or a NetError (no link).
export async function call(method, path, body, key) {
  const headers = { "Content-Type": "application/json" };
  if (key) {
    headers["Idempotency-Key"] = key;
  }
  let r;
  try {
    r = await fetch(path, { method, credentials: "same-origin", cache: "no-store", headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new NetError("serveur injoignable");
  }
  const answer = await r.json().catch(() => ({}));
  if (!r.ok) {
    throw new ApiError(answer.code || "internal", r.status, answer.message || `erreur ${r.status}`);
  }
  return answer;
}

// zone is the event's time zone: the hall's clocks, whatever the device's own (R1).
const zone = (document.getElementById("desk") || { dataset: {} }).dataset.zone || undefined;

// hhmm is a time of day as the hall's clocks say it.
export const hhmm = (t) => new Date(t).toLocaleTimeString("fr-FR", { hour: "2-digit", minute: "2-digit", timeZone: zone });

// dateTime is a day and time as the hall's clocks say it.
export const dateTime = (t) => new Date(t).toLocaleString("fr-FR", { dateStyle: "short", timeStyle: "short", timeZone: zone });
