export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffFindPage } from "../../lib/api/pages";
import { orderNumber } from "../../lib/orders";
import { formatDate, formatTimes } from "../../lib/format";
import { StaffUnavailable, stateName } from "../../ui/StaffParts";
import messages from "messages:staff";

addMessages(messages);

/**
^ * /staff/find: what the console's search box found, an order by its number or a shopper by
 * name or phone, of every day and every pantry the caller packs for, newest first.
 */
export default function StaffFind({ data }: { data: StaffFindPage | null }) {
  if (!data?.found) return <StaffUnavailable />;
  const f = data.found;
  return (
    <section className="card staff">
      <h1>{t("staff.find.title")}</h1>
      {f.search === "" ? (
        <p>{t("staff.find.hint")}</p>
      ) : f.orders.length === 0 ? (
        <p role="status">{t("staff.find.none", { search: f.search })}</p>
      ) : (
        <>
          <p role="status">{t("staff.find.count", { count: f.orders.length, search: f.search })}</p>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t("staff.order.number")}</th>
                <th scope="col">{t("staff.order.shopper")}</th>
                <th scope="col">{t("staff.find.where")}</th>
                <th scope="col">{t("staff.find.when")}</th>
                <th scope="col">{t("staff.order.state")}</th>
              </tr>
            </thead>
            <tbody>
              {f.orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={`/staff/orders/${o.id}`}>{orderNumber(o.id)}</Link>
                  </td>
                  <td>{o.shopperName}</td>
                  <td data-label={t("staff.find.where")}>{o.pantryLabel ?? t("staff.find.delivery")}</td>
                  <td data-label={t("staff.find.when")}>
                    {o.day ? formatDate(o.day) : ""} {o.starts && o.ends ? t("staff.queue.time", formatTimes(o.starts, o.ends)) : ""}
                  </td>
                  <td data-label={t("staff.order.state")}>{stateName(o.state)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p>
        <Link to="/staff">{t("staff.today.link")}</Link>
      </p>
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.find.title")), description: t("staff.description") };
}
