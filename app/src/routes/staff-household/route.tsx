export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffHouseholdPage } from "../../lib/api/pages";
import { formatDate } from "../../lib/format";
import { fieldErrorText, serverFieldErrors } from "../../lib/forms";
import { refusalText } from "../../lib/refusal";
import { orderNumber } from "../../lib/orders";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { StaffUnavailable, stateName } from "../../ui/StaffParts";
import messages from "messages:staff,account";

addMessages(messages);

/** The visit form posts to this page (host/pages/staff_households.rs), which answers 303 back here. */
const native = () => undefined;

const BASES: Record<string, MessageKey> = {
  income: "staff.tefap.basis.income",
  programs: "staff.tefap.basis.programs",
  emergency: "staff.tefap.basis.emergency",
  homeless: "staff.tefap.basis.homeless",
};
const basisName = (code: string) => (BASES[code] ? t(BASES[code]) : code);

/**
 * /staff/households/{id} (volunteers and up, at the household's food bank): the household's facts,
 * its TEFAP decision (and whether it is due for recertification), the form recording a walk-in
 * visit at the working pantry (items from its stock, or pounds; TEFAP foods with their basis),
 * and its visits and orders. Opening it is written in the audit log.
 */
export default function StaffHousehold({ data }: { data: StaffHouseholdPage | null }) {
  const posted = usePostedForm("visit");
  if (!data?.household) return <StaffUnavailable />;
  const h = data.household;
  const fields = serverFieldErrors(posted.failure?.value);
  const general = posted.failure ? refusalText(posted.failure) : null;
  // An empty visit is refused at the pounds field: say what it lacks, not only that it is required.
  const error = (f: string) => (f === "pounds" && fields[f] === "required" ? t("staff.households.nothingGiven") : fields[f] ? fieldErrorText(fields[f]) : undefined);
  const fact = (label: MessageKey, value: string | number | null | undefined) =>
    value != null && value !== "" ? (
      <>
        <dt>{t(label)}</dt>
        <dd>{value}</dd>
      </>
    ) : null;
  return (
    <section className="card staff">
      <p>
        <Link to={h.pantryId != null ? `/staff/households?pantry=${h.pantryId}` : "/staff/households"}>{t("staff.households.back")}</Link>
      </p>
      <h1>
        {h.firstName} {h.lastName}
      </h1>
      {data.done && (
        <p role="status" className="info-box">
          {t(data.done === "visited" ? "staff.households.visited" : "staff.households.registered")}
        </p>
      )}
      {h.recertificationDue && (
        <p className="warning-box">{t(h.tefap ? "staff.households.recertifyDue" : "staff.households.noDecision")}</p>
      )}
      <dl className="facts">
        {h.birthDate && (
          <>
            <dt>{t("staff.households.birthDate")}</dt>
            <dd>
              <time dateTime={h.birthDate}>{formatDate(h.birthDate)}</time>
            </dd>
          </>
        )}
        {fact("staff.households.phone", h.phone)}
        {fact("staff.households.email", h.email)}
        {fact("staff.households.street", h.street)}
        {fact("staff.households.zip", h.postalCode)}
        {fact("staff.households.size", h.size)}
        {h.children != null && fact("staff.households.ages", t("staff.households.agesOf", { children: h.children, adults: h.adults ?? 0, seniors: h.seniors ?? 0 }))}
        {h.tefap && (
          <>
            <dt>{t("staff.tefap.basis")}</dt>
            <dd>
              {basisName(h.tefap.basis)} · <time dateTime={h.tefap.decidedOn}>{formatDate(h.tefap.decidedOn)}</time>
            </dd>
          </>
        )}
      </dl>
      <h2 id="visit-title">{t("staff.households.visit")}</h2>
      {general && (
        <p role="alert" className="error-box">
          {general}
        </p>
      )}
      {h.pantryId == null ? (
        <p>{t("staff.households.noPantry")}</p>
      ) : (
        <PostForm onSubmit={native} intent="visit" className="staff-form" aria-describedby="visit-title">
          <input type="hidden" name="pantry" value={h.pantryId} />
          {h.items.length > 0 && (
            <table className="staff-table">
              <caption>{t("staff.households.items")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("staff.households.item")}</th>
                  <th scope="col">{t("staff.households.onHand")}</th>
                  <th scope="col">{t("staff.households.givenOut")}</th>
                </tr>
              </thead>
              <tbody>
                {h.items.map((i) => (
                  <tr key={i.id}>
                    <th scope="row">{i.name}</th>
                    <td data-label={t("staff.households.onHand")}>{i.onHand}</td>
                    <td data-label={t("staff.households.givenOut")}>
                      <input type="number" name={`units.${i.id}`} min={0} max={Math.min(999, i.onHand)} inputMode="numeric" aria-label={t("staff.households.unitsOf", { item: i.name })} defaultValue="" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {error("units") && <p className="field-error">{error("units")}</p>}
          <label htmlFor="visit-pounds">
            {t("staff.households.pounds")}
            <input id="visit-pounds" type="number" name="pounds" min={0} step="0.1" inputMode="decimal" defaultValue={posted.values.pounds ?? ""} aria-invalid={error("pounds") ? true : undefined} aria-describedby={error("pounds") ? "visit-pounds-error" : undefined} />
            {error("pounds") && (
              <span id="visit-pounds-error" className="field-error">
                {error("pounds")}
              </span>
            )}
          </label>
          <fieldset>
            <legend>{t("staff.households.tefapGiven")}</legend>
            <label className="check">
              <input type="checkbox" name="tefap" value="1" /> {t("staff.households.tefapYes")}
            </label>
            <label htmlFor="visit-basis">
              {t("staff.tefap.basis")}
              <select id="visit-basis" name="tefapBasis" defaultValue={posted.values.tefapBasis ?? h.tefap?.basis ?? ""} aria-invalid={error("tefapBasis") ? true : undefined} aria-describedby={error("tefapBasis") ? "visit-basis-error" : undefined}>
                <option value="">{t("staff.households.basisNone")}</option>
                {Object.keys(BASES).map((b) => (
                  <option key={b} value={b}>
                    {basisName(b)}
                  </option>
                ))}
              </select>
              {error("tefapBasis") && (
                <span id="visit-basis-error" className="field-error">
                  {error("tefapBasis")}
                </span>
              )}
            </label>
          </fieldset>
          <button type="submit" className="btn btn-primary">
            {t("staff.households.record")}
          </button>
        </PostForm>
      )}
      <h2>{t("staff.households.visits")}</h2>
      {h.visits.length === 0 ? (
        <p>{t("staff.households.noVisits")}</p>
      ) : (
        <ul className="staff-list">
          {h.visits.map((v) => (
            <li key={v.id}>
              <time dateTime={v.day}>{formatDate(v.day)}</time> · {v.pantry} · {t("staff.households.visitAmount", { items: v.units, pounds: v.pounds })}
              {v.tefapBasis && <> · {t("staff.households.tefapOn", { basis: basisName(v.tefapBasis) })}</>}
            </li>
          ))}
        </ul>
      )}
      <h2>{t("staff.households.orders")}</h2>
      {h.orders.length === 0 ? (
        <p>{t("staff.households.noOrders")}</p>
      ) : (
        <ul className="staff-list">
          {h.orders.map((o) => (
            <li key={o.id}>
              <Link to={`/staff/orders/${o.id}`}>{orderNumber(o.id)}</Link> · <time dateTime={o.day}>{formatDate(o.day)}</time>
              {o.pantry && <> · {o.pantry}</>} · {stateName(o.state)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A generic title: a tab's title is kept in the browser's history, and a name is personal data. */
export function meta(): Meta {
  return { title: pageTitle(t("staff.households.page")), description: t("staff.description") };
}
