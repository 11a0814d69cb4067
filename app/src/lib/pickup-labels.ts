// Pickup times as the pantry list and the pantry page show them (texts of the "pantries" namespace,
// which those pages load; kept apart from lib/pantries so that pages without them can use the rules).
import type { PickupTime } from "../entities";
import { t } from "../i18n/t";
import { formatDay, formatTime } from "./format";
import type { PickupEntry } from "./pantries";

/** A collapsed day's entry: the day with the span from its first start to its last end. */
export function entryLabel(e: PickupEntry): string {
  const first = e.times[0];
  const last = e.times[e.times.length - 1];
  return t("pantries.dayRange", { day: formatDay(e.day), start: formatTime(first.pickupStartTime), end: formatTime(last.pickupEndTime) });
}

export function timeLabel(time: PickupTime): string {
  return t("pantries.timeRange", { start: formatTime(time.pickupStartTime), end: formatTime(time.pickupEndTime) });
}
