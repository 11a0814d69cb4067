// The checkout's cart checks (spec §4, §5). The server decides what leaves the cart (POST
// /cart/check runs the rules orders are placed by); this only sends the cart and words the
// reasons. The cart holds one entry per unit, so a line's quantity is its number of entries.
import type { CartItem } from "../../entities";
import { checkCart } from "../../lib/api/cart";
import type { components } from "../../lib/api/schema.gen";
import { removeFromCart } from "../../state/cart";
import type { Selection } from "../../state/selection";
import { limitText } from "../../lib/limits";
import { orderLines } from "../../lib/shop";

export interface Removal {
  pantryItemID: number;
  name: string;
  /** Units taken out of the cart. */
  quantity: number;
  reason: string;
}

type CartRemoval = components["schemas"]["CartRemoval"];

/** The catalog's words for why the server took units out. */
export interface ReasonTexts {
  noStock: string;
  exceeded: string;
}

function reasonText(r: CartRemoval, texts: ReasonTexts): string {
  if (r.reason === "noStock") return texts.noStock;
  if (r.reason === "limit" && r.effectiveLimit) return limitText(r.effectiveLimit) || texts.exceeded;
  return texts.exceeded;
}

/**
 * Asks the server what of `cart` cannot be ordered at the selection's site: stock only, or
 * (`withLimits`) stock and the shopper's limits; the answer as the screens list it.
 */
export async function cartRemovals(sel: Selection, cart: readonly CartItem[], withLimits: boolean, texts: ReasonTexts): Promise<Removal[]> {
  const site = sel.pantry ? { pantryLocationID: sel.pantry.id } : { foodBankDeliveryTimeID: sel.deliveryTime!.id };
  const { removed } = await checkCart({ ...site, pantryOrderItems: orderLines(cart), withLimits });
  return removed.map((r) => {
    const entry = cart.find((c) => c.id === r.pantryInventoryItemID);
    return { pantryItemID: entry?.pantryItemID ?? 0, name: entry?.pantryItem?.name ?? "", quantity: r.quantity, reason: reasonText(r, texts) };
  });
}

/** Takes the removed units out of the cart through the cart store (one entry per call). */
export function applyRemovals(removed: readonly Removal[]): void {
  for (const r of removed) for (let i = 0; i < r.quantity; i++) removeFromCart(r.pantryItemID);
}
