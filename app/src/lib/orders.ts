// A shopper's orders as the API returns them (spec §3 Order; the calls are lib/api/orders.ts). The
// server decides what may change (`canChangeOrCancel`) and what is upcoming; screens only show it.
import type { components } from "./api/schema.gen";
import { round } from "./format";

type Schemas = components["schemas"];

/** An order as GET /orders/{id} answers it. */
export type Order = Schemas["Order"];

/** The parts of an order's pickup or delivery address its screens write out. */
export type OrderAddress = Pick<Schemas["Address"], "addressLine1" | "addressLine2" | "city" | "province" | "postalCode">;

/** One line of an order (GET /orders/{id}/items). */
export type OrderLine = Schemas["OrderItem"];

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
