export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffAuditPage } from "../../lib/api/pages";
import { StaffUnavailable } from "../../ui/StaffParts";
import { formatDateTime } from "../../lib/format";
import messages from "messages:staff,account";

addMessages(messages);

// Every kind of change the server records (host/domain/audit.rs; its test checks both catalogs).
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
  "staffGrant.create": "staff.audit.action.staffGrant.create",
  "staffGrant.update": "staff.audit.action.staffGrant.update",
  "staffGrant.revoke": "staff.audit.action.staffGrant.revoke",
  "code.create": "staff.audit.action.code.create",
  "code.expire": "staff.audit.action.code.expire",
  "card.create": "staff.audit.action.card.create",
  "card.update": "staff.audit.action.card.update",
  "notice.create": "staff.audit.action.notice.create",
  "notice.update": "staff.audit.action.notice.update",
  "pantry.create": "staff.audit.action.pantry.create",
  "pantry.update": "staff.audit.action.pantry.update",
  "pantry.activate": "staff.audit.action.pantry.activate",
  "pantry.deactivate": "staff.audit.action.pantry.deactivate",
  "pantry.photo": "staff.audit.action.pantry.photo",
  "household.create": "staff.audit.action.household.create",
  "household.view": "staff.audit.action.household.view",
  "household.edit": "staff.audit.action.household.edit",
  "household.merge": "staff.audit.action.household.merge",
  "visit.record": "staff.audit.action.visit.record",
  "household.decide": "staff.audit.action.household.decide",
  "door.prepare": "staff.audit.action.door.prepare",
  "foodBank.rules": "staff.audit.action.foodBank.rules",
  "retention.erase": "staff.audit.action.retention.erase",
  "shopper.view": "staff.audit.action.shopper.view",
  "export.tefap": "staff.audit.action.export.tefap",
  "export.audit": "staff.audit.action.export.audit",
};
const actionName = (code: string) => (ACTIONS[code] ? t(ACTIONS[code]) : code);


/**
 * /staff/audit (food bank admins): the newest staff changes at their food banks, who made them,
 * when and where, and each changed field before and after; filtered by pantry, person, kind of
 * change and days, 50 a page, and downloadable as CSV with the same filter. A GET form and links
 * only, so it works without JavaScript.
 */
export default function StaffAudit({ data }: { data: StaffAuditPage | null }) {
  if (data?.invalid && data.invalid.length > 0) {
    return (
      <section className="card staff">
        <AuditFilter data={data} />
      </section>
    );
  }
  if (!data?.audit) return <StaffUnavailable />;
  const audit = data.audit;
  const filter = filterQuery({
    pantry: audit.pantryId,
    person: audit.personId,
    action: audit.action,
    from: audit.from,
    to: audit.to,
  });
  return (
    <section className="card staff">
      <AuditFilter data={data} />
      <p>
        <a href={`/staff/audit.csv${filter ? `?${filter}` : ""}`} download>
          {t("staff.audit.csv")}
        </a>
      </p>
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
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                </td>
                <td>{e.bySystem ? t("staff.audit.system") : e.who}</td>
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
      {audit.nextBefore != null && <Link to={`/staff/audit?${filter ? `${filter}&` : ""}before=${audit.nextBefore}`}>{t("staff.audit.older")}</Link>}
    </section>
  );
}

/** The filter's query string, without empty values. */
function filterQuery(values: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v != null && v !== "") q.set(k, String(v));
  return q.toString();
}

const FIELD_ERRORS: Record<string, MessageKey> = {
  pantry: "staff.audit.invalid.choice",
  person: "staff.audit.invalid.choice",
  action: "staff.audit.invalid.choice",
  from: "staff.audit.invalid.date",
  to: "staff.audit.invalid.to",
};

/**
 * The filter (a GET form, so it works without JavaScript): pantry, person, kind of change and
 * days. Refused (422), it shows the values given with each wrong field marked.
 */
function AuditFilter({ data }: { data: StaffAuditPage }) {
  const audit = data.audit;
  const invalid = new Set(data.invalid ?? []);
  const given = data.values ?? {};
  const value = (key: string, current: string | number | null | undefined) => (audit ? (current ?? "") : (given[key] ?? ""));
  const error = (key: string) =>
    invalid.has(key) ? (
      <span id={`audit-${key}-error`} className="field-error">
        {t(FIELD_ERRORS[key] ?? "staff.audit.invalid.choice")}
      </span>
    ) : null;
  const described = (key: string) => (invalid.has(key) ? { "aria-invalid": true as const, "aria-describedby": `audit-${key}-error` } : {});
  return (
    <>
      <h1>{t("staff.audit.title")}</h1>
      <form method="get" action="/staff/audit" className="staff-filter">
        <label>
          {t("staff.audit.pantry")}
          <select name="pantry" defaultValue={value("pantry", audit?.pantryId)} {...described("pantry")}>
            <option value="">{t("staff.audit.allPantries")}</option>
            {(audit?.pantries ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          {error("pantry")}
        </label>
        <label>
          {t("staff.audit.who")}
          <select name="person" defaultValue={value("person", audit?.personId)} {...described("person")}>
            <option value="">{t("staff.audit.everyone")}</option>
            {(audit?.people ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          {error("person")}
        </label>
        <label>
          {t("staff.audit.what")}
          <select name="action" defaultValue={value("action", audit?.action)} {...described("action")}>
            <option value="">{t("staff.audit.allActions")}</option>
            {(audit?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {actionName(a)}
              </option>
            ))}
          </select>
          {error("action")}
        </label>
        <label>
          {t("staff.audit.from")}
          <input type="date" name="from" defaultValue={value("from", audit?.from)} {...described("from")} />
          {error("from")}
        </label>
        <label>
          {t("staff.audit.to")}
          <input type="date" name="to" defaultValue={value("to", audit?.to)} {...described("to")} />
          {error("to")}
        </label>
        <button type="submit" className="btn btn-secondary">
          {t("staff.queue.show")}
        </button>
      </form>
    </>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.audit.title")), description: t("staff.description") };
}
