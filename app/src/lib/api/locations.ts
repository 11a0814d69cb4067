// Pantries: one, a search, access, pickup times and items (host/api/locations.rs).
import type { operations } from "./schema.gen";
import { request } from "./typed";

export const loadPantry = (id: number) => request("get", "/locations/{id}", { path: { id } });

export const searchPantries = (query: NonNullable<operations["search"]["parameters"]["query"]>) => request("get", "/locations", { query });

/** Whether the shopper may order from the pantry, counting codes kept on the device. */
export const loadPantryAccess = (id: number, referralCodes: readonly string[]) =>
  request("get", "/locations/{id}/access", { path: { id }, query: referralCodes.length ? { referralCodes: referralCodes.join(",") } : {} });

export const loadPickupTimes = (id: number) => request("get", "/locations/{id}/pickuptimes", { path: { id } });

/** A pantry's items, with the signed-in shopper's own limits. */
export const loadPantryInventory = (id: number) => request("get", "/locations/{id}/inventory", { path: { id } });
