// Spec §5 pantry access, as the client pre-checks it (the order submission enforces it again):
// open, or authorised on the profile, or covered by a referral code the account holds.
import { sessionStore } from "../state/session";
import { api } from "./api";

interface HeldCode {
  referralCodePantryLocationIds?: number[];
}

/** True when the shopper may order from the pantry; throws when the server cannot be asked. */
export async function canUsePantry(pantry: { id: number; isRestricted?: unknown }): Promise<boolean> {
  if (!pantry.isRestricted) return true;
  if (!sessionStore.get().token) return false;
  const [held, profile] = await Promise.all([
    api<HeldCode[]>("GET", "/account/referralcodes"),
    api<{ explicitlyAuthorizedLocationIDs?: number[] }>("GET", "/account/profile"),
  ]);
  if (profile.explicitlyAuthorizedLocationIDs?.includes(pantry.id)) return true;
  return held.some((c) => c.referralCodePantryLocationIds?.includes(pantry.id));
}
