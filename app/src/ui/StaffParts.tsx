// What the staff pages share: the state names (by the server's codes) and the notice for a page
// whose data did not come (the navigation and the "not allowed" page are StaffLayout's).
import { t, type MessageKey } from "../i18n/t";

const STATES: Record<string, MessageKey> = {
  SUBMITTED: "staff.state.SUBMITTED",
  PACKING: "staff.state.PACKING",
  READY: "staff.state.READY",
  OUT_FOR_DELIVERY: "staff.state.OUT_FOR_DELIVERY",
  PICKED_UP: "staff.state.PICKED_UP",
  CANCELLED: "staff.state.CANCELLED",
  NO_SHOW: "staff.state.NO_SHOW",
};

export const stateName = (code: string): string => (STATES[code] ? t(STATES[code]) : code);

const ACTIONS: Record<string, MessageKey> = {
  startPacking: "staff.action.startPacking",
  markReady: "staff.action.markReady",
  checkIn: "staff.action.checkIn",
  markNoShow: "staff.action.markNoShow",
  cancel: "staff.action.cancel",
};

export const actionName = (code: string): string => (ACTIONS[code] ? t(ACTIONS[code]) : code);

const BASES: Record<string, MessageKey> = {
  income: "staff.tefap.basis.income",
  programs: "staff.tefap.basis.programs",
  emergency: "staff.tefap.basis.emergency",
  homeless: "staff.tefap.basis.homeless",
};

/** The bases of TEFAP eligibility, by the server's codes (host/domain/households.rs). */
export const TEFAP_BASES = Object.keys(BASES);

export const basisName = (code: string): string => (BASES[code] ? t(BASES[code]) : code);

/** A staff page whose data did not come (the server could not read it): try again. */
export function StaffUnavailable() {
  return (
    <p role="alert" className="card staff">
      {t("staff.unavailable")}
    </p>
  );
}
