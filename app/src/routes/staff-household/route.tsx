export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, tn, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffHouseholdPage } from "../../lib/api/pages";
import { formatDate } from "../../lib/format";
import { fieldErrorText, serverFieldErrors } from "../../lib/forms";
import { refusalText } from "../../lib/refusal";
import { orderNumber } from "../../lib/orders";
import { PostForm, usePostedAmong } from "../../ui/PostForm";
import { UnitsTable } from "../../ui/UnitsTable";
import { VisitSignature } from "../../ui/VisitSignature";
import { StaffUnavailable, TEFAP_BASES, basisName, stateName } from "../../ui/StaffParts";
import { IntakeFields } from "../../ui/IntakeFields";
import messages from "messages:staff,account";

addMessages(messages);

/** The visit form posts to this page (host/pages/staff_households.rs), which answers 303 back here. */
const native = () => undefined;


const HOW: Record<string, MessageKey> = {
  staff: "staff.households.how.staff",
  visit: "staff.households.how.visit",
  kept: "staff.households.how.kept",
};

const DONE: Record<string, MessageKey> = {
  registered: "staff.households.registered",
  visited: "staff.households.visited",
  decided: "staff.households.decided",
  merged: "staff.households.merged",
  edited: "staff.households.edited",
};

type Household = NonNullable<StaffHouseholdPage["household"]>;

/** The household's facts as the edit form's fields hold them. */
function editValues(h: Household): Record<string, string> {
  const text = (v: string | number | null | undefined) => (v == null ? "" : String(v));
  return {
    firstName: h.firstName,
    lastName: h.lastName,
    birthDate: text(h.birthDate),
    phone: text(h.phone),
    email: text(h.email),
    street: text(h.street),
    postalCode: h.postalCode,
    language: text(h.language),
    size: text(h.size),
    children: text(h.children),
    adults: text(h.adults),
    seniors: text(h.seniors),
  };
}

/**
 * /staff/households/{id} (volunteers and up, at the household's food bank): the household's facts,
 * its TEFAP decision (and whether it is due for recertification), the form recording a walk-in
 * visit at the working pantry (items from its stock, or pounds; TEFAP foods with their basis),
 * and its visits and orders, with the way to a phone order for pantry staff; its facts can be
 * corrected (the intake form's fields). Opening it is written in the audit log.
 */
export default function StaffHousehold({ data }: { data: StaffHouseholdPage | null }) {
  const posted = usePostedAmong(["visit", "decide", "merge", "edit"]);
  if (!data?.household) return <StaffUnavailable />;
  const h = data.household;
  const fields = serverFieldErrors(posted.failure?.value);
  const general = posted.failure && Object.keys(fields).length === 0 ? refusalText(posted.failure) : null;
  // Say what a refused field lacks, not only that it is required.
  const said: Record<string, Partial<Record<string, MessageKey>>> = {
    pounds: { required: "staff.households.nothingGiven" },
    signature: { required: "staff.households.signatureMissing", choice: "staff.households.signatureBad" },
  };
  const error = (f: string) => {
    const code = fields[f];
    if (!code) return undefined;
    const key = said[f]?.[code];
    return key ? t(key) : fieldErrorText(code);
  };
  const visitError = (f: string) => (posted.intent === "visit" ? error(f) : undefined);
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
      {data.done && DONE[data.done] && (
        <p role="status" className="info-box">
          {t(DONE[data.done])}
        </p>
      )}
      {data.done === "ordered" && data.ordered != null && (
        <p role="status" className="info-box">
          {t("staff.households.ordered", { number: orderNumber(data.ordered) })}
        </p>
      )}
      {h.recertificationDue && (
        <p className="warning-box">{t(h.tefap ? "staff.households.recertifyDue" : "staff.households.noDecision")}</p>
      )}
      {general && (
        <p role="alert" className="error-box">
          {general}
        </p>
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
      </dl>
      {h.possibleDuplicates.length > 0 && (
        <section aria-labelledby="same-title">
          <h2 id="same-title">{t("staff.households.sameTitle")}</h2>
          <p className="hint">{t("staff.households.sameHint")}</p>
          <ul className="staff-list">
            {h.possibleDuplicates.map((d) => (
              <li key={d.id}>
                <Link to={`/staff/households/${d.id}${h.pantryId != null ? `?pantry=${h.pantryId}` : ""}`}>
                  {d.firstName} {d.lastName}
                </Link>
                {d.birthDate && (
                  <>
                    {" "}
                    · <time dateTime={d.birthDate}>{formatDate(d.birthDate)}</time>
                  </>
                )}
                {d.phoneEnd && <> · {t("staff.households.phoneEnd", { digits: d.phoneEnd })}</>} · {d.postalCode}
                <PostForm onSubmit={native} intent="merge" className="inline-form">
                  <input type="hidden" name="pantry" value={h.pantryId ?? ""} />
                  <input type="hidden" name="other" value={d.id} />
                  <button type="submit" className="btn btn-secondary">
                    {t("staff.households.mergeButton", { name: `${d.firstName} ${d.lastName}` })}
                  </button>
                </PostForm>
              </li>
            ))}
          </ul>
        </section>
      )}
      <details className="staff-edit" open={posted.intent === "edit" ? true : undefined}>
        <summary>{t("staff.households.edit")}</summary>
        <p className="hint">{t("staff.households.editHint")}</p>
        {h.pantryId == null ? (
          <p>{t("staff.households.noPantry")}</p>
        ) : (
          <PostForm onSubmit={native} intent="edit" className="staff-form">
            <input type="hidden" name="pantry" value={h.pantryId} />
            <IntakeFields values={posted.intent === "edit" ? posted.values : editValues(h)} errorText={(f) => (posted.intent === "edit" ? error(f) : undefined)} />
            <button type="submit" className="btn btn-secondary">
              {t("staff.households.saveEdit")}
            </button>
          </PostForm>
        )}
      </details>
      <TefapSection data={data} decideError={posted.intent === "decide" ? error("decisionBasis") : undefined} decideValue={posted.intent === "decide" ? posted.values.decisionBasis : undefined} />
      <h2 id="visit-title">{t("staff.households.visit")}</h2>
      {h.pantryId == null ? (
        <p>{t("staff.households.noPantry")}</p>
      ) : (
        <PostForm onSubmit={native} intent="visit" className="staff-form" aria-describedby="visit-title">
          <input type="hidden" name="pantry" value={h.pantryId} />
          {h.items.length > 0 && (
            <UnitsTable items={h.items} caption={t("staff.households.items")} column={t("staff.households.givenOut")} label={(item) => t("staff.households.unitsOf", { item })} />
          )}
          {visitError("units") && <p className="field-error">{visitError("units")}</p>}
          <label htmlFor="visit-pounds">
            {t("staff.households.pounds")}
            <input id="visit-pounds" type="number" name="pounds" min={0} step="0.1" inputMode="decimal" defaultValue={posted.values.pounds ?? ""} aria-invalid={visitError("pounds") ? true : undefined} aria-describedby={visitError("pounds") ? "visit-pounds-error" : undefined} />
            {visitError("pounds") && (
              <span id="visit-pounds-error" className="field-error">
                {visitError("pounds")}
              </span>
            )}
          </label>
          <fieldset>
            <legend>{t("staff.households.tefapGiven")}</legend>
            <label className="check">
              <input type="checkbox" name="tefap" value="1" /> {t("staff.households.tefapYes")}
            </label>
            <BasisField id="visit-basis" name="tefapBasis" label={t("staff.tefap.basis")} value={posted.values.tefapBasis ?? h.tefap?.basis ?? ""} error={visitError("tefapBasis")} />
          </fieldset>
          {h.visitSignature && <VisitSignature typed={posted.intent === "visit" ? (posted.values.signedName ?? "") : ""} error={visitError("signature")} />}
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
              {v.signed && <> · {t("staff.households.signed")}</>}
            </li>
          ))}
        </ul>
      )}
      <h2>{t("staff.households.orders")}</h2>
      {data.canOrder && h.pantryId != null && (
        <p>
          <Link to={`/staff/households/${h.id}/order?pantry=${h.pantryId}`} className="btn btn-secondary">
            {t("staff.households.phoneOrder")}
          </Link>
        </p>
      )}
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

