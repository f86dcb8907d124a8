// The series' page (/organisateur/series): a series created, and cards
// downloaded as a PDF by range and layout, a refusal said in French.
import { ApiError, NetError, request } from "./api.js";
import { byId, clearError, showError } from "./org.js";

const said = (m) => {
  byId("said").textContent = m;
};

// download fetches a PDF and saves it under the server's name; a refusal
// is shown instead.
async function download(url) {
  let r;
  try {
    r = await fetch(url, { credentials: "same-origin" });
  } catch {
    throw new NetError();
  }
  if (!r.ok) {
    throw new ApiError(r.status, await r.json().catch(() => ({})));
  }
  const blob = await r.blob();
  const name = (r.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name ? name[1] : "cartes.pdf";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 60000);
  return a.download;
}

const printForm = byId("printform");
if (printForm) {
  const series = byId("pseries");
  series.addEventListener("change", () => {
    byId("to").value = series.selectedOptions[0].dataset.cards;
  });
  printForm.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    clearError();
    const q = new URLSearchParams({
      from: byId("from").value,
      to: byId("to").value,
      layout: byId("layout").value,
      bleed: byId("bleed").value,
    });
    if (byId("crop").checked) {
      q.set("crop_marks", "1");
    }
    said("PDF en préparation…");
    try {
      const name = await download(`/api/v1/series/${encodeURIComponent(series.value)}/cards.pdf?${q}`);
      said(`✓ ${name} téléchargé`);
    } catch (e) {
      said("");
      showError(e);
    }
  });
}

byId("seriesform").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  clearError();
  try {
    const s = await request("POST", "/api/v1/series", {
      code: byId("code").value,
      cards: Number(byId("cards").value),
      special: byId("special").checked,
      color: byId("color").value,
      title: byId("title").value,
    });
    said(`✓ Série ${s.code} créée : ${s.cards} cartes`);
    setTimeout(() => location.reload(), 600);
  } catch (e) {
    showError(e);
  }
});
