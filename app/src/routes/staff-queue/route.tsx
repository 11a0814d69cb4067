import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, tn } from "../../i18n/t";
import type { Meta } from "../../types";
import { orderNumber } from "../../lib/orders";
import type { StaffQueuePage } from "../../lib/api/pages";
import { formatTimes } from "../../lib/format";
import { StaffDenied, StaffSections, stateName } from "../../ui/StaffParts";
import messages from "messages:staff";

addMessages(messages);

/** The query listing the day's orders from the pickup time starting at `from` (the first when none). */
function listFrom(date: string, search?: string | null, from?: string): string {
  const q = new URLSearchParams({ date });
  if (search) q.set("search", search);
  if (from) q.set("from", from);
  return q.toString();
}

/**
 * /staff and /staff/pantries/{id}: the staff side's home, linking to the sections the caller may
 * open (for a volunteer, that alone); for pantry staff, the day's orders of a pantry by pickup time, with counts per
 * state, a date picker and a search (plain GET forms, so they work without JavaScript). Rendered
 * on the server from the session cookie (host/pages/staff_pages.rs); a table on wide screens. A busy
 * day lists a few pickup times at a time (the server's rows_at_most); the others show their count
 * and a link listing from them.
 */
export default function StaffQueue({ data }: { data: StaffQueuePage | null }) {
  if (data && !data.denied && !data.queue && data.sections.length > 0) {
    // A volunteer's home: the sections they may open, no queue.
    return (
      <section className="card staff">
        <h1>{t("staff.nav")}</h1>
        <nav aria-label={t("staff.nav")}>
          <StaffSections sections={data.sections} />
        </nav>
      </section>
    );
  }
  if (!data || data.denied || !data.queue) return <StaffDenied denied={data?.denied ?? null} />;
  const q = data.queue;
  const here = `/staff/pantries/${q.pantry.id}`;
  return (
    <section className="card staff">
      <h1>{t("staff.queue.title", { pantry: q.pantry.label })}</h1>
      <nav aria-label={t("staff.nav")}>
        <StaffSections sections={data.sections} pantryId={q.pantry.id} date={q.date} />
        {q.pantries.length > 1 &&
          q.pantries
            .filter((p) => p.id !== q.pantry.id)
            .map((p) => (
              <Link key={p.id} to={`/staff/pantries/${p.id}`}>
                {p.label}
              </Link>
            ))}
      </nav>
      <form method="get" action={here} className="staff-filter">
        <label>
          {t("staff.queue.date")} <input type="date" name="date" defaultValue={q.date} />
        </label>
        <label>
          {t("staff.queue.search")} <input type="search" name="search" defaultValue={q.search ?? ""} />
        </label>
        <button type="submit" className="btn">
          {t("staff.queue.show")}
        </button>
      </form>
      <ul className="staff-counts" aria-label={t("staff.queue.counts")}>
        {q.counts.map((c) => (
          <li key={c.state}>
            {stateName(c.state)}: <strong>{c.count}</strong>
          </li>
        ))}
      </ul>
      {q.pickups.length === 0 && q.deliveries.length === 0 && <p>{t("staff.queue.none")}</p>}
      {q.from && (
        <p>
          <Link to={`${here}?${listFrom(q.date, q.search)}`}>{t("staff.queue.fromStart")}</Link>
        </p>
      )}
      {[...q.pickups, ...q.deliveries].map((g, i) => (
        <div key={`${g.starts}-${i}`} className="staff-group">
          <h2>{g.starts && g.ends ? t("staff.queue.time", formatTimes(g.starts, g.ends)) : t("staff.queue.noTime")}</h2>
          {g.orders.length === 0 && (
            <p>
              {tn("staff.queue.folded", g.count)}{" "}
              {g.starts && <Link to={`${here}?${listFrom(q.date, q.search, g.starts)}`}>{t("staff.queue.listThem")}</Link>}
            </p>
          )}
          {g.orders.length > 0 && (
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t("staff.order.number")}</th>
                <th scope="col">{t("staff.order.shopper")}</th>
                <th scope="col">{t("staff.order.household")}</th>
                <th scope="col">{t("staff.order.items")}</th>
                <th scope="col">{t("staff.order.state")}</th>
              </tr>
            </thead>
            <tbody>
              {g.orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={`/staff/orders/${o.id}`}>{orderNumber(o.id)}</Link>
                  </td>
                  <td>{o.shopperName}</td>
                  <td data-label={t("staff.order.household")}>{o.householdSize ?? ""}</td>
                  <td data-label={t("staff.order.items")}>{o.units}</td>
                  <td data-label={t("staff.order.state")}>{stateName(o.state)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          )}
          {g.orders.length > 0 && g.orders.length < g.count && <p>{t("staff.queue.more", { count: g.count - g.orders.length })}</p>}
        </div>
      ))}
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.queue.heading")), description: t("staff.description") };
}