/** A basis of TEFAP eligibility to choose, with its refusal at the field. */
function BasisField({ id, name, label, value, error }: { id: string; name: string; label: string; value: string; error?: string }) {
  return (
    <label htmlFor={id}>
      {label}
      <select id={id} name={name} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">{t("staff.households.basisNone")}</option>
        {TEFAP_BASES.map((b) => (
          <option key={b} value={b}>
            {basisName(b)}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </label>
  );
}

/**
 * The household's TEFAP eligibility: the decision standing and until when, the food bank's
 * period, the form recording a decision today (at the working pantry), and every decision kept.
 */
function TefapSection({ data, decideError, decideValue }: { data: StaffHouseholdPage; decideError?: string; decideValue?: string }) {
  const h = data.household!;
  return (
    <>
      <h2 id="tefap-title">{t("staff.households.tefapTitle")}</h2>
      {h.tefap && (
        <p>
          {basisName(h.tefap.basis)} · <time dateTime={h.tefap.decidedOn}>{formatDate(h.tefap.decidedOn)}</time>
          {h.tefapDueOn && (
            <>
              {" "}
              · {t("staff.households.dueOn", { date: formatDate(h.tefapDueOn) })}
            </>
          )}
        </p>
      )}
      <p className="hint">{tn("staff.households.period", h.tefapValidMonths)}</p>
      {h.pantryId != null && (
        <PostForm onSubmit={native} intent="decide" className="staff-form" aria-describedby="decide-title">
          <h3 id="decide-title">{t("staff.households.decide")}</h3>
          <input type="hidden" name="pantry" value={h.pantryId} />
          <BasisField id="decision-basis" name="decisionBasis" label={t("staff.households.decisionBasis")} value={decideValue ?? ""} error={decideError} />
          <button type="submit" className="btn btn-secondary">
            {t("staff.households.decideButton")}
          </button>
        </PostForm>
      )}
      <h3>{t("staff.households.decisions")}</h3>
      {h.decisions.length === 0 ? (
        <p>{t("staff.households.noDecisions")}</p>
      ) : (
        <ul className="staff-list">
          {h.decisions.map((d, i) => (
            <li key={i}>
              <time dateTime={d.day}>{formatDate(d.day)}</time> · {basisName(d.basis)} · {HOW[d.how] ? t(HOW[d.how]) : d.how}
              {d.pantry && <> · {d.pantry}</>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A generic title: a tab's title is kept in the browser's history, and a name is personal data. */
export function meta(): Meta {
  return { title: pageTitle(t("staff.households.page")), description: t("staff.description") };
}
