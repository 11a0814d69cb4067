// What the staff pages share: the state names (by the server's codes), the navigation of the
// staff side's sections and the notice for a caller who is signed out or not staff.
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

// The section pages by their paths, as the server lists those a caller may open
// (host/domain/staff.rs SECTIONS): the server decides which, the app only words them.
const SECTIONS: Record<string, MessageKey> = {
  "/staff/check-in": "staff.checkIn.title",
  "/staff/pick-list": "staff.pick.link",
  "/staff/items": "staff.items.link",
  "/staff/stock": "staff.stock.link",
  "/staff/schedule": "staff.schedule.link",
  "/staff/reports": "staff.reports.title",
  "/staff/tefap": "staff.tefap.link",
  "/staff/team": "staff.team.link",
  "/staff/audit": "staff.audit.link",
  "/staff/pantries-admin": "staff.pantriesAdmin.title",
  "/staff/codes": "staff.codes.title",
  "/staff/content": "staff.content.title",
  "/staff/delivery-schedule": "staff.delivery.link",
};

/** A section's address at the pantry being worked on, so its page opens on the same pantry (and day). */
function sectionAt(path: string, pantryId?: number, date?: string): string {
  if (pantryId == null) return path;
  switch (path) {
    case "/staff/pick-list":
      return `${path}?pantry=${pantryId}${date ? `&date=${date}` : ""}`;
    case "/staff/items":
    case "/staff/stock":
    case "/staff/schedule":
    case "/staff/tefap":
      return `${path}?pantry=${pantryId}`;
    case "/staff/reports":
      return `${path}?place=pantry:${pantryId}`;
    default:
      return path;
  }
}

/** Links to the staff side's sections the server says the caller may open. */
export function StaffSections({ sections, pantryId, date }: { sections: readonly string[]; pantryId?: number; date?: string }) {
  return (
    <>
      {sections
        .filter((path) => SECTIONS[path])
        .map((path) => (
          <Link key={path} to={sectionAt(path, pantryId, date)}>
            {t(SECTIONS[path])}
          </Link>
        ))}
    </>
  );
}

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
