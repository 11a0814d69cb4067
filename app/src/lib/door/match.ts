// The door's search on the device's copy (issue 50): an order by its number or its shopper's name,
// a household by name (each word starts a first or last name; accents and capitals ignored), the
// last four digits of its phone, or its ZIP.
import type { DoorHousehold, DoorOrder } from "../api/door";
import { orderNumber } from "../orders";

const MOST = 20;

/** Lower case, accents dropped: "José" finds "jose". */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
}

function words(text: string): string[] {
  return fold(text).split(/[^a-z0-9]+/).filter(Boolean);
}

function nameMatches(name: string, query: string[]): boolean {
  const parts = words(name);
  return query.length > 0 && query.every((q) => parts.some((p) => p.startsWith(q)));
}

export function findOrders(orders: DoorOrder[], text: string): DoorOrder[] {
  const number = text.trim().replace(/^#/, "").toUpperCase();
  const byNumber = orders.filter((o) => number !== "" && orderNumber(o.id) === number);
  if (byNumber.length) return byNumber;
  const q = words(text);
  return orders.filter((o) => nameMatches(o.name, q)).slice(0, MOST);
}

export function findHouseholds<H extends DoorHousehold>(households: H[], text: string): H[] {
  const digits = text.replace(/\D/g, "");
  if (digits.length > 0 && digits.length === text.replace(/[\s()+.-]/g, "").length) {
    if (digits.length === 5) return households.filter((h) => h.postalCode === digits).slice(0, MOST);
    if (digits.length >= 4) return households.filter((h) => h.phoneEnd != null && digits.endsWith(h.phoneEnd)).slice(0, MOST);
    return [];
  }
  const q = words(text);
  return households.filter((h) => nameMatches(`${h.firstName} ${h.lastName}`, q)).slice(0, MOST);
}
