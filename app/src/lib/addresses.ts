// Saved delivery addresses (spec §3 food-insecure neighbour address): the one request body and
// the one check before saving, for the checkout's address step and the account page.
import type { SavedAddress } from "../entities";
import { api } from "./api";
import { addressRules } from "./api/form-rules.gen";
import { fieldProblems, type FieldCode } from "./forms";
import { maskZip } from "./profile";

/** A saved address with the fields the address form edits. */
export interface AccountAddress extends SavedAddress {
  name?: string;
  isPrimary?: boolean;
  notes?: string | null;
  address: SavedAddress["address"] & { addressLine2?: string | null };
}

/** What an address form edits: the saved address without ids; the country is always USA. */
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

/** The form's starting values: the address's own, or an empty one in the shopper's zip. */
export function addressFields(a: AccountAddress | null, defaultZip: string, isPrimary = false): AddressFields {
  return {
    name: a?.name ?? "",
    isPrimary: a ? a.isPrimary === true : isPrimary,
    notes: a?.notes ?? "",
    addressLine1: a?.address.addressLine1 ?? "",
    addressLine2: a?.address.addressLine2 ?? "",
    city: a?.address.city ?? "",
    province: a?.address.province ?? "",
    postalCode: maskZip(a?.address.postalCode ?? defaultZip),
  };
}

/** The address form's refused fields (spec §5), by the generated rules; empty when it may be saved. */
export const addressProblems = (f: AddressFields): Partial<Record<keyof typeof addressRules, FieldCode>> => fieldProblems(addressRules, f);

/** Creates the address (`id` null) or replaces it. */
export function saveAddress<T extends SavedAddress>(id: number | null, f: AddressFields): Promise<T> {
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
  return id === null ? api<T>("POST", "/account/addresses", body) : api<T>("PUT", `/account/addresses/${id}`, body);
}
