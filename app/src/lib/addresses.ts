// Saved delivery addresses (spec §3 food-insecure neighbour address): the one request body and
// the one check before saving, for the checkout's address step and the account page.
import type { components } from "./api/schema.gen";
import { createAddress, updateAddress } from "./api/addresses";
import { addressRules } from "./api/form-rules.gen";
import { fieldProblems, type FieldCode } from "./forms";
import { maskZip } from "./profile";

/** A saved address as the API answers it: every field the address form edits. */
export type AccountAddress = components["schemas"]["SavedAddress"];

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
  return id === null ? createAddress(body) : updateAddress(id, body);
}
