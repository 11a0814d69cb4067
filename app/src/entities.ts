// Entity shapes of spec §3, reduced to the fields the front end reads so far. Objects come from
// the host's JSON, so every interface tolerates extra fields; screens add fields as they need them.

/** The API's wording of a limit as data (see limitText). */
export type LimitRule =
  | { kind: "stock"; quantity: number }
  | { kind: "every"; value: number; amount: number; unit: "day" | "week" | "month" | "order" }
  | { kind: "perOrder"; value: number }
  | { kind: "perAccount"; value: number };

export interface Limit {
  limit: number;
  message?: string;
  rule?: LimitRule;
}

export interface InventoryItem {
  id: number;
  pantryItemID: number;
  quantity?: number;
  weightPounds?: number;
  pantryItem?: { name: string; description?: string; [field: string]: unknown };
  effectiveLimit?: Limit | null;
  allEffectiveLimits?: Limit[];
  [field: string]: unknown;
}

/** One cart entry is one unit: a product added twice is two entries (spec §4 cart removal). */
export type CartItem = InventoryItem;

export interface PickupTime {
  id: number;
  pantryLocationID: number;
  pickupDay: string;
  pickupStartTime: string;
  pickupEndTime: string;
}

export interface DeliveryTime {
  id: number;
  deliveryDay: string;
  deliveryStartTime: string;
  deliveryEndTime: string;
  foodBankID: number;
  entityDeliveryProgramID: number;
}

export interface FoodBank {
  id: number;
  code?: string;
  name?: string;
  [field: string]: unknown;
}

export interface PantryLocation {
  id: number;
  label: string;
  foodBankID: number;
  [field: string]: unknown;
}

export interface SavedAddress {
  id: number;
  name?: string;
  address: { addressLine1: string; city: string; province: string; postalCode: string; [field: string]: unknown };
  [field: string]: unknown;
}

export interface Profile {
  id: number;
  firstName?: string;
  lastName?: string;
  /** The language kept on the account (e-mails follow it). */
  language?: string | null;
  [field: string]: unknown;
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** Kept after a TEFAP survey so a later sign-in can tell what the shopper qualified for. */
export interface TefapEligibility {
  province?: { abbreviation: string };
  foodBank?: { id: number };
  county?: { id: number };
  postalCode?: { code: string };
}
