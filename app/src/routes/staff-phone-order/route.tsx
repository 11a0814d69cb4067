export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { DeliveryTime } from "../../entities";
import type { Meta } from "../../types";
import type { StaffPhoneOrderPage } from "../../lib/api/pages";
import { formatDay } from "../../lib/format";
import { deliveryWindowLabel, pickupTimeLabel } from "../../lib/time-labels";
import { fieldErrorText, serverFieldErrors } from "../../lib/forms";
import { refusalText } from "../../lib/refusal";
import { PostForm, usePostedAmong } from "../../ui/PostForm";
import { StaffUnavailable } from "../../ui/StaffParts";
import { UnitsTable } from "../../ui/UnitsTable";
import messages from "messages:staff,times";

addMessages(messages);

/** The form posts to this page (host/pages/staff_phone_order.rs), which answers 303 to the household. */
const native = () => undefined;

/** A delivery window as words, with "full" when it is. */
function windowLabel(w: DeliveryTime | undefined): string {
  if (!w) return "";
  return w.remaining === 0 ? `${deliveryWindowLabel(w)} · ${t("times.full")}` : deliveryWindowLabel(w);
}

/** The units typed before a refusal, kept by the server as `id:n` pairs. */
function keptUnits(kept: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (kept ?? "").split(",")) {
    const [id, n] = pair.split(":");
    if (id && n) out[id] = n;
  }
  return out;
}

/**
 * /staff/households/{id}/order (pantry staff and up): a phone order for the household at the
 * working pantry: a pickup time there (or a delivery window of the food bank, to the household's
 * street: `?window=`, with that window's stock), units of the items, and whether the household is
 * sent the confirmation. The server applies the shopper's rules and says which one refused.
 */
export default function StaffPhoneOrder({ data }: { data: StaffPhoneOrderPage | null }) {
  const posted = usePostedAmong(["order"]);
  const s = data?.sheet;
  if (!s) return <StaffUnavailable />;
  const fields = serverFieldErrors(posted.failure?.value);
  const general = posted.failure && Object.keys(fields).length === 0 ? refusalText(posted.failure) : null;
  const said: Record<string, Partial<Record<string, MessageKey>>> = {
    units: { required: "staff.phoneOrder.nothingChosen" },
    slot: { required: "staff.phoneOrder.chooseTime" },
  };
  const error = (f: string) => {
    const code = fields[f];
    if (!code) return undefined;
    const key = said[f]?.[code];
    return key ? t(key) : fieldErrorText(code);
  };
  const units = keptUnits(posted.values.units);
  const notify = posted.failure ? posted.values.notify === "1" : true;
  const where = s.hasAccount ? t("staff.phoneOrder.toAccount") : s.phone || s.email ? t("staff.phoneOrder.toRecord", { to: [s.phone, s.email].filter(Boolean).join(" · ") }) : null;
  return (
    <section className="card staff">
      <p>
        <Link to={`/staff/households/${s.householdId}?pantry=${s.pantryId}`}>{t("staff.phoneOrder.back")}</Link>
      </p>
      <h1>{t("staff.phoneOrder.title", { name: `${s.firstName} ${s.lastName}` })}</h1>
      <p>{t("staff.phoneOrder.at", { pantry: s.pantry })}</p>
      {s.recertificationDue && <p className="warning-box">{t("staff.phoneOrder.noTefap")}</p>}
      {general && (
        <p role="alert" className="error-box">
          {general}
        </p>
      )}
      {s.window == null && s.windows.length > 0 && (
        <nav aria-labelledby="phone-order-deliver">
          <h2 id="phone-order-deliver">{t("staff.phoneOrder.deliverTitle")}</h2>
          <ul className="staff-list">
            {s.windows.map((w) => (
              <li key={w.id}>
                <Link to={`/staff/households/${s.householdId}/order?pantry=${s.pantryId}&window=${w.id}`}>{windowLabel(w)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {s.window == null && s.times.length === 0 ? (
        <p>{t("staff.phoneOrder.noTimes")}</p>
      ) : (
        <PostForm onSubmit={native} intent="order" className="staff-form" aria-describedby="phone-order-title">
          <h2 id="phone-order-title" className="sr-only">
            {t("staff.phoneOrder.page")}
          </h2>
          <input type="hidden" name="pantry" value={s.pantryId} />
          <input type="hidden" name="key" value={s.key} />
          {s.window != null ? (
            <>
              <input type="hidden" name="slot" value={`delivery-${s.window}`} />
              <p>
                {t("staff.phoneOrder.deliveryIn", { window: windowLabel(s.windows.find((w) => w.id === s.window)) })}{" "}
                <Link to={`/staff/households/${s.householdId}/order?pantry=${s.pantryId}`}>{t("staff.phoneOrder.pickupInstead")}</Link>
              </p>
              {error("slot") && <p className="field-error">{error("slot")}</p>}
            </>
          ) : (
            <label htmlFor="phone-order-time">
              {t("staff.phoneOrder.time")}
              <select id="phone-order-time" name="slot" defaultValue={posted.values.slot ?? ""} aria-invalid={error("slot") ? true : undefined} aria-describedby={error("slot") ? "phone-order-time-error" : undefined}>
                <option value="">{t("staff.phoneOrder.chooseTime")}</option>
                {s.times.map((x) => (
                  <option key={x.id} value={`pickup-${x.id}`} disabled={x.remaining === 0}>
                    {formatDay(x.pickupDay)} · {pickupTimeLabel(x)}
                    {x.remaining === 0 ? ` · ${t("times.full")}` : ""}
                  </option>
                ))}
              </select>
              {error("slot") && (
                <span id="phone-order-time-error" className="field-error">
                  {error("slot")}
                </span>
              )}
            </label>
          )}
          {s.items.length === 0 ? (
            <p>{t("staff.phoneOrder.noItems")}</p>
          ) : (
            <UnitsTable items={s.items} caption={t("staff.phoneOrder.items")} column={t("staff.phoneOrder.units")} label={(item) => t("staff.phoneOrder.unitsOf", { item })} kept={units} />
          )}
          {error("units") && (
            <p id="phone-order-units-error" className="field-error">
              {error("units")}
            </p>
          )}
          <label className="check">
            <input type="checkbox" name="notify" value="1" defaultChecked={notify} /> {t("staff.phoneOrder.notify")}
          </label>
          {where && <p className="hint">{where}</p>}
          <button type="submit" className="btn btn-primary">
            {t("staff.phoneOrder.place")}
          </button>
        </PostForm>
      )}
    </section>
  );
}

/** A generic title: a tab's title is kept in the browser's history, and a name is personal data. */
export function meta(): Meta {
  return { title: pageTitle(t("staff.phoneOrder.page")), description: t("staff.description") };
}
