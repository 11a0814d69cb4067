// Spec §5 pantry access as the server decides it (GET /locations/{id}/access, the rule Place
// Order enforces): the pickup flow asks before it offers times, so a restricted pantry asks for
// a referral code first. Codes entered on this device and not yet claimed for an account go along.
import { read } from "../state/storage";
import { loadPantryAccess } from "./api/locations";

/** True when the shopper may order from the pantry; throws when the server cannot be asked. */
export async function canUsePantry(pantry: { id: number; isRestricted?: unknown }): Promise<boolean> {
  // Open pantries need no question (the server answers the same).
  if (!pantry.isRestricted) return true;
  const { canOrder } = await loadPantryAccess(pantry.id, read("referralCodes") ?? []);
  return canOrder;
}
