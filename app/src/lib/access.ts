// Spec §5 pantry access, as the client pre-checks it (the order submission enforces it again):
// open, or authorised on the profile, or covered by a referral code the account holds (signed out:
// a code kept on the device, claimed for the account at sign-in).
import { sessionStore } from "../state/session";
import { read } from "../state/storage";
import { api } from "./api";

interface HeldCode {
  referralCodePantryLocationIds?: number[];
}

/** True when the shopper may order from the pantry; throws when the server cannot be asked. */
export async function canUsePantry(pantry: { id: number; isRestricted?: unknown }): Promise<boolean> {
  if (!pantry.isRestricted) return true;
  if (!sessionStore.get().token) return heldOnDevice(pantry.id);
  const [held, profile] = await Promise.all([
    api<HeldCode[]>("GET", "/account/referralcodes"),
    api<{ explicitlyAuthorizedLocationIDs?: number[] }>("GET", "/account/profile"),
  ]);
  if (profile.explicitlyAuthorizedLocationIDs?.includes(pantry.id)) return true;
  return held.some((c) => c.referralCodePantryLocationIds?.includes(pantry.id));
}

/** Signed out: whether a code entered on this device (referral landing, referral form) covers the pantry. */
async function heldOnDevice(pantryId: number): Promise<boolean> {
  for (const code of read("referralCodes") ?? []) {
    const info = await api<HeldCode>("GET", `/referralcodes/${encodeURIComponent(code)}`).catch(() => null);
    if (info?.referralCodePantryLocationIds?.includes(pantryId)) return true;
  }
  return false;
}
