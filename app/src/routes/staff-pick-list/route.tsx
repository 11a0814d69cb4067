export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, tn } from "../../i18n/t";
import type { Meta } from "../../types";
import { orderNumber } from "../../lib/orders";
import { formatDate, formatTimes } from "../../lib/format";
import type { StaffPickListPage } from "../../lib/api/pages";
import { StaffUnavailable, stateName } from "../../ui/StaffParts";
import messages from "messages:staff";

addMessages(messages);

/** The query of this list, for the CSV link and the other pantries' lists. */
function query(pantry: number, date: string, from?: string | null, to?: string | null): string {
  const q = new URLSearchParams({ pantry: String(pantry), date });
  if (from) q.set("from", from);
  if (to) q.set("to", to);
  return q.toString();
}

/**
 * /staff/pick-list: how much of each item the day's (or a range's) orders take, by category, then
 * one packing slip per order, each on its own printed page (styles/staff.css's print rules). The
 * form is a plain GET, so it works without JavaScript; the CSV comes from /staff/pick-list.csv.
 */
export default function StaffPickList({ data }: { data: StaffPickListPage | null }) {
  if (!data?.list) return <StaffUnavailable />;
  const l = data.list;
  const here = query(l.pantry.id, l.date, l.from, l.to);
  return (
    <section className="card staff pick-list">
      <p className="no-print">
        <Link to={`/staff/orders?pantry=${l.pantry.id}&date=${l.date}`}>{t("staff.queue.heading")}</Link>
      </p>
      <h1>{t("staff.pick.title", { pantry: l.pantry.label })}</h1>
      <p>
        {formatDate(l.date)}
        {(l.from || l.to) && ` · ${t("staff.queue.time", formatTimes(l.from ?? "00:00", l.to ?? "00:00"))}`}
        {" · "}
        {tn("staff.pick.orderCount", l.orderCount)}
      </p>
      {l.orders.length > 0 && <p role="status">{t("staff.pick.ticked", { count: l.orders.length })}</p>}
      {data.invalidRange && (
        <p role="alert" className="error-box">
          {t("staff.pick.invalidRange")}
        </p>
      )}
      <form method="get" action="/staff/pick-list" className="staff-filter no-print">
        <input type="hidden" name="pantry" value={l.pantry.id} />
        <label>
          {t("staff.queue.date")} <input type="date" name="date" defaultValue={l.date} />
        </label>
        <label>
          {t("staff.pick.from")} <input type="time" name="from" defaultValue={l.from ?? ""} />
        </label>
        <label>
          {t("staff.pick.to")} <input type="time" name="to" defaultValue={l.to ?? ""} />
        </label>
        <button type="submit" className="btn">
          {t("staff.queue.show")}
        </button>
      </form>
      <p className="staff-actions no-print">
        <a className="btn" href={`/staff/pick-list.csv?${here}`} download>
          {t("staff.pick.csv")}
        </a>{" "}
        <button type="button" className="btn" onClick={() => window.print()}>
          {t("staff.pick.print")}
        </button>
      </p>
      <h2>{t("staff.pick.totals")}</h2>
      {l.totals.length === 0 && <p>{t("staff.queue.none")}</p>}
      {l.totals.map((c) => (
        <table key={c.category ?? ""} className="staff-table pick-totals">
          <caption>{c.category ?? t("staff.pick.uncategorised")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("staff.order.item")}</th>
              <th scope="col">{t("staff.pick.quantity")}</th>
              <th scope="col">{t("staff.pick.orders")}</th>
            </tr>
          </thead>
          <tbody>
            {c.items.map((i) => (
              <tr key={i.itemId}>
                <td>{i.name}</td>
                <td className="pick-quantity" data-label={t("staff.pick.quantity")}>
                  {i.quantity}
                </td>
                <td data-label={t("staff.pick.orders")}>{i.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      {l.slips.length > 0 && <h2 className="no-print">{t("staff.pick.slips")}</h2>}
      {l.orderCount > l.slipsAtMost && <p className="no-print">{t("staff.pick.slipsTooMany", { count: l.slipsAtMost })}</p>}
      {l.slips.map((s) => (
        <article key={s.id} className="slip" aria-labelledby={`slip-${s.id}`}>
          <div className="slip-head">
            <h3 id={`slip-${s.id}`}>
              <span className="order-code">{orderNumber(s.id)}</span> {s.shopperName}
            </h3>
            <img className="slip-qr" src={`/account/orders/${s.id}/qr.svg`} width={96} height={96} loading="lazy" alt={t("staff.pick.qr", { number: orderNumber(s.id) })} />
          </div>
          <p>
            {t("staff.order.when")}: {t("staff.queue.time", formatTimes(s.starts, s.ends))} · {stateName(s.state)}
          </p>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t("staff.order.item")}</th>
                <th scope="col">{t("staff.order.quantity")}</th>
                <th scope="col">{t("staff.order.substitutes")}</th>
              </tr>
            </thead>
            <tbody>
              {s.lines.map((line, i) => (
                <tr key={i}>
                  <td>
                    <span className="tick-box" aria-hidden="true" /> {line.name}
                  </td>
                  <td data-label={t("staff.order.quantity")}>{line.packed < line.quantity ? t("staff.pick.short", { packed: line.packed, quantity: line.quantity }) : line.quantity}</td>
                  <td data-label={t("staff.order.substitutes")}>{line.isSubstituteOk ? t("staff.yes") : t("staff.no")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      ))}
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.pick.heading")), description: t("staff.description") };
}
