// Saved delivery addresses (spec §3 food-insecure neighbour address): the one request body and
// the one completeness check, for the checkout's address step and the account page.
import type { SavedAddress } from "../entities";
import { api } from "./api";
import { ZIP_LENGTH } from "./constants";
import { maskZip } from "./profile";

/** Spec §5: address notes are at most this long. */
export const NOTES_MAX = 250;

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

/** Every required field is filled, the zip is complete and the notes fit. */
export const addressComplete = (f: AddressFields): boolean =>
  !!f.name.trim() && !!f.addressLine1.trim() && !!f.city.trim() && !!f.province && f.postalCode.length === ZIP_LENGTH && f.notes.length <= NOTES_MAX;

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
