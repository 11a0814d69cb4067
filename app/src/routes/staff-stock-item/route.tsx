export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffStockItemPage } from "../../lib/api/pages";
import { fieldErrorText, serverFieldErrors } from "../../lib/forms";
import { orderNumber } from "../../lib/orders";
import { refusalText } from "../../lib/refusal";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { StaffUnavailable } from "../../ui/StaffParts";
import { StockEntryForm, reasonName, signed, when } from "../../ui/StockParts";
import messages from "messages:staff";

addMessages(messages);

const native = () => undefined;
const SCOPES = ["DAY", "WEEK", "MONTH", "ORDER", "ACCOUNT"] as const;

/**
 * /staff/stock/{itemId}: an item's stock movements, newest first (why, the change, the quantity
 * after, who, the order), the form recording stock in or out, and its limits (one per period, set
 * or removed here; the shop shows them at once), and the low-stock level at or under which the
 * Today page lists it. Works without JavaScript.
 */
export default function StaffStockItem({ data }: { data: StaffStockItemPage | null }) {
  const posted = usePostedForm("limit");
  const lowPosted = usePostedForm("lowAt");
  if (!data?.history) return <StaffUnavailable />;
  const h = data.history;
  const item = h.item;
  const fields = serverFieldErrors(posted.failure?.value);
  const error = (name: string) =>
    fields[name] && (
      <span id={`limit-${name}-error`} className="field-error" role="alert">
        {fieldErrorText(fields[name])}
      </span>
    );
  return (
    <section className="card staff">
      <p>
        <Link to={`/staff/stock?pantry=${h.pantryId}`}>{t("staff.stock.back")}</Link>
      </p>
      <h1>{t("staff.stock.historyOf", { item: item.product })}</h1>
      {data.done === "saved" && (
        <p role="status" className="info-box">
          {t("staff.stock.saved")}
        </p>
      )}
      <p>
        {t("staff.stock.onHand")}: <strong data-on-hand>{item.onHand}</strong> · {t("staff.stock.held")}: {item.held}
      </p>
      <PostForm onSubmit={native} intent="lowAt" className="staff-filter">
        <input type="hidden" name="item" value={item.id} />
        <label>
          {t("staff.stock.lowAt")}
          <input type="number" name="lowAt" min={0} inputMode="numeric" defaultValue={lowPosted.values.lowAt ?? (item.lowAt ?? "")} aria-invalid={lowPosted.failure ? true : undefined} aria-describedby="low-at-help" />
        </label>
        <button type="submit" className="btn">
          {t("staff.stock.setLowAt")}
        </button>
      </PostForm>
      <p id="low-at-help">
        {lowPosted.failure ? (
          <span role="alert" className="field-error">
            {refusalText(lowPosted.failure)}
          </span>
        ) : (
          t("staff.stock.lowAtHelp")
        )}
      </p>
      <h2>{t("staff.stock.record")}</h2>
      <StockEntryForm item={item.id} product={item.product} moveKey={data.moveKey} />

      <h2>{t("staff.stock.limits")}</h2>
      {item.limits.length === 0 ? (
        <p>{t("staff.stock.noLimits")}</p>
      ) : (
        <ul className="staff-history">
          {item.limits.map((l) => (
            <li key={l.id}>
              {l.message}{" "}
              <PostForm onSubmit={native} intent="deleteLimit" className="inline-form">
                <input type="hidden" name="item" value={item.id} />
                <input type="hidden" name="limit" value={l.id} />
                <button type="submit" className="btn btn-link">
                  {t("staff.stock.removeLimit")}
                </button>
              </PostForm>
            </li>
          ))}
        </ul>
      )}
      <PostForm onSubmit={native} intent="limit" className="staff-filter" aria-describedby="limit-help">
        <input type="hidden" name="item" value={item.id} />
        <label>
          {t("staff.stock.limitValue")}
          <input type="number" name="value" min={0} inputMode="numeric" required defaultValue={posted.values.value ?? ""} aria-invalid={fields.value ? true : undefined} aria-describedby={fields.value ? "limit-value-error" : undefined} />
          {error("value")}
        </label>
        <label>
          {t("staff.stock.limitEvery")}
          <input type="number" name="every" min={1} inputMode="numeric" defaultValue={posted.values.every ?? "1"} aria-invalid={fields.every ? true : undefined} aria-describedby={fields.every ? "limit-every-error" : undefined} />
          {error("every")}
        </label>
        <label>
          {t("staff.stock.limitScope")}
          <select name="scope" defaultValue={posted.values.scope ?? "ORDER"} aria-describedby={fields.scope ? "limit-scope-error" : undefined}>
            {SCOPES.map((s) => (
              <option key={s} value={s}>
                {t(`staff.stock.scope.${s}` as MessageKey)}
              </option>
            ))}
          </select>
          {error("scope")}
        </label>
        <button type="submit" className="btn">
          {t("staff.stock.setLimit")}
        </button>
      </PostForm>
      <p id="limit-help">{t("staff.stock.limitHelp")}</p>

      <h2>{t("staff.stock.history")}</h2>
      {h.movements.length === 0 ? (
        <p>{t("staff.stock.none")}</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{t("staff.stock.when")}</th>
              <th scope="col">{t("staff.stock.reason")}</th>
              <th scope="col">{t("staff.stock.change")}</th>
              <th scope="col">{t("staff.stock.after")}</th>
              <th scope="col">{t("staff.stock.by")}</th>
              <th scope="col">{t("staff.stock.order")}</th>
            </tr>
          </thead>
          <tbody>
            {h.movements.map((m) => (
              <tr key={m.id}>
                <td>{when(m.at)}</td>
                <td>{reasonName(m.reason)}</td>
                <td>{signed(m.delta)}</td>
                <td>{m.quantityAfter}</td>
                <td>{m.by ?? t("staff.stock.server")}</td>
                <td>{m.orderId != null ? <Link to={`/staff/orders/${m.orderId}`}>{orderNumber(m.orderId)}</Link> : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.stock.history")), description: t("staff.description") };
}
