// The door's device copy by name (lib/door/store.ts: the day's data; the check-in page's own
// document, which the service worker answers a reload with when there is no connection), and its
// removal at sign-out: kept apart so that sign-out, on every page, deletes it without loading the
// door's code.

export const DOOR_DB = "oa-door";
/** The Cache Storage name of the check-in page kept for offline reloads (sw.js reads it). */
export const DOOR_SHELL = "oa-door-shell";
export const DOOR_PAGE = "/staff/check-in";

/** Deletes the door's database and its kept page; resolves once they are gone (or cannot be). */
export async function forgetDoor(): Promise<void> {
  if (typeof caches !== "undefined") await caches.delete(DOOR_SHELL).catch(() => false);
  if (typeof indexedDB === "undefined") return;
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(DOOR_DB);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}

/**
 * Keeps the check-in page as the server renders it for this staff member now, so that a reload
 * with no connection still opens it (the service worker answers with it). Best effort: the day's
 * data is what matters, and it is in the database.
 */
export async function keepDoorPage(): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    // no-store: past the worker, to the server.
    const res = await fetch(DOOR_PAGE, { credentials: "same-origin", cache: "no-store" });
    if (res.ok && !res.redirected) await (await caches.open(DOOR_SHELL)).put(DOOR_PAGE, res);
  } catch {
    // offline meanwhile: the last kept page stays
  }
}
