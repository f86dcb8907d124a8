// The desk page's service worker: it keeps /caisse and its files so that
// a reload while the server cannot be reached still opens the page, whose
// queued sales (IndexedDB) then wait for the link. The API is never
// answered from here: a sale goes to the server or stays queued.

const CACHE = "loto-caisse-1";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));

// keep stores a good answer for the next time the server is away.
function keep(req, res) {
  if (res.ok) {
    const copy = res.clone();
    caches.open(CACHE).then((c) => c.put(req, copy));
  }
  return res;
}

self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== "GET" || url.origin !== self.location.origin) {
    return;
  }
  if (url.pathname.startsWith("/static/")) {
    // Hashed names: a file never changes under its name.
    e.respondWith(caches.match(e.request).then((hit) => hit || fetch(e.request).then((r) => keep(e.request, r))));
  } else if (url.pathname === "/caisse") {
    e.respondWith(fetch(e.request).then((r) => keep(e.request, r)).catch(() =>
      caches.match(e.request).then((hit) => hit || Response.error())));
  }
});
