// What the account screen shows of the profile and saved addresses (spec §7; the calls are
// lib/api/account.ts and lib/api/addresses.ts).
import type { Profile } from "../../entities";
import type { AccountAddress } from "../../lib/addresses";

/** The profile as GET /account/profile answers it; the account screen may hold a partial copy. */
export type AccountProfile = Profile;

export type { AccountAddress };

export const fullName = (p: AccountProfile) => [p.firstName, p.lastName].filter(Boolean).join(" ");
