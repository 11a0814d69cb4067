// Entity shapes of spec §3, as the API sends them: aliases of the types generated from the
// host's OpenAPI document (lib/api/schema.gen.ts, from lib/api/openapi.json), so a change on the
// Rust side shows up here as a type error rather than at run time.
import type { components } from "./lib/api/schema.gen";

type Schemas = components["schemas"];

/**
 * An entity as the app keeps it: its id, and whichever of the API's fields it has. The app also
 * holds entities it built from a partial answer or from device storage (the selected food bank,
 * the last pantry), so only the id is sure; every field present has the API's type.
 */
type Kept<T extends { id: number }> = Pick<T, "id"> & Partial<T>;

/** The API's wording of a limit as data (see limitText). */
export type LimitRule = Schemas["LimitRule"];

/** An item's effective limit: the number, its message, and the rule it words. */
export type Limit = Schemas["EffectiveLimit"];

export type InventoryItem = Schemas["InventoryItem"];

/**
 * An item as the shop page lists it (host/pages/products.rs `ShopItem`): the fields its tiles and
 * the cart read. A full `InventoryItem` from the API is one too.
 */
export type ShopItem = Schemas["ShopItem"];

/**
 * One cart entry is one unit: a product added twice is two entries (spec §4 cart removal). It keeps
 * what the cart shows and checks out with (state/cart.ts `cartEntry`), taken from a shop item.
 */
export type CartItem = Pick<ShopItem, "id" | "pantryItemID" | "pantryItem" | "weightPounds" | "attachmentCollection" | "effectiveLimit">;

/**
 * A pickup time as the app reads it: a pantry list card's (`CardPickupTime`, without its pantry,
 * its capacity, or `remaining` when unlimited) or the API's whole one. A time kept on the device
 * by an older version has the other fields too, which nothing reads.
 */
export type PickupTime = Schemas["CardPickupTime"];

export type DeliveryTime = Schemas["DeliveryTime"];

export type FoodBank = Kept<Schemas["FoodBank"]>;

export type PantryLocation = Schemas["PantryLocation"];

/** A pantry without its schedule or photos, as favourites and referral codes carry it. */
export type PantryRef = Schemas["PantryRef"];

/**
 * A pantry as the device keeps it (the selected one, the favourite): the fields every pantry shape
 * has, whether it came from a list, its page, a favourite or a referral code. The list's cards
 * leave out the address's id (nothing shows or sends it), so a pantry chosen there has none.
 */
export type KeptPantry = Omit<PantryRef, "addressID"> & Partial<Pick<PantryRef, "addressID">>;

/** A saved delivery address: id and address always, the rest where the copy has it. */
export type SavedAddress = Pick<Schemas["SavedAddress"], "id" | "address"> & Partial<Schemas["SavedAddress"]>;

export type Profile = Kept<Schemas["Profile"]>;

/** A point on the map (the app's own; the API takes lat/lng as query values). */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Kept after a TEFAP survey so a later sign-in can tell what the shopper qualified for. */
export type TefapEligibility = Partial<Schemas["StoredTefapEligibility"]>;
