export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffTefapPage } from "../../lib/api/pages";
import { formatDate } from "../../lib/format";
import { StaffUnavailable, stateName } from "../../ui/StaffParts";
import messages from "messages:staff";

addMessages(messages);

const BASIS: Record<string, MessageKey> = {
  income: "staff.tefap.basis.income",
  programs: "staff.tefap.basis.programs",
  emergency: "staff.tefap.basis.emergency",
  homeless: "staff.tefap.basis.homeless",
};

const basisName = (code: string | null | undefined) => (code && BASIS[code] ? t(BASIS[code]) : "");
const count = (n: number | null | undefined) => (n == null ? "" : String(n));

/**
 * /staff/tefap?pantry=ID&month=YYYY-MM (pantry staff of the pantry, admins): the TEFAP records of
 * a pantry's month, one per order with TEFAP items and one per walk-in visit that gave TEFAP foods: the recipient, household size and ages, the
 * basis of eligibility and the order's state now, with how long each is kept. Nothing else of the
 * shopper (no e-mail, phone or address). A GET form and links, so it works without JavaScript.
 */
export default function StaffTefap({ data }: { data: StaffTefapPage | null }) {
  if (!data) return <StaffUnavailable />;
  const r = data.records;
  const month = r?.month ?? data.badMonth ?? "";
  const pantry = r?.pantries.find((p) => p.id === r.pantryId);
  return (
    <section className="card staff">
      <p>
        <Link to={`/staff/reports${r ? `?month=${r.month}&place=pantry:${r.pantryId}` : ""}`}>{t("staff.reports.title")}</Link>
      </p>
      <h1>{pantry ? t("staff.tefap.heading", { pantry: pantry.name }) : t("staff.tefap.link")}</h1>
      <form method="get" className="staff-filter">
        {r && (
          <label>
            {t("staff.audit.pantry")}
            <select name="pantry" defaultValue={r.pantryId}>
              {r.pantries.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {t("staff.reports.month")}
          <input
            type="month"
            name="month"
            defaultValue={month}
            aria-invalid={data.badMonth != null ? true : undefined}
            aria-describedby={data.badMonth != null ? "month-error" : undefined}
          />
        </label>
        <button type="submit" className="btn btn-secondary">
          {t("staff.queue.show")}
        </button>
        {data.badMonth != null && (
          <p id="month-error" className="field-error" role="alert">
            {t("staff.reports.badMonth")}
          </p>
        )}
      </form>
      {r && (
        <>
          <p className="report-links">
            <Link to={`/staff/tefap?pantry=${r.pantryId}&month=${r.previousMonth}`}>{t("staff.reports.previous")}</Link>{" "}
            <Link to={`/staff/tefap?pantry=${r.pantryId}&month=${r.nextMonth}`}>{t("staff.reports.next")}</Link>{" "}
            <a href={`/staff/tefap.csv?pantry=${r.pantryId}&month=${r.month}`} download>
              {t("staff.reports.csv")}
            </a>
          </p>
          {r.records.length === 0 ? (
            <p>{t("staff.tefap.empty")}</p>
          ) : (
            <div className="table-scroll">
              <table className="staff-table tefap-records">
                <caption>{t("staff.tefap.caption", { month: r.month })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("staff.reports.day")}</th>
                    <th scope="col">{t("staff.tefap.order")}</th>
                    <th scope="col">{t("staff.tefap.recipient")}</th>
                    <th scope="col">{t("staff.tefap.householdSize")}</th>
                    <th scope="col">{t("staff.tefap.basis")}</th>
                    <th scope="col">{t("staff.tefap.homeless")}</th>
                    <th scope="col">{t("staff.reports.children")}</th>
                    <th scope="col">{t("staff.reports.adults")}</th>
                    <th scope="col">{t("staff.reports.seniors")}</th>
                    <th scope="col">{t("staff.tefap.state")}</th>
                    <th scope="col">{t("staff.tefap.keepUntil")}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.records.map((x, i) => (
                    <tr key={x.orderId ? `order-${x.orderId}` : `visit-${i}`}>
                      <td>
                        <time dateTime={x.servedOn}>{formatDate(x.servedOn)}</time>
                      </td>
                      <td>
                        {x.orderId ? (
                          <Link to={`/staff/orders/${x.orderId}`}>{x.orderId}</Link>
                        ) : (
                          <Link to={`/staff/households/${x.householdId}`}>{t("staff.tefap.walkIn")}</Link>
                        )}
                      </td>
                      <td>{x.recipientName}</td>
                      <td>{count(x.householdSize)}</td>
                      <td>{basisName(x.basis)}</td>
                      <td>{x.isHomeless ? t("staff.tefap.yes") : ""}</td>
                      <td>{count(x.children)}</td>
                      <td>{count(x.adults)}</td>
                      <td>{count(x.seniors)}</td>
                      <td>{x.orderId ? stateName(x.state) : t("staff.tefap.walkIn")}</td>
                      <td>
                        <time dateTime={x.keepUntil}>{formatDate(x.keepUntil)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.tefap.link")), description: t("staff.description") };
}
