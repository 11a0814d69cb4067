// Pantry shapes and pickup-time rules (spec §4, §9) shared by the selector and the detail page.
import type { KeptPantry, PantryLocation, PickupTime } from "../entities";
import type { PantryCard } from "./api/pages";

/** A pantry with its pickup times: a card of the list and map (with its food bank from the page's list), or the pantry page's. */
export type Pantry = PantryLocation | (PantryCard & { foodBank: PantryLocation["foodBank"] });

/** Spec §9: days with more than this many times collapse into one entry. */
export const COLLAPSE_OVER = 3;
/** Spec §9: the list shows this many entries before View More. */
export const INITIAL_ENTRIES = 2;
/** Spec §9: pickup instructions are cut here, with Show More. */
export const INSTRUCTIONS_MAX = 120;

/** One line of a pantry's pickup list: a single time, or a whole day whose times collapsed. */
export interface PickupEntry {
  key: string;
  day: string;
  times: PickupTime[];
}

const times = (p: Pantry) => p.pantryLocationPickupTimes ?? [];

/** The times grouped by day in order; a day with more than 3 times is one entry, otherwise one per time. */
export function pickupEntries(list: readonly PickupTime[]): PickupEntry[] {
  const days = new Map<string, PickupTime[]>();
  for (const time of list) days.set(time.pickupDay, [...(days.get(time.pickupDay) ?? []), time]);
  const entries: PickupEntry[] = [];
  for (const [day, ts] of days) {
    if (ts.length > COLLAPSE_OVER) entries.push({ key: `d${day}`, day, times: ts });
    else for (const time of ts) entries.push({ key: `t${time.id}`, day, times: [time] });
  }
  return entries;
}

/** Days with valid times, in order, each with its times. */
export function timesByDay(list: readonly PickupTime[]): Array<{ day: string; times: PickupTime[] }> {
  return pickupEntries(list).reduce<Array<{ day: string; times: PickupTime[] }>>((acc, e) => {
    const last = acc[acc.length - 1];
    if (last && last.day === e.day) last.times.push(...e.times);
    else acc.push({ day: e.day, times: [...e.times] });
    return acc;
  }, []);
}

const soonest = (p: Pantry) => {
  const first = times(p)[0];
  // Pantries without times go last: there is nothing to pick there.
  return first ? `${first.pickupDay}T${first.pickupStartTime}` : "~";
};

export type SortOrder = "soonest" | "closest";

/** Soonest Available: earliest first pickup time; Closest to Me: distance. Ties keep the server's order. */
export function sortPantries<P extends Pantry>(list: readonly P[], order: SortOrder): P[] {
  const keyed = list.map((p, i) => ({ p, i }));
  keyed.sort((a, b) => {
    if (order === "closest") return (a.p.distance ?? Infinity) - (b.p.distance ?? Infinity) || a.i - b.i;
    const x = soonest(a.p);
    const y = soonest(b.p);
    return x < y ? -1 : x > y ? 1 : a.i - b.i;
  });
  return keyed.map((k) => k.p);
}

export function addressLine(p: Pick<KeptPantry, "address">): string {
  const a = p.address;
  return a ? `${a.addressLine1}, ${a.city}, ${a.province} ${a.postalCode}` : "";
}

/** The pantry as stored in the selection: without its (soon stale) time list. */
export function storedPantry(p: Pantry): KeptPantry {
  const { pantryLocationPickupTimes: _times, ...rest } = p;
  return rest;
}
