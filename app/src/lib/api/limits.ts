// The order-limit checks Place Order enforces (host/api/limits.rs): resolves when the shopper may
// order, refused (422, with the next available date in its value) when a limit is reached.
import { request } from "./typed";

export const checkPantryLimits = (pantryId: number) => request("get", "/limits/locations/{id}/check", { path: { id: pantryId } });

export const checkDeliveryLimits = (deliveryTimeId: number) => request("get", "/limits/deliverytimes/{id}/check", { path: { id: deliveryTimeId } });
