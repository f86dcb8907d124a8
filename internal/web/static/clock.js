// The hall's clock. Every time a page writes is in the event's time zone,
// whatever the device's own (R1): a tablet left on UTC or on another
// country's time shows the hours of the hall's clocks. The zone is the
// data-zone of the page's element that carries it; without one (no event
// yet), the device's.

const el = document.querySelector("[data-zone]");

// zone is the event's time zone, or undefined for the device's.
export const zone = known((el && el.dataset.zone) || undefined);

// known is z if the browser knows that zone, else undefined: a zone it
// lacks must not stop the page.
function known(z) {
  try {
    new Intl.DateTimeFormat("fr-FR", { timeZone: z });
    return z;
  } catch {
    return undefined;
  }
}

const format = (opts) => new Intl.DateTimeFormat("fr-FR", { ...opts, timeZone: zone });
const hm = format({ hour: "2-digit", minute: "2-digit" });
const hms = format({ hour: "2-digit", minute: "2-digit", second: "2-digit" });
const dt = format({ dateStyle: "short", timeStyle: "short" });

// date reads t (an ISO text, milliseconds or a Date), or null if invalid.
function date(t) {
  const d = t instanceof Date ? t : new Date(t);
  return isNaN(d) ? null : d;
}

// hhmm writes a time as the hall's clock says it: "14:05"; "" if invalid.
export const hhmm = (t) => { const d = date(t); return d ? hm.format(d) : ""; };

// hhmmss writes a time to the second: "14:05:37".
export const hhmmss = (t) => { const d = date(t); return d ? hms.format(d) : ""; };

// dateTime writes a date and time: "02/12/2026 14:05".
export const dateTime = (t) => { const d = date(t); return d ? dt.format(d) : ""; };
