// The organiser's set-up pages share this: the French errors shown where
// the eyes are, and files dropped or read.
export const byId = (id) => document.getElementById(id);

// showError writes an error in the page's alert and brings it into view.
// Its details name fields, for programs: the message says it all in French.
export function showError(e) {
  const box = byId("error");
  box.textContent = (e.message || String(e)).split("\n")[0];
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" });
}

// clearError hides the page's alert.
export function clearError() {
  const box = byId("error");
  box.hidden = true;
  box.replaceChildren();
}

// el makes an element with a text.
export function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) {
    e.textContent = text;
  }
  if (cls) {
    e.className = cls;
  }
  return e;
}

// dropZone makes a zone take a dropped file, as its file input would.
export function dropZone(zone, onFile) {
  dropFiles(zone, (files) => files[0] && onFile(files[0]));
}

// dropFiles makes a zone take the files dropped on it, all of them, as its
// file input of several files would.
export function dropFiles(zone, onFiles) {
  zone.addEventListener("dragover", (ev) => {
    ev.preventDefault();
    zone.classList.add("over");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (ev) => {
    ev.preventDefault();
    zone.classList.remove("over");
    if (ev.dataTransfer.files.length > 0) {
      onFiles(ev.dataTransfer.files);
    }
  });
}

// utf8 reads a file's bytes as UTF-8 text, or null when they are not.
export async function utf8(file) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return null;
  }
}
