// Money and time for the desk's pages: euros as typed, cents as shown,
// times as the hall's clocks say them.

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

// hhmm is a time of day, dateTime a day and time, as the hall's clocks
// say them (R1), whatever the device's own zone.
export { dateTime, hhmm } from "./clock.js";
