import type { CartItem, ShopItem } from "../entities";
import { CART_PULSE_MS } from "../lib/constants";
import { read, write } from "./storage";
import { createStore, useStore } from "./store";

interface CartState {
  items: readonly CartItem[];
  /** Non-zero while the counter pulses; a new number restarts the animation. */
  pulse: number;
}

// The cart is client-only: the server renders an empty cart, and the stored one is restored
// after hydration (startClient), so server HTML and the first client render agree.
export const cartStore = createStore<CartState>({ items: [], pulse: 0 });

let pulses = 0;
let pulseTimer: ReturnType<typeof setTimeout> | undefined;

function update(items: readonly CartItem[]): void {
  const before = cartStore.get();
  let pulse = before.pulse;
  if (items.length !== before.items.length && items.length > 0) {
    pulse = ++pulses;
    clearTimeout(pulseTimer);
    pulseTimer = setTimeout(() => cartStore.set({ ...cartStore.get(), pulse: 0 }), CART_PULSE_MS);
  }
  cartStore.set({ items, pulse });
  // Spec §4: the cart mirrors to local storage on every change.
  write("cart", items.length ? [...items] : null);
}

// One entry per source item: the same item gives the same entry, so a refresh that changed
// nothing changes nothing.
const entries = new WeakMap<object, CartItem>();

/**
 * What the cart keeps of a shop item (or of an entry an older version stored: a whole
 * InventoryItem): what the cart shows (name, amount, first photo, weight, limit) and checks out
 * with (the ids).
 */
export function cartEntry(item: CartItem | ShopItem): CartItem {
  let entry = entries.get(item);
  if (!entry) {
    const { id, pantryItemID, pantryItem: p, weightPounds, attachmentCollection: photos = [], effectiveLimit } = item;
    const first = photos.reduce<(typeof photos)[number] | undefined>((a, b) => (a && a.sequenceNumber <= b.sequenceNumber ? a : b), undefined);
    entry = {
      id,
      pantryItemID,
      pantryItem: { name: p?.name ?? "", amount: p?.amount, eachQuantity: p?.eachQuantity, unitOfMeasure: p?.unitOfMeasure, donationPackageType: p?.donationPackageType },
      weightPounds,
      attachmentCollection: first ? [{ sequenceNumber: first.sequenceNumber, attachment: first.attachment }] : [],
      effectiveLimit,
    };
    entries.set(item, entry).set(entry, entry);
  }
  return entry;
}

/**
 * Startup: takes the stored cart without a pulse (nothing changed from the shopper's point of
 * view). A cart stored by an older version held whole items: it is cut to the entries' shape, and
 * stored so.
 */
export function restoreCart(): void {
  const items = (read("cart") ?? []).map(cartEntry);
  cartStore.set({ items, pulse: 0 });
  write("cart", items.length ? items : null);
}

export function addToCart(item: CartItem | ShopItem, quantity = 1): void {
  update([...cartStore.get().items, ...Array<CartItem>(quantity).fill(cartEntry(item))]);
}

/** Removes one entry of the product, or every entry of it with `all` (spec §4 cart removal). */
export function removeFromCart(pantryItemID: number, all = false): void {
  const items = cartStore.get().items;
  if (all) return update(items.filter((i) => i.pantryItemID !== pantryItemID));
  const at = items.map((i) => i.pantryItemID).lastIndexOf(pantryItemID);
  if (at >= 0) update([...items.slice(0, at), ...items.slice(at + 1)]);
}

export function clearCart(): void {
  update([]);
}

/** One product in the cart with how many units of it are there. */
export interface CartLine {
  item: CartItem;
  count: number;
}

/** Cart entries grouped by product, in the order they were first added. */
export function cartLines(items: readonly CartItem[]): CartLine[] {
  const lines = new Map<number, CartLine>();
  for (const item of items) {
    const line = lines.get(item.pantryItemID);
    if (line) line.count++;
    else lines.set(item.pantryItemID, { item, count: 1 });
  }
  return [...lines.values()];
}

/**
 * Takes fresher product info (e.g. the signed-in shopper's own effectiveLimit) for the entries of
 * products in `inventory`; entries of other products stay as they are.
 */
export function refreshCartItems(inventory: readonly ShopItem[]): void {
  const byProduct = new Map(inventory.map((i) => [i.pantryItemID, cartEntry(i)]));
  const items = cartStore.get().items;
  if (!items.some((i) => byProduct.has(i.pantryItemID) && byProduct.get(i.pantryItemID) !== i)) return;
  cartStore.set({ ...cartStore.get(), items: items.map((i) => byProduct.get(i.pantryItemID) ?? i) });
  write("cart", [...cartStore.get().items]);
}

/** How many more units of the product the shopper may add: the effective limit, or unlimited without one. */
export function allowance(item: CartItem): number {
  const limit = item.effectiveLimit?.limit;
  return typeof limit === "number" ? limit : Infinity;
}

export const useCartItems = () => useStore(cartStore, (s) => s.items);
export const useCartCountOf = (pantryItemID: number) =>
  useStore(cartStore, (s) => s.items.reduce((n, i) => (i.pantryItemID === pantryItemID ? n + 1 : n), 0));
export const useCartCount = () => useStore(cartStore, (s) => s.items.length);
export const useCartPulse = () => useStore(cartStore, (s) => s.pulse);
