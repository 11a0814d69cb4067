export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import type { Meta } from "../../types";
import { refusalText } from "../../lib/refusal";
import type { StaffRunPage } from "../../lib/api/pages";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { StaffUnavailable } from "../../ui/StaffParts";
import { StopState, ZipCentre, addressLine, outcomeName, windowName } from "../../ui/RunParts";
import messages from "messages:staff";

addMessages(messages);

/** Each report posts to this page (host/pages/staff_runs.rs), which answers 303 back here. */
const native = () => undefined;

const OUTCOMES = ["delivered", "nobodyHome", "refused"] as const;

/**
 * /staff/runs/{id}, the run sheet (the run's driver, or the food bank's admin): phone-first, the
 * stops in route order with the address (a link to the phone's maps app), the phone (tap to
 * call), the address's notes and the items; on the road, Delivered, Nobody home and Refused per
 * stop. Printed, it is the route sheet. Works without JavaScript (post, 303).
 */
export default function StaffRun({ data }: { data: StaffRunPage | null }) {
  const posted = usePostedForm("report");
  if (!data?.sheet) return <StaffUnavailable />;
  const { run, window, coordinates } = data.sheet;
  return (
    <section className="card staff staff-sheet">
      <h1>{t("staff.runs.run", { number: run.number })}</h1>
      <p>{windowName(window)}</p>
      <p>
        {run.driverName ? t("staff.runs.drivenBy", { name: run.driverName }) : t("staff.runs.noDriver")} ·{" "}
        {t("staff.runs.summary", { stops: run.stops.length, miles: run.miles })}
        {run.startedAt ? ` · ${t("staff.runs.onTheRoad")}` : ` · ${t("staff.runs.notStarted")}`}
      </p>
      {data.reported && (
        <p role="status" className="info-box">
          {t("staff.runs.reported", { outcome: outcomeName(data.reported) })}
        </p>
      )}
      {posted.failure && (
        <p role="alert" className="error-box">
          {refusalText(posted.failure)}
        </p>
      )}
      <p className="no-print">
        {coordinates && (
          <>
            <Link to={`/staff/runs?window=${window.id}`}>{t("staff.runs.backToBoard")}</Link>{" "}
          </>
        )}
        <span>{t("staff.runs.printHint")}</span>
      </p>
      <ol className="staff-stops staff-sheet-stops">
        {run.stops.map((s) => (
          <li key={s.id} data-stop={s.orderID}>
            <p>
              <strong>{s.name}</strong> <StopState stop={s} />
            </p>
            <p>
              <a href={s.mapsUrl} target="_blank" rel="noopener noreferrer">
                {addressLine(s)}
              </a>
              <ZipCentre stop={s} />
            </p>
            <p>
              {s.phone && (
                <>
                  <a href={`tel:${s.phone}`}>{t("staff.runs.call", { phone: s.phone })}</a>
                  {" · "}
                </>
              )}
              {t("staff.runs.items", { count: s.items })}
            </p>
            {s.notes && <p className="staff-notes">{t("staff.runs.notes", { notes: s.notes })}</p>}
            {s.reportable && (
              <div className="staff-stop-actions no-print">
                {OUTCOMES.map((o) => (
                  <PostForm key={o} onSubmit={native} intent="report" className="staff-inline">
                    <input type="hidden" name="stop" value={s.id} />
                    <input type="hidden" name="outcome" value={o} />
                    <button
                      type="submit"
                      className={o === "delivered" ? "btn btn-primary" : "btn btn-secondary"}
                      aria-label={t("staff.runs.reportOf", { outcome: outcomeName(o), name: s.name })}
                    >
                      {outcomeName(o)}
                    </button>
                  </PostForm>
                ))}
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.runs.sheetTitle")), description: t("staff.description") };
}
