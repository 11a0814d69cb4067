export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import { refusalText } from "../../lib/refusal";
import { fieldErrorText, serverFieldErrors } from "../../lib/forms";
import type { StaffRunsPage } from "../../lib/api/pages";
import { PostForm, usePostedAmong } from "../../ui/PostForm";
import { StaffUnavailable } from "../../ui/StaffParts";
import { StopState, ZipCentre, addressLine, windowName } from "../../ui/RunParts";
import { formatDate } from "../../lib/format";
import messages from "messages:staff";

addMessages(messages);

/** Every form posts to this page (host/pages/staff_runs.rs), which answers 303 back here. */
const native = () => undefined;

const DONE: Record<string, MessageKey> = {
  made: "staff.runs.done.made",
  moved: "staff.runs.done.moved",
  driver: "staff.runs.done.driver",
  started: "staff.runs.done.started",
  confirmed: "staff.runs.done.confirmed",
  driverAdded: "staff.runs.done.driverAdded",
  driverRemoved: "staff.runs.done.driverRemoved",
};

const INTENTS = ["make", "move", "driver", "start", "confirm", "addDriver", "removeDriver"] as const;

/** The program's drivers: each with Remove, and a form adding one by e-mail (invited when new). */
function Drivers({ board, posted }: { board: Board; posted: ReturnType<typeof usePostedAmong> }) {
  const w = board.window;
  if (!w) return null;
  const fields = posted.intent === "addDriver" ? serverFieldErrors(posted.failure?.value) : {};
  return (
    <section aria-labelledby="runs-drivers">
      <h2 id="runs-drivers">{t("staff.runs.driversOf", { program: w.programName })}</h2>
      {board.drivers.length === 0 ? (
        <p>{t("staff.runs.noDrivers")}</p>
      ) : (
        <ul className="staff-drivers">
          {board.drivers.map((d) => (
            <li key={d.userID}>
              {d.name}{" "}
              <PostForm onSubmit={native} intent="removeDriver" className="staff-inline">
                <input type="hidden" name="window" value={w.id} />
                <input type="hidden" name="program" value={w.programID} />
                <input type="hidden" name="driver" value={d.userID} />
                <button type="submit" className="btn btn-secondary" aria-label={t("staff.runs.removeDriverOf", { name: d.name })}>
                  {t("staff.runs.removeDriver")}
                </button>
              </PostForm>
            </li>
          ))}
        </ul>
      )}
      <PostForm onSubmit={native} intent="addDriver" className="staff-form">
        <input type="hidden" name="window" value={w.id} />
        <input type="hidden" name="program" value={w.programID} />
        <label>
          {t("staff.runs.driverEmail")}
          <input
            type="email"
            name="email"
            autoComplete="off"
            defaultValue={posted.intent === "addDriver" ? (posted.values.email ?? "") : ""}
            {...(fields.email ? { "aria-invalid": true as const, "aria-describedby": "runs-email-error" } : {})}
          />
          {fields.email && (
            <span id="runs-email-error" className="field-error">
              {fieldErrorText(fields.email)}
            </span>
          )}
        </label>
        <button type="submit" className="btn btn-secondary">
          {t("staff.runs.addDriver")}
        </button>
      </PostForm>
    </section>
  );
}

type Board = NonNullable<StaffRunsPage["board"]>;
type Run = Board["runs"][number];

