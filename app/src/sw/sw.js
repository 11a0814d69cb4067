// OrderAhead service worker, made of Workbox modules and bundled by build.mjs, which fills
// __PRECACHE__ (the client build's chunks and CSS but the map's, the web manifest, icons and
// favicon, with a revision for the files whose names are not hashed) and __SW_VERSION__ (a hash of
// the bundled worker itself, so any change to what it does or precaches changes these bytes and
// browsers install the new worker).
// Plain JS, not TypeScript: the app's tsconfig types `self` as a Window.
/* global __SW_VERSION__, __PRECACHE__ */
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { listenForOrders } from "./order-queue.js";
import { DOOR_PAGE, DOOR_SHELL } from "../lib/door/forget";

const VERSION = __SW_VERSION__;
// Documents and /_data name this version's chunks, so they are dropped with them.
const PAGES = `oa-pages-${VERSION}`;
const MAX_PAGES = 50;
// The home document alone: the offline answer for a document never visited, kept out of PAGES so
// that trimming never drops it.
const HOME = `oa-home-${VERSION}`;
// Versioned too: picture names are not hashed, and the worker's version is the deploy's.
const IMAGES = `oa-images-${VERSION}`;
const MAX_IMAGES = 200;
// Hashed files left out of the precache (the map's Leaflet): kept once fetched, they never change.
const ASSETS = `oa-assets-${VERSION}`;
const MAX_ASSETS = 20;
// The host adds `Vary: accept-encoding`; a cached copy answers whatever encoding was asked.
const matchOptions = { ignoreVary: true };

self.addEventListener("install", (event) => {
  // The precache is Workbox's own install step; the home page is best effort, since the precache
  // alone already makes a return visit work.
  event.waitUntil(
    (async () => {
      try {
        const home = await fetch("/", { cache: "no-cache" });
        if (home.ok && !home.redirected) await (await caches.open(HOME)).put("/", home);
      } catch {
        // offline while installing: documents get cached as they are visited
      }
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // The door's kept check-in page is the page's to keep and drop (lib/door/forget.ts).
      const current = new Set([PAGES, HOME, IMAGES, ASSETS, DOOR_SHELL]);
      for (const name of await caches.keys()) if (name.startsWith("oa-") && !current.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

// Sent by the page's Reload button; waiting until then keeps one deploy's chunks per page.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

const sameOrigin = (url) => url.origin === self.location.origin;

// Before Workbox's router (it listens from the first registerRoute on), so nothing below answers
// for these: `no-store` is the connectivity check (and anything else that must reach the network),
// and the API is never cached.
self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.cache === "no-store" || request.cache === "only-if-cached" || (sameOrigin(url) && url.pathname.startsWith("/api/"))) {
    event.stopImmediatePropagation();
  }
});

cleanupOutdatedCaches();
precacheAndRoute(__PRECACHE__, { cleanURLs: false, directoryIndex: null, ignoreURLParametersMatching: [/.*/] });

/** Responses a cache may keep: complete ones, and never a personal page (`private`) that must not outlive a sign-out on disk. */
const keepable = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && !/private/i.test(response.headers.get("cache-control") || "") ? response : null),
};

// Fresh when online; offline, the last copy of this page (or of the texts a chunk fetched with
// it), else the home page.
registerRoute(
  ({ request, url }) => sameOrigin(url) && (request.mode === "navigate" || url.pathname === "/_data" || url.pathname === "/_texts"),
  new NetworkFirst({
    cacheName: PAGES,
    matchOptions,
    plugins: [
      keepable,
      new ExpirationPlugin({ maxEntries: MAX_PAGES }),
      {
        // A fresh home page is the newest fallback too.
        cacheDidUpdate: async ({ request, newResponse }) => {
          if (new URL(request.url).pathname === "/") await (await caches.open(HOME)).put("/", newResponse.clone());
        },
        handlerDidError: async ({ request }) => {
          if (request.mode !== "navigate") return undefined;
          // The door's check-in page, kept by a staff member who prepared the day (issue 50).
          if (new URL(request.url).pathname === DOOR_PAGE) {
            const door = await caches.match(DOOR_PAGE, { cacheName: DOOR_SHELL, ignoreSearch: true, ...matchOptions });
            if (door) return door;
          }
          return caches.match("/", { cacheName: HOME, ...matchOptions });
        },
      },
    ],
  }),
);

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith("/assets/"),
  new CacheFirst({ cacheName: ASSETS, matchOptions, plugins: [new ExpirationPlugin({ maxEntries: MAX_ASSETS })] }),
);

// Pictures (static/img/, served at /img/) are many and mostly never looked at: cached as they are
// seen, not downloaded up front (build.mjs leaves them out of the precache), at most MAX_IMAGES.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith("/img/"),
  new CacheFirst({ cacheName: IMAGES, matchOptions, plugins: [new ExpirationPlugin({ maxEntries: MAX_IMAGES })] }),
);

listenForOrders();
