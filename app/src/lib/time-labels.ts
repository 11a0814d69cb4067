// Pickup times and delivery windows as words. Apart from the pickers (ui/TimePickers) so that a
// page that only names a time does not carry the pickers' dialogs in its first-load JS.
import type { DeliveryTime, PickupTime } from "../entities";
import { addMessages, t } from "../i18n/t";
import { dayParts, formatTime } from "./format";
import messages from "messages:times";

addMessages(messages);

export const pickupTimeLabel = (x: PickupTime) => t("times.range", { start: formatTime(x.pickupStartTime), end: formatTime(x.pickupEndTime) });

/** A delivery window as spec §2 lists it: day, date, month, start-end. */
export function deliveryWindowLabel(d: DeliveryTime): string {
  const parts = dayParts(d.deliveryDay);
  const start = formatTime(d.deliveryStartTime);
  const end = formatTime(d.deliveryEndTime);
  return parts ? t("times.window", { ...parts, start, end }) : t("times.range", { start, end });
}
