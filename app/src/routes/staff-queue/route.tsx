export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, tn } from "../../i18n/t";
import type { Meta } from "../../types";
import { orderNumber } from "../../lib/orders";
import type { StaffQueuePage } from "../../lib/api/pages";
import { formatTimes } from "../../lib/format";
import { StaffUnavailable, actionName, stateName } from "../../ui/StaffParts";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { refusalText } from "../../lib/refusal";
import messages from "messages:staff";

addMessages(messages);

/** The query listing the day's orders from the pickup time starting at `from` (the first when none). */
function listFrom(date: string, from?: string): string {
  const q = new URLSearchParams({ date });
  if (from) q.set("from", from);
  return q.toString();
}

const native = () => undefined;

/** The bulk actions of the packing table, as the server names them. */
const BULK = ["startPacking", "markReady"] as const;

/**
 * /staff/orders?pantry= (and /staff/pantries/{id}): the day's orders of a pantry by pickup time,
 * with counts per state and a date picker (a plain GET form, so it works without JavaScript), in
 * the staff console's layout; a shopper is found by the layout's search, whose text stays out of
 * addresses. Orders are ticked, or a whole pickup time taken, for
 * Start Packing or Mark Ready in one post (each order still its own change; those whose state did
 * not allow it are listed after). A busy day lists a few pickup times at a time (the server's
 * rows_at_most); the others show their count and a link listing from them.
 */
export default function StaffQueue({ data }: { data: StaffQueuePage | null }) {
  const posted = usePostedForm("bulk");
  if (!data?.queue) return <StaffUnavailable />;
  const q = data.queue;
  const here = `/staff/orders`;
  const at = `pantry=${q.pantry.id}`;
  const bulk = data.bulk;
  return (
    <section className="card staff">
      <h1>{t("staff.queue.title", { pantry: q.pantry.label })}</h1>
      <form method="get" action={here} className="staff-filter">
        <input type="hidden" name="pantry" value={q.pantry.id} />
        <label>
          {t("staff.queue.date")} <input type="date" name="date" defaultValue={q.date} />
        </label>
        <button type="submit" className="btn">
          {t("staff.queue.show")}
        </button>
      </form>
      {bulk && (
        <div role="status" className="staff-bulk-report">
          <p>{t("staff.bulk.done", { action: actionName(bulk.action), count: bulk.done })}</p>
          {bulk.refused.length > 0 && (
            <>
              <p>{t("staff.bulk.refused")}</p>
              <ul>
                {bulk.refused.map((o) => (
                  <li key={o.id}>
                    <Link to={`/staff/orders/${o.id}`}>{orderNumber(o.id)}</Link> {o.shopperName}: {stateName(o.state)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {posted.failure && (
        <p role="alert" className="error-box">
          {refusalText(posted.failure)}
        </p>
      )}
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
          <Link to={`${here}?${at}&${listFrom(q.date)}`}>{t("staff.queue.fromStart")}</Link>
        </p>
      )}
      <PostForm intent="bulk" onSubmit={native} className="staff-bulk">
        <input type="hidden" name="pantry" value={q.pantry.id} />
        <input type="hidden" name="date" value={q.date} />
        {[...q.pickups, ...q.deliveries].map((g, i) => {
          const site = i < q.pickups.length ? "p" : "d";
          const time = g.starts && g.ends ? t("staff.queue.time", formatTimes(g.starts, g.ends)) : t("staff.queue.noTime");
          return (
            <div key={`${site}-${g.starts}-${i}`} className="staff-group">
              <h2>{time}</h2>
              {g.starts && g.count > 0 && (
                <div className="staff-group-actions" role="group" aria-label={`${t("staff.bulk.wholeTime")}: ${time}`}>
                  <span>{t("staff.bulk.wholeTime")}:</span>
                  {BULK.map((a) => (
                    <button key={a} type="submit" name="do" value={`${a}@${site}:${g.starts}`} className="btn btn-small">
                      {actionName(a)}
                    </button>
                  ))}
                  {site === "p" && g.ends && (
                    <Link className="btn btn-small" to={`/staff/pick-list?${at}&date=${q.date}&from=${g.starts}&to=${g.ends}`}>
                      {t("staff.bulk.print")}
                    </Link>
                  )}
                </div>
              )}
              {g.orders.length === 0 && (
                <p>
                  {tn("staff.queue.folded", g.count)}{" "}
                  {g.starts && <Link to={`${here}?${at}&${listFrom(q.date, g.starts)}`}>{t("staff.queue.listThem")}</Link>}
                </p>
              )}
              {g.orders.length > 0 && (
                <table className="staff-table">
                  <thead>
                    <tr>
                      <th scope="col">
                        <span className="sr-only">{t("staff.bulk.legend")}</span>
                      </th>
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
                        <td className="staff-tick">
                          <input type="checkbox" name="order" value={o.id} aria-label={t("staff.bulk.selectOrder", { number: orderNumber(o.id) })} />
                        </td>
                        <td>
                          <Link to={`/staff/orders/${o.id}`}>{orderNumber(o.id)}</Link>
                        </td>
                        <td>
                          {o.shopperName}
                          {o.byPhone && <> · {t("staff.queue.byPhone")}</>}
                        </td>
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
          );
        })}
        {q.pickups.some((g) => g.orders.length > 0) || q.deliveries.some((g) => g.orders.length > 0) ? (
        <fieldset className="staff-bulk-bar">
          <legend>{t("staff.bulk.legend")}</legend>
          {BULK.map((a) => (
            <button key={a} type="submit" name="do" value={a} className="btn">
              {actionName(a)}
            </button>
          ))}
          <button type="submit" name="do" value="print" className="btn">
            {t("staff.bulk.printTicked")}
          </button>
        </fieldset>
        ) : null}
      </PostForm>
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.queue.heading")), description: t("staff.description") };
}
