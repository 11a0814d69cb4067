import { setAppFlag } from "../state/app";

let waiting: ServiceWorker | null = null;
let reloadOnControllerChange = false;

/**
 * Registers /sw.js (emitted by build.mjs) and raises `updateReady` when a new version has installed
 * while an older one controls the page. The new worker waits: it takes over when the shopper
 * chooses Reload, so a page never runs with chunks from two deploys.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const sw = navigator.serviceWorker;
  // The first install also changes the controller (clients.claim); only a chosen reload reloads.
  sw.addEventListener("controllerchange", () => {
    if (reloadOnControllerChange) window.location.reload();
  });
  const offer = (worker: ServiceWorker | null) => {
    if (!worker || !sw.controller) return;
    waiting = worker;
    setAppFlag("updateReady", true);
  };
  sw.register("/sw.js", { updateViaCache: "none" }).then(
    (reg) => {
      // Some hosts (a browser with workers blocked by policy) resolve without a registration.
      if (!reg) return;
      offer(reg.waiting);
      reg.addEventListener("updatefound", () => {
        const worker = reg.installing;
        worker?.addEventListener("statechange", () => {
          if (worker.state === "installed") offer(worker);
        });
      });
    },
    (err) => {
      // The app works without it, just not offline.
      console.warn("service worker registration failed", err);
    },
  );
}

/** Reload: activate the waiting worker, then reload once it controls the page. */
export function applyUpdate(): void {
  if (waiting?.state === "installed") {
    reloadOnControllerChange = true;
    waiting.postMessage({ type: "SKIP_WAITING" });
  } else {
    // Another tab already activated it (or it failed): a plain reload picks up whatever is current.
    window.location.reload();
  }
}

/** After hydration and the page's own loading, so the precache downloads do not compete with it. */
export function registerWhenLoaded(): void {
  if (document.readyState === "complete") registerServiceWorker();
  else window.addEventListener("load", registerServiceWorker, { once: true });
}
