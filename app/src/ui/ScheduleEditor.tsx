// The weekly schedule editor that a pantry's pickup times (/staff/schedule) and a delivery
// program's windows (/staff/delivery-schedule) share: the server cuts both kinds of rows into times
// with the same rules (host/domain/schedule.rs), so the forms are one; what differs is passed in.
// Every form posts to the page's own URL, which answers 303 back (or 422), so it works without
// JavaScript.
import { Link } from "./Link";
import type { ReactNode } from "react";
import { t, tn, type MessageKey } from "../i18n/t";
import { refusalText } from "../lib/refusal";
import { fieldErrorText, serverFieldErrors, type FieldCode } from "../lib/forms";
import { formatDay, formatTime } from "../lib/format";
import type { components } from "../lib/api/schema.gen";
import { PostForm, usePostedAmong } from "./PostForm";

type ScheduleEntry = components["schemas"]["ScheduleEntry"];
type ClosedDay = components["schemas"]["ClosedDay"];

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

const ROW_INTENTS = ["add", "delete", "horizon"];
const CLOSED_INTENTS = ["close", "reopen"];

/** The words that name the owner's kind of times ("pickup" or "delivery"). */
export type ScheduleTexts = {
  weekly: MessageKey;
  none: MessageKey;
  addWeekly: MessageKey;
  addDay: MessageKey;
  opens: MessageKey;
  closes: MessageKey;
  slotMinutes: MessageKey;
  capacity: MessageKey;
};

export type ScheduleEditorProps = {
  /** The page's own URL, where choosing another owner goes (a GET form). */
  path: string;
  title: string;
  /** A note under the title (e.g. the program is inactive). */
  notice?: string;
  /** The pantry or program edited: its form field, id, and the others the caller may choose. */
  owner: { field: string; id: number; choose: MessageKey; choices: { id: number; label: string }[] };
  horizonDays: number;
  entries: ScheduleEntry[];
  /** Only owners that can close days have them (pantries). */
  closedDays?: ClosedDay[];
  /** The form just done (after its 303). */
  done?: string | null;
  doneTexts: Record<string, MessageKey>;
  /** The schedule's own field codes (domain::schedule); other codes read as the forms' usual words. */
  errorTexts: Record<string, MessageKey>;
  texts: ScheduleTexts;
  defaults: { opens: string; slotMinutes: string };
};

function range(first: string, last: string): string {
  return first === last ? formatDay(first) : `${formatDay(first)}–${formatDay(last)}`;
}

