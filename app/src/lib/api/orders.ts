// Placing, showing and changing orders (host/api/orders.rs). The server decides what may change.
import type { components } from "./schema.gen";
import { apiRequest, type ApiRequest } from "./http";
import { request } from "./typed";

type Submission = components["schemas"]["OrderSubmission"];

const idempotency = (key: string) => ({ "Idempotency-Key": key });

/**
 * Place Order; resolves to the new order's id. The same key on every retry of one checkout, so a
 * resend after a lost answer places one order.
 */
export const placeOrder = (body: Submission, key: string) => request("post", "/order", { body, headers: idempotency(key) });

/** The same call as the request the offline queue keeps and sends once the phone is back online. */
export const placeOrderRequest = (body: Submission, key: string): ApiRequest => apiRequest("POST", "/order", body, idempotency(key));

export const loadOrders = () => request("get", "/orders", {});

export const loadOrder = (id: number) => request("get", "/orders/{id}", { path: { id } });

export const loadOrderLines = (id: number) => request("get", "/orders/{id}/items", { path: { id } });

export const cancelOrder = (id: number) => request("delete", "/orders/{id}", { path: { id } });

export const changePickupTime = (id: number, pickupTimeId: number) =>
  request("put", "/orders/{id}/pickuptime/{pickupTimeId}", { path: { id, pickupTimeId } });

export const changeDeliveryTime = (id: number, deliveryTimeId: number) =>
  request("put", "/orders/{id}/deliverytime/{deliveryTimeId}", { path: { id, deliveryTimeId } });

export const changeLocation = (id: number, locationId: number, pickupTimeId: number) =>
  request("put", "/orders/{id}/location", { path: { id }, body: { OrderId: id, LocationId: locationId, PickupTimeId: pickupTimeId } });
