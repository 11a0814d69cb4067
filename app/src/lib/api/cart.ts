// The cart check (host/api/cart.rs): what of a cart the site can take, and the order-size limit.
import type { components } from "./schema.gen";
import { request } from "./typed";

export const checkCart = (body: components["schemas"]["CartCheck"]) => request("post", "/cart/check", { body });
