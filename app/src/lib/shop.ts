// What the shop, product and cart screens share: the loader's data shape, the selection query
// that keeps a page on the same site, the cart as order lines, and where the cart stands against
// the per-order item limit (the server computes it: POST /cart/check).
import type { CartItem, InventoryItem, ShopItem } from "../entities";
import { useRef } from "react";
import type { components } from "./api/schema.gen";
import type { OrderLimit, ShopSite } from "./api/pages";
import { useData } from "./useData";
import { useLoggedIn } from "../state/session";
import { checkCart } from "./api/cart";
import { loadDeliveryInventory } from "./api/foodbanks";
import { loadPantryInventory } from "./api/locations";

export type { OrderLimit };

export type Category = components["schemas"]["Category"];

/**
 * What the shop and product pages' data share (host/pages/products.rs): the site as a visitor
 * sees it, or `error` when it failed to load.
 */
export type ShopData = ShopSite & { error?: boolean };

/** `pantry=3` or `delivery=9`: the shop URL's query for the site or window the data is for. */
export function shopQuery(data: ShopData): string {
  if (data.pantry) return `pantry=${data.pantry.id}`;
  if (data.deliveryTimeId != null) return `delivery=${data.deliveryTimeId}`;
  return "";
}

/** Where a cart is checked: at a pantry, or a delivery window. */
export type CartSite = { pantryLocationID: number } | { foodBankDeliveryTimeID: number };

/** The site of the shop data, or null. */
export function siteOf(data: ShopData): CartSite | null {
  if (data.pantry) return { pantryLocationID: data.pantry.id };
  if (data.deliveryTimeId != null) return { foodBankDeliveryTimeID: data.deliveryTimeId };
  return null;
}

/** Order lines of the cart: one per inventory item with its unit count (the cart holds one entry per unit). */
export function orderLines(cart: readonly CartItem[]) {
  const lines = new Map<number, number>();
  for (const item of cart) lines.set(item.id, (lines.get(item.id) ?? 0) + 1);
  return [...lines].map(([id, quantity]) => ({ pantryInventoryItemID: id, isSubstituteOk: false, quantity }));
}

export type LimitStatus = components["schemas"]["LimitStatus"];

export interface CartStanding {
  /** The site's per-order item limit; null: none applies. */
  limit: number | null;
  status: LimitStatus;
  /** The server has answered for the cart as it is now. */
  checked: boolean;
}

/** A run of taps on a stepper is one question to the server. */
const SETTLE_MS = 300;

const settled = (signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, SETTLE_MS);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new DOMException("aborted", "AbortError"));
    });
  });

/**
 * Where the cart stands against the site's order-size limit (spec §5: at stops adding, over
 * stops checkout), as the server computes it for this cart; asked again whenever the cart
 * changes. Until it answers, and when it cannot be asked (offline), the last answer stands,
 * unchecked.
 */
export function useCartStanding(site: CartSite | null, cart: readonly CartItem[]): CartStanding {
  const key = site ? JSON.stringify({ ...site, pantryOrderItems: orderLines(cart) }) : null;
  const check = useData(key, async (k, signal) => {
    await settled(signal);
    return checkCart({ ...JSON.parse(k), withLimits: false });
  });
  const answer = check.data;
  const fresh = answer ? { limit: answer.orderLimit.limit ?? null, status: answer.orderLimitStatus } : null;
  const last = useRef(fresh ?? { limit: null, status: "under" as LimitStatus });
  if (fresh) last.current = fresh;
  // No site: no limit to stand against.
  if (!site) return { limit: null, status: "under", checked: true };
  return { ...last.current, checked: fresh !== null && !check.loading };
}

/** The site's or window's items as the signed-in shopper sees them, or null without a site. */
function shopperItems(data: ShopData) {
  const pantry = data.pantry?.id;
  if (pantry != null) return { key: `/locations/${pantry}/inventory`, load: () => loadPantryInventory(pantry) };
  const window = data.deliveryTimeId;
  if (window != null) return { key: `/deliverytimes/${window}/inventory`, load: () => loadDeliveryInventory(window) };
  return null;
}

/**
 * The server rendered the items as a visitor sees them; a signed-in shopper refetches them with
 * the token for their own effective limits (past orders count). Failure keeps the visitor's view.
 */
export function useShopperItems<T extends ShopItem = InventoryItem>(data: ShopData & { items?: T[] }): Array<T | InventoryItem> | undefined {
  const loggedIn = useLoggedIn();
  const items = shopperItems(data);
  const own = useData(loggedIn && items ? items.key : null, () => items!.load());
  return own.data?.items ?? data.items;
}
