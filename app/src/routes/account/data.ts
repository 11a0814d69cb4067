// The account screen's calls (spec §7): profile and saved addresses, behind the bearer token.
import type { Profile, SavedAddress } from "../../entities";
import { api } from "../../lib/api";

export interface AccountProfile extends Profile {
  eMailAddress?: string;
  phoneNumber?: string;
  postalCode?: string | null;
  isEmailNotificationEnabled?: boolean;
  isTextMessageNotificationEnabled?: boolean;
  isPhoneCallNotificationEnabled?: boolean;
}

export interface AccountAddress extends SavedAddress {
  name?: string;
  isPrimary?: boolean;
  notes?: string | null;
  address: SavedAddress["address"] & { addressLine2?: string | null };
}

/** What the address form sends: the saved address shape without ids, country fixed USA (spec §3). */
export interface AddressFields {
  name: string;
  isPrimary: boolean;
  notes: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  province: string;
  postalCode: string;
}

export const loadProfile = () => api<AccountProfile>("GET", "/account/profile");
export const loadAddresses = () => api<AccountAddress[]>("GET", "/account/addresses");

export function saveAddress(id: number | null, f: AddressFields): Promise<AccountAddress> {
  const body = {
    name: f.name.trim(),
    isPrimary: f.isPrimary,
    notes: f.notes.trim() || null,
    address: {
      addressLine1: f.addressLine1.trim(),
      addressLine2: f.addressLine2.trim() || null,
      city: f.city.trim(),
      province: f.province,
      postalCode: f.postalCode,
      countryCode: "USA",
    },
  };
  return id === null
    ? api<AccountAddress>("POST", "/account/addresses", body)
    : api<AccountAddress>("PUT", `/account/addresses/${id}`, body);
}

export const deleteAddress = (id: number) => api<boolean>("DELETE", `/account/addresses/${id}`);

export const fullName = (p: AccountProfile) => [p.firstName, p.lastName].filter(Boolean).join(" ");
