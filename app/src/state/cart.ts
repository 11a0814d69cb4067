import type { CartItem } from "../entities";
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

/** Startup: takes the stored cart without a pulse (nothing changed from the shopper's point of view). */
export function restoreCart(): void {
  cartStore.set({ items: read("cart") ?? [], pulse: 0 });
}

export function addToCart(item: CartItem, quantity = 1): void {
  update([...cartStore.get().items, ...Array<CartItem>(quantity).fill(item)]);
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

export const useCartItems = () => useStore(cartStore, (s) => s.items);
export const useCartCount = () => useStore(cartStore, (s) => s.items.length);
export const useCartPulse = () => useStore(cartStore, (s) => s.pulse);