/** One run: its driver (chosen while planned), route, stops, and Start or the failed stops to close. */
function RunCard({ run, board }: { run: Run; board: Board }) {
  const window = board.window?.id ?? 0;
  const others = board.runs.filter((r) => r.id !== run.id && !r.startedAt);
  const planned = !run.startedAt;
  return (
    <article className="staff-run" data-run={run.number} aria-labelledby={`run-${run.id}`}>
      <h3 id={`run-${run.id}`}>
        <Link to={`/staff/runs/${run.id}`}>{t("staff.runs.run", { number: run.number })}</Link>
      </h3>
      <p>
        {t("staff.runs.summary", { stops: run.stops.length, miles: run.miles })}
        {run.startedAt ? ` · ${t("staff.runs.onTheRoad")}` : ""}
      </p>
      {planned ? (
        <PostForm onSubmit={native} intent="driver" className="staff-inline">
          <input type="hidden" name="window" value={window} />
          <input type="hidden" name="run" value={run.id} />
          <label>
            {t("staff.runs.driver")}{" "}
            <select name="driver" defaultValue={run.driverUserID ?? ""}>
              <option value="">{t("staff.runs.noDriver")}</option>
              {board.drivers.map((d) => (
                <option key={d.userID} value={d.userID}>
                  {d.name}
                </option>
              ))}
            </select>
          </label>{" "}
          <button type="submit" className="btn btn-secondary">
            {t("staff.runs.giveDriver")}
          </button>
        </PostForm>
      ) : (
        <p>{t("staff.runs.drivenBy", { name: run.driverName ?? "" })}</p>
      )}
      <ol className="staff-stops">
        {run.stops.map((s) => (
          <li key={s.id} data-stop={s.orderID}>
            <strong>{s.name}</strong> <StopState stop={s} />
            <br />
            {addressLine(s)}
            <ZipCentre stop={s} />
            {planned && others.length > 0 && (
              <PostForm onSubmit={native} intent="move" className="staff-inline">
                <input type="hidden" name="window" value={window} />
                <input type="hidden" name="from" value={run.id} />
                <input type="hidden" name="stop" value={s.id} />
                <label>
                  {t("staff.runs.moveTo")}{" "}
                  <select name="run">
                    {others.map((r) => (
                      <option key={r.id} value={r.id}>
                        {t("staff.runs.run", { number: r.number })}
                      </option>
                    ))}
                  </select>
                </label>{" "}
                <button type="submit" className="btn btn-secondary" aria-label={t("staff.runs.moveStop", { name: s.name })}>
                  {t("staff.runs.move")}
                </button>
              </PostForm>
            )}
            {s.outcome && s.outcome !== "delivered" && !s.confirmed && s.state === "OUT_FOR_DELIVERY" && (
              <PostForm onSubmit={native} intent="confirm" className="staff-inline">
                <input type="hidden" name="window" value={window} />
                <input type="hidden" name="run" value={run.id} />
                <input type="hidden" name="stop" value={s.id} />
                <button type="submit" className="btn btn-secondary" aria-label={t("staff.runs.confirmOf", { name: s.name })}>
                  {t("staff.runs.confirm")}
                </button>
              </PostForm>
            )}
          </li>
        ))}
      </ol>
      {planned && (
        <PostForm onSubmit={native} intent="start">
          <input type="hidden" name="window" value={window} />
          <input type="hidden" name="run" value={run.id} />
          <button type="submit" className="btn btn-primary" aria-label={t("staff.runs.startOf", { number: run.number })}>
            {t("staff.runs.start")}
          </button>
        </PostForm>
      )}
    </article>
  );
}

/**
 * /staff/runs (food bank admins): a day's delivery windows; for the chosen one, the packed orders
 * waiting, the form that shares them among drivers, and each run with its driver, route and
 * stops (move a stop, start the run, close a stop the driver could not deliver). Works without
 * JavaScript (post, 303 or 422).
 */
export default function StaffRuns({ data }: { data: StaffRunsPage | null }) {
  const posted = usePostedAmong(INTENTS);
  if (!data?.board) return <StaffUnavailable />;
  const board = data.board;
  const fields = serverFieldErrors(posted.failure?.value);
  const general = posted.failure && Object.keys(fields).length === 0 ? posted.failure : null;
  const makeFields = posted.intent === "make" ? fields : {};
  return (
    <section className="card staff">
      <h1>{t("staff.runs.title")}</h1>
      {data.done && DONE[data.done] && (
        <p role="status" className="info-box">
          {t(DONE[data.done])}
        </p>
      )}
      {general && (
        <p role="alert" className="error-box">
          {refusalText(general)}
        </p>
      )}
      <form method="get" action="/staff/runs" className="staff-filter">
        <label>
          {t("staff.queue.date")} <input type="date" name="date" defaultValue={board.date} />
        </label>
        <button type="submit" className="btn">
          {t("staff.queue.show")}
        </button>
      </form>
      {board.windows.length === 0 ? (
        <p>{t("staff.runs.noWindows", { date: formatDate(board.date) })}</p>
      ) : (
        <nav aria-label={t("staff.runs.windows")}>
          <ul className="staff-counts">
            {board.windows.map((w) => (
              <li key={w.id}>
                <Link to={`/staff/runs?window=${w.id}`} aria-current={w.id === board.window?.id ? "page" : undefined}>
                  {windowName(w)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {board.window && (
        <>
          <h2>{windowName(board.window)}</h2>
          {board.window.depotIsZipCentre && <p>{t("staff.runs.depotZip")}</p>}
          <p data-waiting={board.waiting}>{t("staff.runs.waiting", { count: board.waiting })}</p>
          <PostForm onSubmit={native} intent="make" className="staff-form">
            <input type="hidden" name="window" value={board.window.id} />
            <label>
              {t("staff.runs.drivers")}
              <input
                type="number"
                name="drivers"
                min={1}
                max={50}
                inputMode="numeric"
                defaultValue={posted.intent === "make" ? posted.values.drivers : String(Math.max(1, board.drivers.length))}
                {...(makeFields.drivers ? { "aria-invalid": true as const, "aria-describedby": "runs-drivers-error" } : {})}
              />
              {makeFields.drivers && (
                <span id="runs-drivers-error" className="field-error">
                  {makeFields.drivers === "choice" ? t("refusal.driversOutOfRange") : fieldErrorText(makeFields.drivers)}
                </span>
              )}
            </label>
            <p>{t("staff.runs.makeHelp")}</p>
            <button type="submit" className="btn btn-primary">
              {t("staff.runs.make")}
            </button>
          </PostForm>
          {board.runs.length === 0 ? <p>{t("staff.runs.none")}</p> : board.runs.map((r) => <RunCard key={r.id} run={r} board={board} />)}
          <Drivers board={board} posted={posted} />
        </>
      )}
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.runs.title")), description: t("staff.description") };
}
