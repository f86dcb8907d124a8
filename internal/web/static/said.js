// What a page says in its two lines of news: what just happened in #said,
// announced politely, and an error of the server in #error, announced at
// once. The game pages and the organiser's show their news through these.

// byId returns the element of an id.
export const byId = (id) => document.getElementById(id);

// say shows what just happened and hides the error.
export function say(message) {
  const err = byId("error");
  err.hidden = true;
  err.textContent = "";
  byId("said").textContent = message;
}

// fail shows an error of the server where the eyes are.
export function fail(e) {
  const err = byId("error");
  err.textContent = String(e.message || e);
  err.hidden = false;
}
