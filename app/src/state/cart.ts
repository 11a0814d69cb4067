import { useSyncExternalStore } from "react";

// The cart is client-only state. The server snapshot is always empty, so hydration matches the
// server HTML and the real count appears right after. Items and persistence arrive with the cart issue.
let count = 0;
const listeners = new Set<() => void>();

export const cartStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getCount: (): number => count,
  setCount(next: number): void {
    count = next;
    listeners.forEach((l) => l());
  },
};

const serverCount = () => 0;

export function useCartCount(): number {
  return useSyncExternalStore(cartStore.subscribe, cartStore.getCount, serverCount);
}
