import { Link } from "react-router";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import { refusalText } from "../../lib/refusal";
import { fieldErrorText, serverFieldErrors, type FieldCode } from "../../lib/forms";
import { formatDay } from "../../lib/format";
import type { StaffDeliverySchedulePage } from "../../lib/api/pages";
import { PostForm, usePostedAmong } from "../../ui/PostForm";
import { StaffDenied } from "../../ui/StaffParts";
import messages from "messages:staff,account";

addMessages(messages);

/** Every form posts to this page (host/pages/staff_delivery_schedule.rs), which answers 303 back here. */
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

/** The schedule's own field codes (domain::schedule, the same rules as a pantry's), else the forms' usual words. */
const SCHEDULE_ERRORS: Record<string, MessageKey> = {
  overlaps: "staff.schedule.error.overlaps",
  slotTooLong: "staff.delivery.error.slotTooLong",
  closesBeforeOpens: "staff.delivery.error.closesBeforeOpens",
  belowBooked: "staff.delivery.error.belowBooked",
  outOfRange: "staff.schedule.error.outOfRange",
};

const INTENTS = ["add", "delete", "horizon"];

const DONE: Record<string, MessageKey> = {
  add: "staff.delivery.done.add",
  delete: "staff.delivery.done.delete",
  horizon: "staff.schedule.done.horizon",
};

/**
 * /staff/delivery-schedule (food bank admins): a delivery program's weekly hours and one-off days,
 * cut by the server into delivery windows (in the food bank's time zone) for the publishing
 * horizon; windows with orders are never moved. Works without JavaScript (post, 303 or 422).
 */
export default function StaffDeliverySchedule({ data }: { data: StaffDeliverySchedulePage | null }) {
  const posted = usePostedAmong(INTENTS);
  if (data?.noPrograms)
    return (
      <section className="card staff">
        <h1>{t("staff.delivery.heading")}</h1>
        <p>{t("staff.delivery.noPrograms")}</p>
      </section>
    );
  if (!data || data.denied || !data.schedule) return <StaffDenied denied={data?.denied ?? null} />;
  const s = data.schedule;
  const fields = serverFieldErrors(posted.failure?.value);
  const intent = posted.intent;
  const kind = posted.values.kind ?? "";
  const general = posted.failure && Object.keys(fields).length === 0 ? refusalText(posted.failure) : null;
  const posting = (form: string) => form === `${intent}:${intent === "add" ? kind : ""}`;
  /** A field's error, shown only in the form that was posted (`form` names it). */
  const error = (form: string, name: string) => {
    const code = posting(form) ? fields[name] : undefined;
    if (!code) return null;
    const text = SCHEDULE_ERRORS[code] ? t(SCHEDULE_ERRORS[code]) : fieldErrorText(code as FieldCode);
    return (
      <span id={`${form.replace(":", "-")}-${name}-error`} className="field-error">
        {text}
      </span>
    );
  };
  const described = (form: string, name: string) => (posting(form) && fields[name] ? `${form.replace(":", "-")}-${name}-error` : undefined);
  const value = (form: string, name: string, fallback = "") => (posting(form) ? (posted.values[name] ?? fallback) : fallback);
  const programField = <input type="hidden" name="program" value={String(s.program.id)} />;
  const hours = (form: string) => (
    <>
      <label>
        {t("staff.delivery.opens")}
        <input type="time" name="opens" required defaultValue={value(form, "opens", "10:00")} aria-describedby={described(form, "opens")} />
        {error(form, "opens")}
      </label>
      <label>
        {t("staff.delivery.closes")}
        <input type="time" name="closes" required defaultValue={value(form, "closes", "12:00")} aria-describedby={described(form, "closes")} />
        {error(form, "closes")}
      </label>
      <label>
        {t("staff.delivery.slotMinutes")}
        <input type="number" name="slotMinutes" min={1} max={1440} required defaultValue={value(form, "slotMinutes", "120")} aria-describedby={described(form, "slotMinutes")} />
        {error(form, "slotMinutes")}
      </label>
      <label>
        {t("staff.delivery.capacity")}
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
      <h1>{t("staff.delivery.title", { program: s.program.name })}</h1>
      {!s.program.isActive && <p className="info-box">{t("staff.delivery.inactive")}</p>}
      {s.programs.length > 1 && (
        <form method="get" action="/staff/delivery-schedule" className="staff-filter">
          <label>
            {t("staff.delivery.program")}
            <select name="program" defaultValue={String(s.program.id)}>
              {s.programs.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}
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

      <h2>{t("staff.delivery.weekly")}</h2>
      {s.entries.length === 0 ? (
        <p>{t("staff.delivery.none")}</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{t("staff.schedule.when")}</th>
              <th scope="col">{t("staff.schedule.hours")}</th>
              <th scope="col">{t("staff.delivery.slotMinutes")}</th>
              <th scope="col">{t("staff.delivery.capacity")}</th>
              <th scope="col">
                <span className="sr-only">{t("staff.schedule.remove")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {s.entries.map((e) => {
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
                      {programField}
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

      <h2>{t("staff.delivery.addWeekly")}</h2>
      <PostForm onSubmit={native} className="staff-filter">
        {programField}
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

      <h2>{t("staff.delivery.addDay")}</h2>
      <PostForm onSubmit={native} className="staff-filter">
        {programField}
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
        {programField}
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
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.delivery.heading")), description: t("staff.description") };
}
