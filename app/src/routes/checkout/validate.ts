// Cart checks of spec §5 against freshly loaded inventory. The cart holds one entry per unit, so
// "quantity in cart" is the number of entries with the same inventory item id.
import type { CartItem, InventoryItem } from "../../entities";
import { api } from "../../lib/api";
import { removeFromCart } from "../../state/cart";
import type { Selection } from "../../state/selection";
import { limitText } from "../../lib/limits";

export interface Removal {
  pantryItemID: number;
  name: string;
  /** Units taken out of the cart. */
  quantity: number;
  reason: string;
}

export interface CheckResult {
  removed: Removal[];
}

/** The selection's current inventory: the pantry's, or the delivery window's. */
export async function loadInventory(sel: Selection): Promise<InventoryItem[]> {
  const path = sel.pantry ? `/locations/${sel.pantry.id}/inventory` : `/deliverytimes/${sel.deliveryTime!.id}/inventory`;
  const { items } = await api<{ items: InventoryItem[] }>("GET", path);
  return items;
}

/**
 * `withLimits` false is the checkout inventory rule (stock only); true adds the effective-limit
 * rule of cart validation.
 */
export function checkCart(cart: readonly CartItem[], inventory: readonly InventoryItem[], withLimits: boolean, texts: {
  noStock: string;
  exceeded: string;
}): CheckResult {
  const byId = new Map(inventory.map((i) => [i.id, i]));
  const counts = new Map<number, number>();
  for (const item of cart) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
  const removed: Removal[] = [];
  for (const [id, count] of counts) {
    const entry = cart.find((c) => c.id === id)!;
    const name = entry.pantryItem?.name ?? "";
    const stock = byId.get(id);
    let keep = count;
    let reason = "";
    if (!stock) {
      keep = 0;
      reason = texts.noStock;
    } else if (typeof stock.quantity === "number" && stock.quantity < count) {
      keep = Math.max(0, stock.quantity);
      reason = texts.exceeded;
    } else if (withLimits && stock.effectiveLimit && stock.effectiveLimit.limit < count) {
      keep = Math.max(0, stock.effectiveLimit.limit);
      reason = limitText(stock.effectiveLimit) || texts.exceeded;
    }
    if (keep < count) removed.push({ pantryItemID: entry.pantryItemID, name, quantity: count - keep, reason });
  }
  return { removed };
}

/** Order lines of the submission: one per inventory item with its unit count. */
export function orderLines(cart: readonly CartItem[]) {
  const lines = new Map<number, number>();
  for (const item of cart) lines.set(item.id, (lines.get(item.id) ?? 0) + 1);
  return [...lines].map(([id, quantity]) => ({ pantryInventoryItemID: id, isSubstituteOk: false, quantity }));
}

/** Takes the removed units out of the cart through the cart store (one entry per call). */
export function applyRemovals(removed: readonly Removal[]): void {
  for (const r of removed) for (let i = 0; i < r.quantity; i++) removeFromCart(r.pantryItemID);
}
