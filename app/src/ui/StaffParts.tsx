// What the staff pages share: the state names (by the server's codes) and the notice for a
// caller who is signed out or not staff (the navigation is StaffLayout's).
import { Link } from "./Link";
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

export function StaffDenied({ denied }: { denied: string | null }) {
  return (
    <section className="card staff">
      <h1>{t("staff.queue.heading")}</h1>
      {denied === "signIn" ? (
        <p>
          {t("staff.signIn")} <Link to="/account/login?returnTo=%2Fstaff">{t("staff.logIn")}</Link>
        </p>
      ) : (
        <p role="alert">{t("staff.only")}</p>
      )}
    </section>
  );
}
