import { Link } from "react-router";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffAuditPage } from "../../lib/api/pages";
import { StaffDenied } from "../../ui/StaffParts";
import messages from "messages:staff,account";

addMessages(messages);

const ACTIONS: Record<string, MessageKey> = {
  "item.create": "staff.audit.action.item.create",
  "item.update": "staff.audit.action.item.update",
  "item.hide": "staff.audit.action.item.hide",
  "item.show": "staff.audit.action.item.show",
  "item.photo": "staff.audit.action.item.photo",
  "schedule.create": "staff.audit.action.schedule.create",
  "schedule.update": "staff.audit.action.schedule.update",
  "schedule.delete": "staff.audit.action.schedule.delete",
  "schedule.extraDay": "staff.audit.action.schedule.extraDay",
  "closedDay.create": "staff.audit.action.closedDay.create",
  "closedDay.delete": "staff.audit.action.closedDay.delete",
  "deliverySchedule.create": "staff.audit.action.deliverySchedule.create",
  "deliverySchedule.update": "staff.audit.action.deliverySchedule.update",
  "deliverySchedule.delete": "staff.audit.action.deliverySchedule.delete",
  "deliverySchedule.extraDay": "staff.audit.action.deliverySchedule.extraDay",
  "deliverySchedule.horizon": "staff.audit.action.deliverySchedule.horizon",
  "stock.move": "staff.audit.action.stock.move",
  "stock.import": "staff.audit.action.stock.import",
  "limit.set": "staff.audit.action.limit.set",
  "limit.delete": "staff.audit.action.limit.delete",
};
const actionName = (code: string) => (ACTIONS[code] ? t(ACTIONS[code]) : code);

/** A time as the admin's browser (or, on the server, UTC) shows it. */
function when(at: string): string {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? at : d.toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

/**
 * /staff/audit (food bank admins): the newest staff changes at their food banks, who made them,
 * when and where, and each changed field before and after; by pantry, 50 a page. Links only, so it
 * works without JavaScript.
 */
export default function StaffAudit({ data }: { data: StaffAuditPage | null }) {
  if (!data || data.denied || !data.audit) return <StaffDenied denied={data?.denied ?? null} />;
  const audit = data.audit;
  const pantryQuery = audit.pantryId != null ? `pantry=${audit.pantryId}&` : "";
  return (
    <section className="card staff">
      <nav aria-label={t("staff.nav")}>
        <Link to="/staff">{t("staff.queue.heading")}</Link>
        <Link to="/staff/team">{t("staff.team.link")}</Link>
      </nav>
      <h1>{t("staff.audit.title")}</h1>
      <form method="get" className="staff-filter">
        <label>
          {t("staff.audit.pantry")}
          <select name="pantry" defaultValue={audit.pantryId ?? ""}>
            <option value="">{t("staff.audit.allPantries")}</option>
            {audit.pantries.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-secondary">
          {t("staff.queue.show")}
        </button>
      </form>
      {audit.entries.length === 0 ? (
        <p>{t("staff.audit.empty")}</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{t("staff.audit.when")}</th>
              <th scope="col">{t("staff.audit.who")}</th>
              <th scope="col">{t("staff.audit.where")}</th>
              <th scope="col">{t("staff.audit.what")}</th>
              <th scope="col">{t("staff.audit.changes")}</th>
            </tr>
          </thead>
          <tbody>
            {audit.entries.map((e) => (
              <tr key={e.id}>
                <td>
                  <time dateTime={e.at}>{when(e.at)}</time>
                </td>
                <td>{e.who}</td>
                <td>{e.pantry ?? ""}</td>
                <td>
                  {actionName(e.action)} <span className="muted">{e.subject}</span>
                </td>
                <td>
                  {e.changes.length > 0 && (
                    <ul className="audit-changes">
                      {e.changes.map((c) => (
                        <li key={c.field}>
                          <strong>{c.field}</strong>: {c.before != null ? <del>{c.before}</del> : <em>{t("staff.audit.empty.value")}</em>} → {c.after != null ? <ins>{c.after}</ins> : <em>{t("staff.audit.empty.value")}</em>}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {audit.nextBefore != null && <Link to={`/staff/audit?${pantryQuery}before=${audit.nextBefore}`}>{t("staff.audit.older")}</Link>}
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.audit.title")), description: t("staff.description") };
}
