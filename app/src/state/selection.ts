import type { DeliveryTime, FoodBank, KeptPantry, PickupTime, SavedAddress } from "../entities";
import { cartStore, clearCart } from "./cart";
import { read, write } from "./storage";
import { useEffect } from "react";
import { createStore, useStore } from "./store";

/**
 * The shopper's selection (spec §4): either a pantry pickup (pantry + pickup time) or a delivery
 * (delivery time + address), plus the food bank both belong to. Pickup and delivery exclude each
 * other, so choosing one clears the other.
 */
export interface Selection {
  pantry: KeptPantry | null;
  pickupTime: PickupTime | null;
  deliveryTime: DeliveryTime | null;
  deliveryAddress: SavedAddress | null;
  foodBank: FoodBank | null;
}

const EMPTY: Selection = { pantry: null, pickupTime: null, deliveryTime: null, deliveryAddress: null, foodBank: null };

// Client-only like the cart: the server renders no selection and the stored one is restored after
// hydration, so server HTML and the first client render agree.
export const selectionStore = createStore<Selection>(EMPTY);

let restored = false;

function update(next: Selection): void {
  selectionStore.set(next);
  write("pantry", next.pantry);
  write("pickupTime", next.pickupTime);
  write("deliveryTime", next.deliveryTime);
  write("deliveryAddress", next.deliveryAddress);
  write("foodBank", next.foodBank);
}

/** Startup: takes the stored selection. Idempotent, so screens may call it from an effect too. */
export function restoreSelection(): void {
  if (restored) return;
  restored = true;
  selectionStore.set({
    pantry: read("pantry"),
    pickupTime: read("pickupTime"),
    deliveryTime: read("deliveryTime"),
    deliveryAddress: read("deliveryAddress"),
    foodBank: read("foodBank"),
  });
}

/** Pickup at `pantry`: clears any delivery choice; the food bank follows the pantry. */
export function selectPickup(pantry: KeptPantry, time: PickupTime, foodBank?: FoodBank): void {
  const current = selectionStore.get();
  const keepBank = current.foodBank && current.foodBank.id === pantry.foodBankID ? current.foodBank : null;
  update({
    pantry,
    pickupTime: time,
    deliveryTime: null,
    deliveryAddress: null,
    foodBank: foodBank ?? keepBank ?? { id: pantry.foodBankID },
  });
}

/** Delivery in `time`: clears the pantry and pickup time; the address is chosen separately. */
export function selectDelivery(time: DeliveryTime, foodBank?: FoodBank): void {
  const current = selectionStore.get();
  update({
    ...current,
    pantry: null,
    pickupTime: null,
    deliveryTime: time,
    foodBank: foodBank ?? (current.foodBank?.id === time.foodBankID ? current.foodBank : { id: time.foodBankID }),
  });
}

export function selectDeliveryAddress(address: SavedAddress | null): void {
  update({ ...selectionStore.get(), deliveryAddress: address });
}

export function selectFoodBank(foodBank: FoodBank | null): void {
  update({ ...selectionStore.get(), foodBank });
}

export function clearSelection(): void {
  update(EMPTY);
}

/**
 * Spec §4: searching for sites starts over, so the cart (whose items and limits belong to the old
 * site) goes with the selection.
 */
export function newSearch(): void {
  clearCart();
  clearSelection();
}

/**
 * Change Pickup Site: the site and its time are cleared, the cart is not yet. It goes only when the
 * site does change, after the warning (spec §4 "Pick Up Here": another food bank's site warns
 * "Your cart will be cleared.", ui/PickupFlow), so it survives a new time at the same pantry, e.g.
 * after its time became full at checkout. The food bank stays while the cart holds its items: it
 * is what that warning compares the new site with.
 */
export function changeSite(): void {
  const { foodBank } = selectionStore.get();
  update({ ...EMPTY, foodBank: cartStore.get().items.length > 0 ? foodBank : null });
}

/** The current selection; restores the stored one after hydration (startup may not have yet). */
export function useSelection(): Selection {
  useEffect(restoreSelection, []);
  return useStore(selectionStore, (s) => s);
}
