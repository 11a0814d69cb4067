import { Link } from "react-router";
import { addMessages, pageTitle, t, tn, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import { refusalText } from "../../lib/refusal";
import { fieldErrorText, serverFieldErrors, type FieldCode } from "../../lib/forms";
import { formatDay } from "../../lib/format";
import type { StaffSchedulePage } from "../../lib/api/pages";
import { PostForm, usePostedAmong } from "../../ui/PostForm";
import { StaffDenied } from "../../ui/StaffParts";
import messages from "messages:staff,account";

addMessages(messages);

/** Every form posts to this page (host/pages/staff_schedule.rs), which answers 303 back here. */
const native = () => undefined;

const WEEKDAYS: MessageKey[] = [
  "staff.schedule.day.0",
  "staff.schedule.day.1",
  "staff.schedule.day.2",
  "staff.schedule.day.3",
  "staff.schedule.day.4",
  "staff.schedule.day.5",
  "staff.schedule.day.6",
];

/** The schedule's own field codes (domain::schedule), else the forms' usual words. */
const SCHEDULE_ERRORS: Record<string, MessageKey> = {
  overlaps: "staff.schedule.error.overlaps",
  slotTooLong: "staff.schedule.error.slotTooLong",
  closesBeforeOpens: "staff.schedule.error.closesBeforeOpens",
  belowBooked: "staff.schedule.error.belowBooked",
  inPast: "staff.schedule.error.inPast",
  endBeforeStart: "staff.schedule.error.endBeforeStart",
  outOfRange: "staff.schedule.error.outOfRange",
};

/** The page's forms, each posting its `intent`. */
const INTENTS = ["add", "delete", "horizon", "close", "reopen"];

const DONE: Record<string, MessageKey> = {
  add: "staff.schedule.done.add",
  delete: "staff.schedule.done.delete",
  horizon: "staff.schedule.done.horizon",
  close: "staff.schedule.done.close",
  reopen: "staff.schedule.done.reopen",
};

function range(first: string, last: string): string {
  return first === last ? formatDay(first) : `${formatDay(first)}–${formatDay(last)}`;
}

/**
 * /staff/schedule (pantry staff and their food banks' admins): a pantry's weekly hours and one-off
 * days, cut by the server into pickup times for the publishing horizon; closed days with the orders
 * still booked on them. Works without JavaScript (post, 303 or 422).
 */
export default function StaffSchedule({ data }: { data: StaffSchedulePage | null }) {
  const posted = usePostedAmong(INTENTS);
  if (!data || data.denied || !data.schedule) return <StaffDenied denied={data?.denied ?? null} />;
  const s = data.schedule;
  const fields = serverFieldErrors(posted.failure?.value);
  const intent = posted.intent;
  const kind = posted.values.kind ?? "";
  const general = posted.failure && Object.keys(fields).length === 0 ? refusalText(posted.failure) : null;
  /** A field's error, shown only in the form that was posted (`form` names it). */
  const error = (form: string, name: string) => {
    const code = form === `${intent}:${intent === "add" ? kind : ""}` ? fields[name] : undefined;
    if (!code) return null;
    const text = SCHEDULE_ERRORS[code] ? t(SCHEDULE_ERRORS[code]) : fieldErrorText(code as FieldCode);
    return (
      <span id={`${form.replace(":", "-")}-${name}-error`} className="field-error">
        {text}
      </span>
    );
  };
  const described = (form: string, name: string) => (form === `${intent}:${intent === "add" ? kind : ""}` && fields[name] ? `${form.replace(":", "-")}-${name}-error` : undefined);
  const value = (form: string, name: string, fallback = "") => (form === `${intent}:${intent === "add" ? kind : ""}` ? (posted.values[name] ?? fallback) : fallback);
  const pantryField = <input type="hidden" name="pantry" value={String(s.pantry.id)} />;
  const weekly = s.entries.filter((e) => e.weekday != null);
  const days = s.entries.filter((e) => e.date != null);
  const hours = (form: string) => (
    <>
      <label>
        {t("staff.schedule.opens")}
        <input type="time" name="opens" required defaultValue={value(form, "opens", "09:00")} aria-describedby={described(form, "opens")} />
        {error(form, "opens")}
      </label>
      <label>
        {t("staff.schedule.closes")}
        <input type="time" name="closes" required defaultValue={value(form, "closes", "12:00")} aria-describedby={described(form, "closes")} />
        {error(form, "closes")}
      </label>
      <label>
        {t("staff.schedule.slotMinutes")}
        <input type="number" name="slotMinutes" min={1} max={1440} required defaultValue={value(form, "slotMinutes", "30")} aria-describedby={described(form, "slotMinutes")} />
        {error(form, "slotMinutes")}
      </label>
      <label>
        {t("staff.schedule.capacity")}
        <input type="number" name="capacity" min={0} defaultValue={value(form, "capacity")} aria-describedby={described(form, "capacity")} />
        {error(form, "capacity")}
      </label>
    </>
  );
  return (
    <section className="card staff">
      <nav aria-label={t("staff.nav")}>
        <Link to="/staff">{t("staff.queue.heading")}</Link>
      </nav>
      <h1>{t("staff.schedule.title", { pantry: s.pantry.label })}</h1>
      {s.pantries.length > 1 && (
        <form method="get" action="/staff/schedule" className="staff-filter">
          <label>
            {t("staff.schedule.pantry")}
            <select name="pantry" defaultValue={String(s.pantry.id)}>
              {s.pantries.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn">
            {t("staff.schedule.show")}
          </button>
        </form>
      )}
      {data.done && DONE[data.done] && (
        <p role="status" className="info-box">
          {t(DONE[data.done])}
        </p>
      )}
      {general && (
        <p role="alert" className="error-box">
          {general}
        </p>
      )}

      <h2>{t("staff.schedule.weekly")}</h2>
      {weekly.length + days.length === 0 ? (
        <p>{t("staff.schedule.none")}</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{t("staff.schedule.when")}</th>
              <th scope="col">{t("staff.schedule.hours")}</th>
              <th scope="col">{t("staff.schedule.slotMinutes")}</th>
              <th scope="col">{t("staff.schedule.capacity")}</th>
              <th scope="col">
                <span className="sr-only">{t("staff.schedule.remove")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...weekly, ...days].map((e) => {
              const when = e.weekday != null ? t(WEEKDAYS[e.weekday]) : formatDay(e.date ?? "");
              return (
                <tr key={e.id}>
                  <td>{when}</td>
                  <td>
                    {e.opens}–{e.closes}
                  </td>
                  <td>{e.slotMinutes}</td>
                  <td>{e.capacity ?? t("staff.schedule.unlimited")}</td>
                  <td>
                    <PostForm onSubmit={native}>
                      {pantryField}
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={String(e.id)} />
                      <button type="submit" className="btn btn-small" aria-label={t("staff.schedule.removeRow", { when, hours: `${e.opens}–${e.closes}` })}>
                        {t("staff.schedule.remove")}
                      </button>
                    </PostForm>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      <h2>{t("staff.schedule.addWeekly")}</h2>
      <PostForm onSubmit={native} className="staff-filter">
        {pantryField}
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="kind" value="week" />
        <label>
          {t("staff.schedule.weekday")}
          <select name="weekday" defaultValue={value("add:week", "weekday", "0")} aria-describedby={described("add:week", "weekday")}>
            {WEEKDAYS.map((key, i) => (
              <option key={key} value={String(i)}>
                {t(key)}
              </option>
            ))}
          </select>
          {error("add:week", "weekday")}
        </label>
        {hours("add:week")}
        <button type="submit" className="btn btn-primary">
          {t("staff.schedule.add")}
        </button>
      </PostForm>

      <h2>{t("staff.schedule.addDay")}</h2>
      <PostForm onSubmit={native} className="staff-filter">
        {pantryField}
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="kind" value="day" />
        <label>
          {t("staff.schedule.date")}
          <input type="date" name="date" required defaultValue={value("add:day", "date")} aria-describedby={described("add:day", "date")} />
          {error("add:day", "date")}
        </label>
        {hours("add:day")}
        <button type="submit" className="btn btn-primary">
          {t("staff.schedule.add")}
        </button>
      </PostForm>

      <h2>{t("staff.schedule.horizon")}</h2>
      <PostForm onSubmit={native} className="staff-filter">
        {pantryField}
        <input type="hidden" name="intent" value="horizon" />
        <label>
          {t("staff.schedule.horizonDays")}
          <input type="number" name="horizonDays" min={1} max={120} required defaultValue={value("horizon:", "horizonDays", String(s.horizonDays))} aria-describedby={described("horizon:", "horizonDays")} />
          {error("horizon:", "horizonDays")}
        </label>
        <button type="submit" className="btn">
          {t("staff.schedule.save")}
        </button>
      </PostForm>

      <h2>{t("staff.schedule.closed")}</h2>
      {s.closedDays.length === 0 ? (
        <p>{t("staff.schedule.noClosed")}</p>
      ) : (
        <ul className="staff-list">
          {s.closedDays.map((c) => (
            <li key={c.id}>
              <strong>{t("staff.schedule.closedOn", { dates: range(c.firstDay, c.lastDay), reason: c.reason })}</strong>
              <PostForm onSubmit={native}>
                {pantryField}
                <input type="hidden" name="intent" value="reopen" />
                <input type="hidden" name="id" value={String(c.id)} />
                <button type="submit" className="btn btn-small">
                  {t("staff.schedule.reopen")}
                </button>
              </PostForm>
              {c.orders.length > 0 && (
                <>
                  <p>{tn("staff.schedule.booked", c.orders.length)}</p>
                  <ul>
                    {c.orders.map((o) => (
                      <li key={o.orderId}>
                        <Link to={`/staff/orders/${o.orderId}`}>
                          {o.orderId.toString(16).toUpperCase()} · {o.shopperName} · {formatDay(o.pickupDay)} {o.start}–{o.end}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <h2>{t("staff.schedule.close")}</h2>
      <PostForm onSubmit={native} className="staff-filter">
        {pantryField}
        <input type="hidden" name="intent" value="close" />
        <label>
          {t("staff.schedule.firstDay")}
          <input type="date" name="firstDay" required defaultValue={value("close:", "firstDay")} aria-describedby={described("close:", "firstDay")} />
          {error("close:", "firstDay")}
        </label>
        <label>
          {t("staff.schedule.lastDay")}
          <input type="date" name="lastDay" defaultValue={value("close:", "lastDay")} aria-describedby={described("close:", "lastDay")} />
          {error("close:", "lastDay")}
        </label>
        <label>
          {t("staff.schedule.reason")}
          <input type="text" name="reason" required maxLength={200} defaultValue={value("close:", "reason")} aria-describedby={described("close:", "reason")} />
          {error("close:", "reason")}
        </label>
        <button type="submit" className="btn btn-primary">
          {t("staff.schedule.closeButton")}
        </button>
      </PostForm>
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.schedule.heading")), description: t("staff.description") };
}
