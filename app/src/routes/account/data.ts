// The account screen's calls (spec §7): profile and saved addresses, behind the bearer token.
import type { Profile } from "../../entities";
import type { AccountAddress } from "../../lib/addresses";
import { api } from "../../lib/api";

/** The profile as GET /account/profile answers it; the account screen may hold a partial copy. */
export type AccountProfile = Profile;

export type { AccountAddress };

export const loadProfile = () => api<AccountProfile>("GET", "/account/profile");
export const loadAddresses = () => api<AccountAddress[]>("GET", "/account/addresses");

export const deleteAddress = (id: number) => api<boolean>("DELETE", `/account/addresses/${id}`);

export const fullName = (p: AccountProfile) => [p.firstName, p.lastName].filter(Boolean).join(" ");
