export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { useContext } from "react";
import { FormPostContext } from "../../ui/form-post";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import type { Meta } from "../../types";
import type { Console, MyRun, StaffTodayPage } from "../../lib/api/pages";
import { windowName } from "../../ui/RunParts";
import { formatDate, formatTimes } from "../../lib/format";
import { StaffUnavailable, stateName } from "../../ui/StaffParts";
import messages from "messages:staff";

addMessages(messages);

type Slot = NonNullable<StaffTodayPage["today"]>["pickups"][number];

/** The orders of a time by state, each a link to the queue listing that time. */
function SlotRows({ slots, queue, kind }: { slots: Slot[]; queue: string; kind: "p" | "d" }) {
  return (
    <table className="staff-table staff-today" data-kind={kind}>
      <thead>
        <tr>
          <th scope="col">{t(kind === "p" ? "staff.today.pickupTime" : "staff.today.window")}</th>
          <th scope="col">{t("staff.today.booked")}</th>
          <th scope="col">{t("staff.today.byState")}</th>
        </tr>
      </thead>
      <tbody>
        {slots.map((s, i) => (
          <tr key={`${s.starts}-${i}`}>
            <th scope="row">
              <Link to={`${queue}&from=${s.starts}`}>{t("staff.queue.time", formatTimes(s.starts, s.ends))}</Link>
            </th>
            <td data-label={t("staff.today.booked")}>
              {s.capacity == null ? t("staff.today.bookedOpen", { booked: s.booked }) : t("staff.today.bookedOf", { booked: s.booked, capacity: s.capacity })}
              {s.full && <strong className="staff-flag"> {t("staff.today.full")}</strong>}
            </td>
            <td data-label={t("staff.today.byState")}>
              {s.counts.length === 0 ? (
                t("staff.today.noOrders")
              ) : (
                <ul className="staff-counts">
                  {s.counts.map((c) => (
                    <li key={c.state}>
                      {stateName(c.state)}: <strong>{c.count}</strong>
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The delivery runs given to the caller, each a link to its run sheet. */
function MyRuns({ runs }: { runs: MyRun[] }) {
  if (runs.length === 0) return null;
  return (
    <>
      <h2>{t("staff.today.myRuns")}</h2>
      <ul className="staff-my-runs">
        {runs.map((r) => (
          <li key={r.id}>
            <Link to={`/staff/runs/${r.id}`}>{t("staff.today.myRun", { number: r.number, window: windowName(r.window), stops: r.stops })}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * /staff, Today: the console's home. For pantry staff and admins, the chosen pantry's day: each
 * pickup time's (and for an admin each delivery window's) room and orders by state, linking to
 * the queue from that time; the items running low; the next closed days; for an admin, messages
 * that could not be sent. A volunteer's Today points to check-in, the one screen they use.
 */
export default function StaffToday({ data }: { data: StaffTodayPage | null }) {
  const frame = (useContext(FormPostContext) as { console?: Console } | null)?.console;
  if (!data) return <StaffUnavailable />;
  const d = data.today;
  if (!d) {
    return (
      <section className="card staff">
        <h1>{t("staff.today.link")}</h1>
        <MyRuns runs={data.runs} />
        {frame?.role !== "driver" && (
          <p>
            <Link to="/staff/check-in" className="btn btn-primary">
              {t("staff.checkIn.title")}
            </Link>
          </p>
        )}
      </section>
    );
  }
  const queue = `/staff/orders?pantry=${d.pantry.id}&date=${d.date}`;
  return (
    <section className="card staff">
      <h1>{t("staff.today.title", { pantry: d.pantry.label, date: formatDate(d.date) })}</h1>
      <form method="get" action="/staff" className="staff-filter">
        <input type="hidden" name="pantry" value={d.pantry.id} />
        <label>
          {t("staff.queue.date")} <input type="date" name="date" defaultValue={d.date} />
        </label>
        <button type="submit" className="btn">
          {t("staff.queue.show")}
        </button>
      </form>
      <MyRuns runs={data.runs} />
      <h2>{t("staff.today.orders")}</h2>
      {d.totals.length === 0 ? (
        <p>{t("staff.queue.none")}</p>
      ) : (
        <ul className="staff-counts" aria-label={t("staff.queue.counts")}>
          {d.totals.map((c) => (
            <li key={c.state}>
              <Link to={queue}>
                {stateName(c.state)}: <strong>{c.count}</strong>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {d.pickups.length > 0 && <SlotRows slots={d.pickups} queue={queue} kind="p" />}
      {d.deliveries.length > 0 && (
        <>
          <h2>{t("staff.today.deliveries")}</h2>
          <SlotRows slots={d.deliveries} queue={queue} kind="d" />
        </>
      )}
      <h2>{t("staff.today.low")}</h2>
      {d.low.length === 0 ? (
        <p>{t("staff.today.noLow")}</p>
      ) : (
        <ul className="staff-low">
          {d.low.map((l) => (
            <li key={l.id}>
              <Link to={`/staff/stock/${l.id}`}>{l.product}</Link>: {t("staff.today.lowLine", { quantity: l.quantity, lowAt: l.lowAt })}
            </li>
          ))}
        </ul>
      )}
      <h2>{t("staff.today.closed")}</h2>
      {d.closed.length === 0 ? (
        <p>{t("staff.today.noClosed")}</p>
      ) : (
        <ul>
          {d.closed.map((c, i) => (
            <li key={i}>
              {c.firstDay === c.lastDay ? formatDate(c.firstDay) : t("staff.today.range", { first: formatDate(c.firstDay), last: formatDate(c.lastDay) })}: {c.reason}
            </li>
          ))}
        </ul>
      )}
      {d.givenUp != null && d.givenUp > 0 && (
        <p role="status" className="error-box">
          {t("staff.today.givenUp", { count: d.givenUp })}
        </p>
      )}
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.today.link")), description: t("staff.description") };
}
