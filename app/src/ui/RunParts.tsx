// What the delivery runs' two pages share (host/pages/staff_runs.rs): a window's name, a stop's
// address and where its order stands.
import { t, type MessageKey } from "../i18n/t";
import { formatDay, formatTimes } from "../lib/format";
import type { StaffRunPage } from "../lib/api/pages";
import { stateName } from "./StaffParts";

type Sheet = NonNullable<StaffRunPage["sheet"]>;
export type Stop = Sheet["run"]["stops"][number];
type RunWindow = Sheet["window"];

/** "Saturday, Dec 12 · 9:00 AM – 11:00 AM · Franklin County Home Delivery". */
export function windowName(w: RunWindow): string {
  return t("staff.runs.window", { day: formatDay(w.day), ...formatTimes(w.starts, w.ends), program: w.programName });
}

/** The stop's address on one line. */
export const addressLine = (stop: Stop): string =>
  `${stop.addressLine1}${stop.addressLine2 ? `, ${stop.addressLine2}` : ""}, ${stop.city}, ${stop.province} ${stop.postalCode}`;

/** "ZIP centre used" when the route placed the stop only by its ZIP (its place on the route is a guess). */
export function ZipCentre({ stop }: { stop: Stop }) {
  return stop.locatedBy === "zip" ? <em className="staff-flag"> {t("staff.runs.zipCentre")}</em> : null;
}

const OUTCOMES: Record<string, MessageKey> = {
  delivered: "staff.runs.outcome.delivered",
  nobodyHome: "staff.runs.outcome.nobodyHome",
  refused: "staff.runs.outcome.refused",
};

export const outcomeName = (code: string): string => (OUTCOMES[code] ? t(OUTCOMES[code]) : code);

/** Where the stop's order stands: the driver's report, closed as not delivered, or its state. */
export function StopState({ stop }: { stop: Stop }) {
  const text =
    stop.state === "NO_SHOW"
      ? t("staff.runs.notDelivered")
      : stop.state === "PICKED_UP"
        ? t("staff.runs.outcome.delivered")
        : stop.outcome
          ? outcomeName(stop.outcome)
          : stateName(stop.state);
  return (
    <span className="staff-state" data-state={stop.state}>
      ({text})
    </span>
  );
}
