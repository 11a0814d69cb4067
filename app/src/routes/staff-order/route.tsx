export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import type { Meta } from "../../types";
import { orderNumber } from "../../lib/orders";
import { formatDate, formatDateTime, formatTimes } from "../../lib/format";
import { refusalText } from "../../lib/refusal";
import type { StaffOrderPage } from "../../lib/api/pages";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { StaffUnavailable, actionName, stateName } from "../../ui/StaffParts";
import messages from "messages:staff";

addMessages(messages);

/** The forms post to this page (host/pages/staff_pages.rs), which answers 303 back here. */
const native = () => undefined;

/**
 * /staff/orders/{id}: the shopper, the lines (each can be marked short while packing), the
 * history, and the buttons the order's state allows (Cancel Order with a reason the shopper reads).
 */
export default function StaffOrder({ data }: { data: StaffOrderPage | null }) {
  const posted = usePostedForm();
  if (!data?.order) return <StaffUnavailable />;
  const o = data.order;
  const failure = posted.failure;
  return (
    <section className="card staff">
      <p>
        <Link to="/staff/orders">{t("staff.queue.heading")}</Link>
      </p>
      <h1>{t("staff.order.title", { number: orderNumber(o.id) })}</h1>
      <p className="staff-state">
        {t("staff.order.state")}: <strong>{stateName(o.state)}</strong>
        {o.cancelReason && ` (${o.cancelReason})`}
      </p>
      {failure && (
        <p role="alert" className="error-box">
          {refusalText(failure)}
        </p>
      )}
      <dl>
        <dt>{t("staff.order.shopper")}</dt>
        <dd>
          {`${o.shopper.firstName} ${o.shopper.lastName}`.trim()}
          {o.byPhone && <> · {t("staff.queue.byPhone")}</>}
        </dd>
        <dt>{t("staff.order.phone")}</dt>
        <dd>{o.shopper.phone ?? "—"}</dd>
        <dt>{t("staff.order.household")}</dt>
        <dd>{o.shopper.householdSize ?? "—"}</dd>
        <dt>{t("staff.order.when")}</dt>
        <dd>
          {formatDate(o.day)} {o.starts && o.ends ? t("staff.queue.time", formatTimes(o.starts, o.ends)) : ""} {o.pantryLabel ?? t("staff.order.delivery")}
        </dd>
      </dl>
      <div className="staff-actions">
        {o.actions.map((a) => (
          <PostForm key={a} intent={a} onSubmit={native}>
            {a === "cancel" && (
              <label>
                {t("staff.order.reason")} <input name="reason" maxLength={500} required defaultValue={posted.values.reason ?? ""} />
              </label>
            )}
            <button type="submit" className={a === "cancel" || a === "markNoShow" ? "btn btn-danger" : "btn btn-primary"}>
              {actionName(a)}
            </button>
          </PostForm>
        ))}
      </div>
      <h2>{t("staff.order.items")}</h2>
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">{t("staff.order.item")}</th>
            <th scope="col">{t("staff.order.quantity")}</th>
            <th scope="col">{t("staff.order.packed")}</th>
            <th scope="col">{t("staff.order.substitutes")}</th>
          </tr>
        </thead>
        <tbody>
          {o.lines.map((l) => (
            <tr key={l.id}>
              <td>{l.name}</td>
              <td data-label={t("staff.order.quantity")}>{l.quantity}</td>
              <td data-label={t("staff.order.packed")}>
                {o.canShort ? (
                  <PostForm intent="short" onSubmit={native} className="staff-short">
                    <input type="hidden" name="line" value={l.id} />
                    <label>
                      <span className="visually-hidden">{t("staff.order.packedOf", { item: l.name })}</span>
                      <input type="number" name="packed" min={0} max={l.packed} defaultValue={l.packed} />
                    </label>
                    <button type="submit" className="btn">
                      {t("staff.order.markShort")}
                    </button>
                  </PostForm>
                ) : (
                  l.packed
                )}
              </td>
              <td data-label={t("staff.order.substitutes")}>{l.isSubstituteOk ? t("staff.yes") : t("staff.no")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t("staff.order.history")}</h2>
      <ol className="staff-history">
        {o.history.map((e, i) => (
          <li key={i}>
            {formatDateTime(e.at)}: {stateName(e.to)} — {e.by ?? t("staff.order.byServer")}
            {e.reason && ` (${e.reason})`}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.order.heading")), description: t("staff.description") };
}
