// A shopper's orders as the API returns them (spec §3 Order) and the calls that change them. The
// server decides what may change (`canChangeOrCancel`) and what is upcoming; screens only show it.
import type { DeliveryTime, PickupTime } from "../entities";
import { api } from "./api";
import { round } from "./format";

export interface OrderAddress {
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  province: string;
  postalCode: string;
}

export interface Order {
  id: number;
  created: string;
  foodBankID: number;
  pantryLocationID?: number;
  pantryLocation?: { id: number; label: string; foodBankID: number; address: OrderAddress & { latitude?: number; longitude?: number }; isRestricted?: boolean; pickupInstructions?: string | null };
  pantryLocationPickupTime?: PickupTime;
  foodBankDeliveryTime?: DeliveryTime;
  foodInsecureNeighborAddress?: { name: string; address: OrderAddress };
  pantryOrderStatusType: { name: string; isSuccessfullyCompletedType: boolean; isCancelledType: boolean; isInProgressType: boolean };
  canChangeOrCancel: boolean;
  isUpcoming: boolean;
}

export interface OrderLine {
  id: number;
  quantity: number;
  pantryInventoryItem: { id: number; weightPounds: number; pantryItem: { name: string; description?: string | null } };
}

/** Order number as shoppers see it on every order screen (spec §2: hex). */
export const orderNumber = (id: number) => id.toString(16).toUpperCase();

/** Badge colour (spec §4): completed green, cancelled red, in progress primary. */
export function statusTone(order: Order): "success" | "danger" | "primary" | "neutral" {
  const s = order.pantryOrderStatusType;
  if (s.isCancelledType) return "danger";
  if (s.isSuccessfullyCompletedType) return "success";
  if (s.isInProgressType) return "primary";
  return "neutral";
}

/** The ids the routes accept: digits only, so nothing else reaches an API path. */
export const validOrderId = (id: string | null | undefined): string | null => (id && /^\d{1,18}$/.test(id) ? id : null);

/** Upcoming orders first (the server marks them), each group keeping the API's newest-first order. */
export const upcomingFirst = (orders: readonly Order[]): Order[] => [...orders.filter((o) => o.isUpcoming), ...orders.filter((o) => !o.isUpcoming)];

/** Total weight of the lines in pounds, rounded to whole pounds (spec §2, §9). */
export const totalPounds = (lines: readonly OrderLine[]): number =>
  round(lines.reduce((sum, l) => sum + l.quantity * (l.pantryInventoryItem.weightPounds || 0), 0), 0);

export const loadOrder = (id: number | string) => api<Order>("GET", `/orders/${id}`);
export const loadOrderLines = (id: number) => api<OrderLine[]>("GET", `/orders/${id}/items`);
export const cancelOrder = (id: number) => api<Order>("DELETE", `/orders/${id}`);
export const changePickupTime = (id: number, timeId: number) => api<Order>("PUT", `/orders/${id}/pickuptime/${timeId}`);
export const changeDeliveryTime = (id: number, timeId: number) => api<Order>("PUT", `/orders/${id}/deliverytime/${timeId}`);
export const changeLocation = (id: number, locationId: number, pickupTimeId: number) =>
  api<Order>("PUT", `/orders/${id}/location`, { OrderId: id, LocationId: locationId, PickupTimeId: pickupTimeId });
