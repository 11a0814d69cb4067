// The door's device copy (lib/door/store.ts) by name, and its removal at sign-out: kept apart so
// that sign-out, on every page, deletes it without loading the door's code.

export const DOOR_DB = "oa-door";

/** Deletes the door's database; resolves once it is gone (or cannot be). */
export function forgetDoor(): Promise<void> {
  if (typeof indexedDB === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(DOOR_DB);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}
