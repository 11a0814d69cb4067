// OrderAhead service worker. build.mjs fills __SW_VERSION__ (a hash of everything precached, so
// every deploy changes these bytes and browsers install the new worker) and __PRECACHE__ (entry,
// route chunks, CSS, web manifest, icons) and writes the result to /sw.js.
// Plain JS, not TypeScript: the app's tsconfig types `self` as a Window.
/* global __SW_VERSION__, __PRECACHE__ */
const VERSION = __SW_VERSION__;
// Pictures (static/img/, served at /img/) are many and mostly never looked at: they are cached as
// they are seen, not downloaded up front (build.mjs leaves them out of the precache list).
const IMAGE_PREFIX = "/img/";
const PRECACHE = __PRECACHE__;
const STATIC = `oa-static-${VERSION}`;
// Documents and /_data name this version's chunks, so they are dropped with them.
const PAGES = `oa-pages-${VERSION}`;
const MAX_PAGES = 50;
// Versioned too: picture names are not hashed, and the version changes whenever a picture does.
const IMAGES = `oa-images-${VERSION}`;
const MAX_IMAGES = 200;
const precached = new Set(PRECACHE);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await (await caches.open(STATIC)).addAll(PRECACHE);
      // The home page is the offline fallback for documents never visited; best effort, since
      // the precache alone already makes a return visit work.
      try {
        const home = await fetch("/", { cache: "no-cache" });
        if (home.ok && !home.redirected) await (await caches.open(PAGES)).put("/", home);
      } catch {
        // offline while installing: documents get cached as they are visited
      }
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("oa-") && name !== STATIC && name !== PAGES && name !== IMAGES) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// Sent by the page's Reload button; waiting until then keeps one deploy's chunks per page.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  // no-store is the connectivity check (and anything else that must reach the network).
  if (req.method !== "GET" || req.cache === "no-store" || req.cache === "only-if-cached") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (req.mode === "navigate" || url.pathname === "/_data") event.respondWith(networkFirst(req));
  else if (url.pathname.startsWith("/assets/") || precached.has(url.pathname)) event.respondWith(cacheFirst(req));
  else if (url.pathname.startsWith(IMAGE_PREFIX)) event.respondWith(cachedImage(req));
});

/** Hashed assets never change; precached static files change only with a new version. */
async function cacheFirst(req) {
  const cache = await caches.open(STATIC);
  const hit = await cache.match(req, { ignoreVary: true });
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok && new URL(req.url).pathname.startsWith("/assets/")) await cache.put(req, res.clone());
  return res;
}

/** Pictures: from the cache once seen (so they show offline), else fetched and kept, at most MAX_IMAGES. */
async function cachedImage(req) {
  const cache = await caches.open(IMAGES);
  const hit = await cache.match(req, { ignoreVary: true });
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) {
    try {
      await cache.put(req, res.clone());
      await trim(cache, MAX_IMAGES);
    } catch {
      // storage full or refused: the picture still shows, it just will not offline
    }
  }
  return res;
}

/** Fresh when online; offline, the last copy of this page, else the home page. */
async function networkFirst(req) {
  const cache = await caches.open(PAGES);
  try {
    const res = await fetch(req);
    // `private` marks personal pages (orders, profile) that must not outlive a sign-out on disk.
    if (res.status === 200 && !/private/i.test(res.headers.get("cache-control") || "")) {
      await cache.put(req, res.clone());
      await trim(cache, MAX_PAGES);
    }
    return res;
  } catch (err) {
    const hit = await cache.match(req, { ignoreVary: true });
    if (hit) return hit;
    const home = req.mode === "navigate" && (await cache.match("/", { ignoreVary: true }));
    if (home) return home;
    throw err;
  }
}

/** Down to `max` entries, oldest first (put re-appends), keeping the home page as the fallback. */
async function trim(cache, max) {
  const keys = (await cache.keys()).filter((k) => new URL(k.url).pathname !== "/");
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}
