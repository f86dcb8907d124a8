// What a page says in its two lines of news: what just happened in #said,
// announced politely, and an error of the server in #error, announced at
// once. The game pages and the organiser's show their news through these.

// byId returns the element of an id.
export const byId = (id) => document.getElementById(id);

// A code in a sentence: a word with a digit and a hyphen inside, as a
// card's serial ("A-000001-TA") or a desk's name ("caisse-1").
const code = /[^\s«»()]*\d[^\s«»()]*/g;

// showText sets an element's text, each code in it in a span that the
// line never breaks (.whole): a volunteer reads a serial, on a phone too,
// in one piece and never cut at a hyphen. A word of more than 24
// characters (a link) may still break, so as not to run off a phone.
export function showText(el, text) {
  const parts = [];
  let at = 0;
  for (const m of text.matchAll(code)) {
    if (m[0].length > 24 || !/[\p{L}\d]-[\p{L}\d]/u.test(m[0])) continue;
    const span = document.createElement("span");
    span.className = "whole";
    span.textContent = m[0];
    parts.push(text.slice(at, m.index), span);
    at = m.index + m[0].length;
  }
  parts.push(text.slice(at));
  el.replaceChildren(...parts);
}

// say shows what just happened and hides the error.
export function say(message) {
  const err = byId("error");
  err.hidden = true;
  err.textContent = "";
  showText(byId("said"), message);
}

// fail shows an error of the server where the eyes are.
export function fail(e) {
  const err = byId("error");
  showText(err, String(e.message || e));
  err.hidden = false;
}
