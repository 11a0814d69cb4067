// The shopper's saved delivery addresses (host/api/account/addresses.rs).
import type { components } from "./schema.gen";
import { request } from "./typed";

type Body = components["schemas"]["SavedAddressBody"];

export const loadAddresses = () => request("get", "/account/addresses", {});

export const createAddress = (body: Body) => request("post", "/account/addresses", { body });

export const updateAddress = (addressId: number, body: Body) => request("put", "/account/addresses/{addressId}", { path: { addressId }, body });

export const deleteAddress = (addressId: number) => request("delete", "/account/addresses/{addressId}", { path: { addressId } });
