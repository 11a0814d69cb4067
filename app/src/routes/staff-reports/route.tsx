export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffReportsPage } from "../../lib/api/pages";
import { formatDate } from "../../lib/format";
import { StaffUnavailable } from "../../ui/StaffParts";
import messages from "messages:staff";

addMessages(messages);

type Report = NonNullable<StaffReportsPage["report"]>;
type Day = Report["days"][number];

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { left: 36, right: 8, top: 10, bottom: 24 };

/** The day of the month of a `YYYY-MM-DD`. */
const dayOf = (day: string) => Number(day.slice(8, 10));

/** A round top for the value axis: 1, 2 or 5 times a power of ten. */
export function axisTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/**
 * A bar chart of one series by day, drawn as SVG on the server (readable without JavaScript). The
 * numbers are in the table beside it; the chart's label says what it shows and its highest day.
 */
export function DayChart({ days, value, label }: { days: Day[]; value: (d: Day) => number; label: string }) {
  const values = days.map(value);
  const max = Math.max(0, ...values);
  const top = axisTop(max);
  const inner = { w: WIDTH - PAD.left - PAD.right, h: HEIGHT - PAD.top - PAD.bottom };
  const slot = inner.w / Math.max(1, days.length);
  const y = (v: number) => PAD.top + inner.h - (v / top) * inner.h;
  const peak = days[values.indexOf(max)];
  const summary =
    max > 0 && peak ? t("staff.reports.chartSummary", { what: label, max: String(max), day: String(dayOf(peak.day)) }) : t("staff.reports.chartEmpty", { what: label });
  return (
    <figure className="report-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} width="100%">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="report-axis" />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top)} y2={y(top)} className="report-grid" />
        <text x={PAD.left - 4} y={y(top) + 4} textAnchor="end" className="report-tick">
          {top}
        </text>
        <text x={PAD.left - 4} y={y(0) + 4} textAnchor="end" className="report-tick">
          0
        </text>
        {days.map((d, i) => {
          const v = values[i];
          const x = PAD.left + i * slot + slot * 0.15;
          return (
            <g key={d.day}>
              {v > 0 && <rect x={x} y={y(v)} width={slot * 0.7} height={y(0) - y(v)} className="report-bar" />}
              {(i === 0 || (i + 1) % 5 === 0) && (
                <text x={x + slot * 0.35} y={HEIGHT - 6} textAnchor="middle" className="report-tick">
                  {dayOf(d.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>{label}</figcaption>
    </figure>
  );
}

const COLUMNS: [keyof Report["places"][number]["totals"], MessageKey][] = [
  ["orders", "staff.reports.orders"],
  ["pickedUp", "staff.reports.pickedUp"],
  ["noShows", "staff.reports.noShows"],
  ["delivered", "staff.reports.delivered"],
  ["notDelivered", "staff.reports.notDelivered"],
  ["visits", "staff.reports.visits"],
  ["households", "staff.reports.households"],
  ["newHouseholds", "staff.reports.newHouseholds"],
  ["children", "staff.reports.children"],
  ["adults", "staff.reports.adults"],
  ["seniors", "staff.reports.seniors"],
  ["items", "staff.reports.items"],
  ["pounds", "staff.reports.pounds"],
  ["distributionDays", "staff.reports.distributionDays"],
];

/**
 * /staff/reports (admins: the food bank and each pantry; pantry staff: their pantries): a month's
 * orders, pick-ups, no-shows, households (unduplicated and new), people by age group, items and
 * pounds given out, per place, and one place by day as charts with their numbers in a table.
 * Links and a GET form only, so it works without JavaScript; the CSV has the same numbers.
 */
export default function StaffReports({ data }: { data: StaffReportsPage | null }) {
  if (!data) return <StaffUnavailable />;
  const r = data.report;
  const month = r?.month ?? data.badMonth ?? "";
  const placeQuery = r ? `&place=${encodeURIComponent(r.selected)}` : "";
  const selected = r?.places.find((p) => `${p.kind}:${p.id}` === r.selected);
  const pantryId = r?.places.find((p) => p.kind === "pantry")?.id;
  return (
    <section className="card staff">
      <p>
        {pantryId != null && <Link to={`/staff/tefap?pantry=${pantryId}&month=${r?.month ?? ""}`}>{t("staff.tefap.link")}</Link>}
      </p>
      <h1>{t("staff.reports.title")}</h1>
      <form method="get" className="staff-filter">
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
        {r && <input type="hidden" name="place" value={r.selected} />}
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
            <Link to={`/staff/reports?month=${r.previousMonth}${placeQuery}`}>{t("staff.reports.previous")}</Link>{" "}
            <Link to={`/staff/reports?month=${r.nextMonth}${placeQuery}`}>{t("staff.reports.next")}</Link>{" "}
            <a href={`/staff/reports.csv?month=${r.month}`} download>
              {t("staff.reports.csv")}
            </a>
          </p>
          <div className="table-scroll">
            <table className="staff-table report-totals">
              <caption>{t("staff.reports.totalsCaption", { month: r.month })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("staff.reports.place")}</th>
                  {COLUMNS.map(([key, label]) => (
                    <th scope="col" key={key}>
                      {t(label)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {r.places.map((p) => (
                  <tr key={`${p.kind}:${p.id}`}>
                    <th scope="row">
                      <Link
                        to={`/staff/reports?month=${r.month}&place=${p.kind}:${p.id}`}
                        aria-current={`${p.kind}:${p.id}` === r.selected ? "true" : undefined}
                      >
                        {p.name}
                      </Link>
                    </th>
                    {COLUMNS.map(([key]) => (
                      <td key={key}>{p.totals[key]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {selected && (
            <>
              <h2>{t("staff.reports.byDay", { place: selected.name })}</h2>
              <div className="report-charts">
                <DayChart days={r.days} value={(d) => d.orders} label={t("staff.reports.ordersByDay")} />
                <DayChart days={r.days} value={(d) => d.pounds} label={t("staff.reports.poundsByDay")} />
              </div>
              <div className="table-scroll">
                <table className="staff-table report-days">
                  <caption>{t("staff.reports.daysCaption", { place: selected.name })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("staff.reports.day")}</th>
                      <th scope="col">{t("staff.reports.orders")}</th>
                      <th scope="col">{t("staff.reports.pickedUp")}</th>
                      <th scope="col">{t("staff.reports.noShows")}</th>
                      <th scope="col">{t("staff.reports.visits")}</th>
                      <th scope="col">{t("staff.reports.households")}</th>
                      <th scope="col">{t("staff.reports.items")}</th>
                      <th scope="col">{t("staff.reports.pounds")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.days.map((d) => (
                      <tr key={d.day}>
                        <th scope="row">
                          <time dateTime={d.day}>{formatDate(d.day)}</time>
                        </th>
                        <td>{d.orders}</td>
                        <td>{d.pickedUp}</td>
                        <td>{d.noShows}</td>
                        <td>{d.visits}</td>
                        <td>{d.households}</td>
                        <td>{d.items}</td>
                        <td>{d.pounds}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
          <p className="muted">{t("staff.reports.howCounted")}</p>
        </>
      )}
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.reports.title")), description: t("staff.description") };
}
