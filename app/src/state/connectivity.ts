import { CHECKING_MS } from "../lib/constants";
import { setAppFlag } from "./app";

let watching = false;

/** Follows the browser's online/offline events into the app's `offline` flag. */
export function watchConnectivity(): void {
  if (watching) return;
  watching = true;
  setAppFlag("offline", !navigator.onLine);
  window.addEventListener("offline", () => setAppFlag("offline", true));
  window.addEventListener("online", () => setAppFlag("offline", false));
}

/**
 * Check Again (spec: a favicon fetch checks connectivity). `no-store` keeps both the HTTP cache
 * and the service worker (which lets such requests through) from answering for the network.
 */
export async function checkConnection(): Promise<boolean> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), CHECKING_MS);
  let online = false;
  try {
    const res = await fetch("/favicon.ico", { cache: "no-store", signal: ctrl.signal });
    online = res.ok;
  } catch {
    online = false;
  } finally {
    clearTimeout(timer);
  }
  setAppFlag("offline", !online);
  return online;
}
