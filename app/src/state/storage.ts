// Local device storage (spec §3): one typed entry per key, JSON in localStorage.
// localStorage can be missing (server render), throw on access (private mode, blocked cookies) or
// refuse writes (quota): every call is guarded, and values that cannot be kept there live in
// memory for the rest of the visit so the app behaves the same, only without persistence.
import type {
  CartItem,
  DeliveryTime,
  FoodBank,
  LatLng,
  KeptPantry,
  PickupTime,
  Profile,
  SavedAddress,
  TefapEligibility,
} from "../entities";

export interface Stored {
  token: string;
  favoritePantry: KeptPantry;
  pantry: KeptPantry;
  cart: CartItem[];
  pickupTime: PickupTime;
  location: LatLng;
  /** Codes entered while signed out, claimed for the account at sign-in. */
  referralCodes: string[];
  profile: Profile;
  deliveryTime: DeliveryTime;
  deliveryAddress: SavedAddress;
  foodBank: FoodBank;
  /** Ids of messages already read: read state is kept on the device only (spec §3 Message). */
  readMessages: Array<string | number>;
  tefapAnswered: boolean;
  /** When this device last answered or dismissed the TEFAP questionnaire (ms since the epoch). */
  tefapAnsweredAt: number;
  /** A TEFAP response submitted before sign-in, assigned to the account at the next sign-in. */
  tefapUniqueId: string;
  tefapEligibilities: TefapEligibility[];
}

export type StorageKey = keyof Stored;

/** localStorage item names; prefixed so other code on the same origin cannot collide with them. */
export const STORAGE_NAMES: Readonly<Record<StorageKey, string>> = {
  token: "oa.token",
  favoritePantry: "oa.favoritePantry",
  pantry: "oa.pantry",
  cart: "oa.cart",
  pickupTime: "oa.pickupTime",
  location: "oa.location",
  referralCodes: "oa.referralCodes",
  profile: "oa.profile",
  deliveryTime: "oa.deliveryTime",
  deliveryAddress: "oa.deliveryAddress",
  foodBank: "oa.foodBank",
  readMessages: "oa.readMessages",
  tefapAnswered: "oa.tefapAnswered",
  tefapAnsweredAt: "oa.tefapAnsweredAt",
  tefapUniqueId: "oa.tefapUniqueId",
  tefapEligibilities: "oa.tefapEligibilities",
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (v: unknown) => typeof v === "string" && v !== "";
const withId = (v: unknown) => isObject(v) && typeof v.id === "number";
const listOf = (item: (v: unknown) => boolean) => (v: unknown) => Array.isArray(v) && v.every(item);

// Shape checks, so an old build's or a hand-edited value is dropped instead of crashing a screen.
const valid: Record<StorageKey, (v: unknown) => boolean> = {
  token: isString,
  favoritePantry: withId,
  pantry: withId,
  cart: listOf((i) => withId(i) && typeof (i as { pantryItemID?: unknown }).pantryItemID === "number"),
  pickupTime: withId,
  location: (v) => isObject(v) && typeof v.lat === "number" && typeof v.lng === "number",
  referralCodes: listOf(isString),
  profile: withId,
  deliveryTime: withId,
  deliveryAddress: withId,
  foodBank: withId,
  readMessages: listOf((v) => isString(v) || typeof v === "number"),
  tefapAnswered: (v) => typeof v === "boolean",
  tefapAnsweredAt: (v) => typeof v === "number" && Number.isFinite(v),
  tefapUniqueId: isString,
  tefapEligibilities: listOf(isObject),
};

const memory = new Map<string, string>();

function local(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // SecurityError: storage blocked for this origin
  }
}

function getRaw(name: string): string | null {
  if (memory.has(name)) return memory.get(name)!;
  try {
    return local()?.getItem(name) ?? null;
  } catch {
    return null;
  }
}

function removeRaw(name: string): void {
  memory.delete(name);
  try {
    local()?.removeItem(name);
  } catch {
    // nothing stored that we could reach
  }
}

/** The stored value, or null when absent, unreadable or not of the expected shape. */
export function read<K extends StorageKey>(key: K): Stored[K] | null {
  const raw = getRaw(STORAGE_NAMES[key]);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return valid[key](value) ? (value as Stored[K]) : null;
  } catch {
    return null;
  }
}

/** Stores `value` (null removes it). Returns false when it is kept in memory only. */
export function write<K extends StorageKey>(key: K, value: Stored[K] | null): boolean {
  const name = STORAGE_NAMES[key];
  if (value === null) {
    removeRaw(name);
    return true;
  }
  const raw = JSON.stringify(value);
  const ls = local();
  try {
    if (!ls) throw new Error("no localStorage");
    ls.setItem(name, raw);
    memory.delete(name);
    return true;
  } catch {
    memory.set(name, raw);
    // A stale copy left in localStorage would come back on the next visit.
    try {
      ls?.removeItem(name);
    } catch {
      // unreachable storage holds nothing we can fix
    }
    return false;
  }
}

export function remove(key: StorageKey): void {
  removeRaw(STORAGE_NAMES[key]);
}

/** Logout-style clearing (spec §3): everything goes except the favourite pantry. */
export function clearAllButFavorite(): void {
  for (const key of Object.keys(STORAGE_NAMES) as StorageKey[]) {
    if (key !== "favoritePantry") remove(key);
  }
}
