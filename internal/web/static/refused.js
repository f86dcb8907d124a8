// A page whose device was removed or whose session ended stops trying
// again for ever: it says so, in the server's words, and links to the page
// that sets it right (a new pairing code, or the organiser's login).

// labels name the link to each page that sets a refusal right.
const labels = {
  "/appairer": "Appairer cet appareil avec un nouveau code",
  "/connexion": "Se reconnecter",
};

// showRefusal puts the refusal at the top of the page, once, and returns
// the short words for the page's connection indicator. answer is the
// API's refusal ({message, next}).
export function showRefusal(answer) {
  let box = document.getElementById("refusal");
  if (!box) {
    box = document.createElement("div");
    box.id = "refusal";
    box.className = "refusal";
    box.setAttribute("role", "alert");
    const main = document.querySelector("main") || document.body;
    main.prepend(box);
  }
  const p = document.createElement("p");
  p.textContent = "✘ " + (answer.message || "accès refusé");
  box.replaceChildren(p);
  const next = labels[answer.next] ? answer.next : "/connexion";
  const a = document.createElement("a");
  a.className = "button big";
  a.href = next;
  a.textContent = labels[next];
  box.append(a);
  return next === "/appairer" ? "Appareil retiré : demander un nouveau code" : "Session fermée : se reconnecter";
}
