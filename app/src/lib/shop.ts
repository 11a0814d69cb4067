// What the shop, product and cart screens share: the loader's data shape, the selection query
// that keeps a page on the same site, and the per-order item limit.
import type { InventoryItem } from "../entities";
import type { components } from "./api/schema.gen";
import type { OrderLimit, ShopSite } from "./api/pages";
import { useApi } from "./useData";
import { useLoggedIn } from "../state/session";

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

/** Spec §5: at when the cart holds exactly the limit, over when more. */
export function limitStatus(limit: OrderLimit | undefined, count: number): "under" | "at" | "over" {
  if (limit?.limit == null) return "under";
  return count > limit.limit ? "over" : count === limit.limit ? "at" : "under";
}

interface ApiLimit {
  value: number;
  limitType?: { code: string };
}

/** Spec §5 order-size limit from the site's limits: the smallest ITEM-type value (the cart page has no loader data). */
export function orderLimitFrom(limits: readonly ApiLimit[]): number | null {
  const items = limits.filter((l) => l.limitType?.code === "ITEM").map((l) => Math.max(0, l.value));
  return items.length ? Math.min(...items) : null;
}

/** The inventory API path of the site or window, or null. */
export function inventoryPath(data: ShopData): string | null {
  if (data.pantry) return `/locations/${data.pantry.id}/inventory`;
  if (data.deliveryTimeId != null) return `/deliverytimes/${data.deliveryTimeId}/inventory`;
  return null;
}

/**
 * The server rendered the items as a visitor sees them; a signed-in shopper refetches them with
 * the token for their own effective limits (past orders count). Failure keeps the visitor's view.
 */
export function useShopperItems(data: ShopData & { items?: InventoryItem[] }): InventoryItem[] | undefined {
  const loggedIn = useLoggedIn();
  const path = inventoryPath(data);
  const own = useApi<{ items: InventoryItem[] }>(loggedIn ? path : null);
  return own.data?.items ?? data.items;
}
