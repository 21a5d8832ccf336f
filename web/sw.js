// Cache-first service worker: after the first visit the app boots with no network at all.
// build.py fills in the cache version (a content hash of everything cached) and two lists (each
// placeholder stands where valid JavaScript has a stand-in, so the checker reads this file as is):
//   HASHED:   the runtime and the wheel, in folders named by their content hash.  A file with
//             such a URL never changes, so it is copied from an older cache of ours when there
//             is one, else fetched normally, which the HTTP cache answers when the page has just
//             downloaded it (so a first visit transfers the runtime once, not twice);
//   PRECACHE: the page and our own small files, revalidated with the server (a 304 when
//             unchanged costs no body).
// Anything else of ours the page fetches (the tables' first frames, start/<game>.<lang>.json)
// is kept in the same cache as it passes.
// The new worker waits like any other (no forced reload of an open page); it takes over on the
// next navigation, and the page's next start then uses its cache.
const sw = /** @type {SwGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = "{{CACHE_VERSION}}";
/** @type {string[]} */
const PRECACHE = /*{{PRECACHE}}*/ [];
/** @type {string[]} */
const HASHED = /*{{HASHED}}*/ [];
const CACHE = `pyengine-${VERSION}`;

/** @param {string} url */
async function fromOlderCache(url) {
  for (const key of await caches.keys()) {
    if (!key.startsWith("pyengine-") || key === CACHE) continue;
    const hit = await (await caches.open(key)).match(url);
    if (hit) return hit;
  }
  return null;
}

/** @param {string} url @param {RequestInit} [init] */
async function fetchOk(url, init) {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res;
}

sw.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all([
      ...HASHED.map(async (url) => cache.put(url, (await fromOlderCache(url)) || (await fetchOk(url)))),
      ...PRECACHE.map(async (url) => cache.put(url, await fetchOk(url, { cache: "no-cache" }))),
    ]);
    // The first install takes over at once (no page depends on an older cache); an update waits.
    if (!sw.registration.active) await sw.skipWaiting();
  })());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key.startsWith("pyengine-") && key !== CACHE) await caches.delete(key);
    await sw.clients.claim();
  })());
});

sw.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== sw.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(req, { ignoreSearch: true });
    if (hit) return hit;
    const res = await fetch(req);
    if (res.ok && res.type === "basic") cache.put(req, res.clone());
    return res;
  })());
});