export function ScheduleEditor(props: ScheduleEditorProps) {
  const { owner, texts, closedDays } = props;
  const posted = usePostedAmong(closedDays ? [...ROW_INTENTS, ...CLOSED_INTENTS] : ROW_INTENTS);
  const fields = serverFieldErrors(posted.failure?.value);
  const intent = posted.intent;
  const kind = posted.values.kind ?? "";
  const general = posted.failure && Object.keys(fields).length === 0 ? refusalText(posted.failure) : null;
  const posting = (form: string) => form === `${intent}:${intent === "add" ? kind : ""}`;
  /** A field's error, shown only in the form that was posted (`form` names it). */
  const error = (form: string, name: string) => {
    const code = posting(form) ? fields[name] : undefined;
    if (!code) return null;
    const text = props.errorTexts[code] ? t(props.errorTexts[code]) : fieldErrorText(code as FieldCode);
    return (
      <span id={`${form.replace(":", "-")}-${name}-error`} className="field-error">
        {text}
      </span>
    );
  };
  const described = (form: string, name: string) => (posting(form) && fields[name] ? `${form.replace(":", "-")}-${name}-error` : undefined);
  const value = (form: string, name: string, fallback = "") => (posting(form) ? (posted.values[name] ?? fallback) : fallback);
  const ownerField = <input type="hidden" name={owner.field} value={String(owner.id)} />;
  const weekly = props.entries.filter((e) => e.weekday != null);
  const days = props.entries.filter((e) => e.date != null);
  const hours = (form: string) => (
    <>
      <label>
        {t(texts.opens)}
        <input type="time" name="opens" required defaultValue={value(form, "opens", props.defaults.opens)} aria-describedby={described(form, "opens")} />
        {error(form, "opens")}
      </label>
      <label>
        {t(texts.closes)}
        <input type="time" name="closes" required defaultValue={value(form, "closes", "12:00")} aria-describedby={described(form, "closes")} />
        {error(form, "closes")}
      </label>
      <label>
        {t(texts.slotMinutes)}
        <input type="number" name="slotMinutes" min={1} max={1440} required defaultValue={value(form, "slotMinutes", props.defaults.slotMinutes)} aria-describedby={described(form, "slotMinutes")} />
        {error(form, "slotMinutes")}
      </label>
      <label>
        {t(texts.capacity)}
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
      <h1>{props.title}</h1>
      {props.notice && <p className="info-box">{props.notice}</p>}
      {owner.choices.length > 1 && (
        <form method="get" action={props.path} className="staff-filter">
          <label>
            {t(owner.choose)}
            <select name={owner.field} defaultValue={String(owner.id)}>
              {owner.choices.map((p) => (
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
      {props.done && props.doneTexts[props.done] && (
        <p role="status" className="info-box">
          {t(props.doneTexts[props.done])}
        </p>
      )}
      {general && (
        <p role="alert" className="error-box">
          {general}
        </p>
      )}

      <h2>{t(texts.weekly)}</h2>
      {weekly.length + days.length === 0 ? (
        <p>{t(texts.none)}</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{t("staff.schedule.when")}</th>
              <th scope="col">{t("staff.schedule.hours")}</th>
              <th scope="col">{t(texts.slotMinutes)}</th>
              <th scope="col">{t(texts.capacity)}</th>
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
                    {formatTime(e.opens)}–{formatTime(e.closes)}
                  </td>
                  <td>{e.slotMinutes}</td>
                  <td>{e.capacity ?? t("staff.schedule.unlimited")}</td>
                  <td>
                    <PostForm onSubmit={native}>
                      {ownerField}
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={String(e.id)} />
                      <button type="submit" className="btn btn-small" aria-label={t("staff.schedule.removeRow", { when, hours: `${formatTime(e.opens)}–${formatTime(e.closes)}` })}>
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

      <h2>{t(texts.addWeekly)}</h2>
      <PostForm onSubmit={native} className="staff-filter">
        {ownerField}
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

      <h2>{t(texts.addDay)}</h2>
      <PostForm onSubmit={native} className="staff-filter">
        {ownerField}
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
        {ownerField}
        <input type="hidden" name="intent" value="horizon" />
        <label>
          {t("staff.schedule.horizonDays")}
          <input type="number" name="horizonDays" min={1} max={120} required defaultValue={value("horizon:", "horizonDays", String(props.horizonDays))} aria-describedby={described("horizon:", "horizonDays")} />
          {error("horizon:", "horizonDays")}
        </label>
        <button type="submit" className="btn">
          {t("staff.schedule.save")}
        </button>
      </PostForm>
      {closedDays && <ClosedDays closedDays={closedDays} ownerField={ownerField} error={error} described={described} value={value} />}
    </section>
  );
}

type FieldParts = {
  error: (form: string, name: string) => ReactNode;
  described: (form: string, name: string) => string | undefined;
  value: (form: string, name: string, fallback?: string) => string;
};

/** A pantry's closed days, with the orders still booked on them, and the form closing more. */
function ClosedDays({ closedDays, ownerField, error, described, value }: { closedDays: ClosedDay[]; ownerField: ReactNode } & FieldParts) {
  return (
    <>
      <h2>{t("staff.schedule.closed")}</h2>
      {closedDays.length === 0 ? (
        <p>{t("staff.schedule.noClosed")}</p>
      ) : (
        <ul className="staff-list">
          {closedDays.map((c) => (
            <li key={c.id}>
              <strong>{t("staff.schedule.closedOn", { dates: range(c.firstDay, c.lastDay), reason: c.reason })}</strong>
              <PostForm onSubmit={native}>
                {ownerField}
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
                          {o.orderId.toString(16).toUpperCase()} · {o.shopperName} · {formatDay(o.pickupDay)} {formatTime(o.start)}–{formatTime(o.end)}
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
        {ownerField}
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
    </>
  );
}
