// The door's copy of a pantry's day on this device (issue 50), in IndexedDB: the day as the
// server gave it, the actions recorded without a connection (sent in the order they were made),
// and those the server refused, kept for the volunteer to read. Only the door's fields are here;
// the whole database goes at sign-out, when another staff member's page opens, and 24 hours
// after the day (the day's `expiresAt`).
import { openDB, type IDBPDatabase } from "idb";
import type { DoorDay, DoorSend } from "../api/door";
import { DOOR_DB as NAME, forgetDoor } from "./forget";
const DAY = "day";
const OUTBOX = "outbox";
const REFUSED = "refused";
/** Tells the page's door parts (the layout's count, the check-in panel) to read again. */
export const CHANGED = "oa-door-changed";

/** The day as kept (its `userID` is who took it), and when this device last refreshed it (ms). */
export interface KeptDay {
  day: DoorDay;
  refreshedAt: number;
}

/** An action waiting to be sent, with what the volunteer saw (for the lists). */
export interface Queued {
  seq?: number;
  send: DoorSend;
  /** What it was, as listed: an order's number and name, a household's name. */
  label: string;
}

/** An action the server refused: what it was, and why (a catalog text, or the server's). */
export interface Refused {
  key: string;
  label: string;
  action: DoorSend["action"];
  code: string | null;
  message: string;
  /** An order's state on the server now. */
  state: string | null;
}

let db: Promise<IDBPDatabase> | null = null;

function open(): Promise<IDBPDatabase> {
  db ??= openDB(NAME, 1, {
    upgrade(d) {
      d.createObjectStore(DAY);
      d.createObjectStore(OUTBOX, { keyPath: "seq", autoIncrement: true });
      d.createObjectStore(REFUSED, { keyPath: "key" });
    },
    // A sign-out's delete (forget.ts) waits for open connections: this one steps aside at once.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      db = null;
    },
  });
  return db;
}

function changed(): void {
  window.dispatchEvent(new Event(CHANGED));
}

/** Whether this browser keeps anything for the door (without opening, and so making, the database). */
async function exists(): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  if (!("databases" in indexedDB)) return true;
  return (await indexedDB.databases()).some((d) => d.name === NAME);
}

export async function keepDay(day: DoorDay, now = Date.now()): Promise<void> {
  await (await open()).put(DAY, { day, refreshedAt: now } satisfies KeptDay, DAY);
  changed();
}

/**
 * The kept day of the staff member `userId`, unless it has expired or is another's (then the
 * device's copy goes, queue included: another person's actions are not sent as this one's).
 */
export async function keptDay(userId: number, now = Date.now()): Promise<KeptDay | null> {
  if (!(await exists())) return null;
  const kept = (await (await open()).get(DAY, DAY)) as KeptDay | undefined;
  if (kept && (Date.parse(kept.day.expiresAt) <= now || kept.day.userID !== userId)) {
    await clearDoor();
    return null;
  }
  return kept ?? null;
}

export async function enqueue(item: Queued): Promise<void> {
  await (await open()).add(OUTBOX, item);
  changed();
}

export async function queued(): Promise<Queued[]> {
  if (!(await exists())) return [];
  return (await (await open()).getAll(OUTBOX)) as Queued[];
}

export async function sent(seq: number): Promise<void> {
  await (await open()).delete(OUTBOX, seq);
  changed();
}

export async function refuse(seq: number, refused: Refused): Promise<void> {
  const tx = (await open()).transaction([OUTBOX, REFUSED], "readwrite");
  await Promise.all([tx.objectStore(OUTBOX).delete(seq), tx.objectStore(REFUSED).put(refused), tx.done]);
  changed();
}

export async function refusals(): Promise<Refused[]> {
  if (!(await exists())) return [];
  return (await (await open()).getAll(REFUSED)) as Refused[];
}

export async function dismiss(key: string): Promise<void> {
  await (await open()).delete(REFUSED, key);
  changed();
}

/** Removes the door's database from this device. */
export async function clearDoor(): Promise<void> {
  if (typeof indexedDB === "undefined") return;
  const d = db;
  db = null;
  if (d) (await d).close();
  await forgetDoor();
  changed();
}
