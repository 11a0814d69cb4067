export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, tn } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffHouseholdsPage } from "../../lib/api/pages";
import { formatDate } from "../../lib/format";
import { fieldErrorText, serverFieldErrors } from "../../lib/forms";
import { refusalText } from "../../lib/refusal";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { IntakeFields, INTAKE_FIELDS } from "../../ui/IntakeFields";
import type { HouseholdListed } from "../../ui/IntakeFields";
import { useOffline } from "../../state/app";
import messages from "messages:staff,account";

addMessages(messages);

/** The forms post to this page (host/pages/staff_households.rs): a search or a registration. */
const native = () => undefined;

function Listed({ h, pantry }: { h: HouseholdListed; pantry: number | null | undefined }) {
  const href = pantry != null ? `/staff/households/${h.id}?pantry=${pantry}` : `/staff/households/${h.id}`;
  return (
    <>
      <Link to={href}>
        {h.firstName} {h.lastName}
      </Link>{" "}
      <span className="muted">
        {h.birthDate && <time dateTime={h.birthDate}>{formatDate(h.birthDate)}</time>}
        {h.phoneEnd && <> · {t("staff.households.phoneEnd", { digits: h.phoneEnd })}</>} · {h.postalCode} ·{" "}
        {tn("staff.households.sizeOf", h.size)}
      </span>
      {h.recertificationDue && <span className="badge"> {t("staff.households.recertify")}</span>}
    </>
  );
}

/**
 * /staff/households (volunteers and up, phone first): find a household at the door by name (accents,
 * case and one typo forgiven), phone, date of birth or ZIP, or register a walk-in household with
 * only its name, ZIP and size. A registration that may be a household already kept shows those
 * first: "Same household" completes that one, "Different household" registers a new one.
 */
export default function StaffHouseholds({ data }: { data: StaffHouseholdsPage | null }) {
  const posted = usePostedForm("register");
  const fields = serverFieldErrors(posted.failure?.value);
  const general = posted.failure && Object.keys(fields).length === 0 ? refusalText(posted.failure) : null;
  const pantry = data?.pantryId;
  const typed = data?.typed ?? {};
  const values: Record<string, string> = data?.duplicates ? typed : posted.values;
  const offline = useOffline();
  return (
    <section className="card staff">
      <h1>{t("staff.households.title")}</h1>
      {offline && (
        <p role="status" className="info-box">
          {t("staff.door.intakeOffline")} <Link to="/staff/check-in">{t("staff.checkIn.title")}</Link>
        </p>
      )}
      <PostForm onSubmit={native} intent="search" className="staff-filter">
        <label>
          {t("staff.households.search")}
          <input type="search" name="q" autoComplete="off" defaultValue={data?.search ?? ""} />
        </label>
        <button type="submit" className="btn btn-primary">
          {t("staff.households.find")}
        </button>
      </PostForm>
      {data?.found &&
        (data.found.length === 0 ? (
          <p role="status">{t("staff.households.none", { search: data.search ?? "" })}</p>
        ) : (
          <>
            <p role="status">{tn("staff.households.count", data.found.length)}</p>
            <ul className="staff-list">
              {data.found.map((h) => (
                <li key={h.id}>
                  <Listed h={h} pantry={pantry} />
                </li>
              ))}
            </ul>
          </>
        ))}
      {data?.duplicates && data.duplicates.length > 0 && (
        <section className="warning-box" aria-labelledby="dup-title">
          <h2 id="dup-title">{t("staff.households.maybe")}</h2>
          <ul className="staff-list">
            {data.duplicates.map((h) => (
              <li key={h.id}>
                <Listed h={h} pantry={pantry} />
                <PostForm onSubmit={native} intent="register">
                  {INTAKE_FIELDS.map((f) => (
                    <input key={f} type="hidden" name={f} value={typed[f] ?? ""} />
                  ))}
                  <input type="hidden" name="pantry" value={pantry ?? ""} />
                  <input type="hidden" name="answer" value={`same-${h.id}`} />
                  <button type="submit" className="btn btn-primary">
                    {t("staff.households.same", { name: `${h.firstName} ${h.lastName}` })}
                  </button>
                </PostForm>
              </li>
            ))}
          </ul>
          <PostForm onSubmit={native} intent="register">
            {INTAKE_FIELDS.map((f) => (
              <input key={f} type="hidden" name={f} value={typed[f] ?? ""} />
            ))}
            <input type="hidden" name="pantry" value={pantry ?? ""} />
            <input type="hidden" name="answer" value="different" />
            <button type="submit" className="btn">
              {t("staff.households.different")}
            </button>
          </PostForm>
        </section>
      )}
      <h2 id="register-title">{t("staff.households.register")}</h2>
      {general && (
        <p role="alert" className="error-box">
          {general}
        </p>
      )}
      {pantry == null ? (
        <p>{t("staff.households.noPantry")}</p>
      ) : (
        <PostForm onSubmit={native} intent="register" className="staff-form" aria-describedby="register-title">
          <input type="hidden" name="pantry" value={pantry} />
          <IntakeFields values={values} errorText={(f) => (fields[f] ? fieldErrorText(fields[f]) : undefined)} />
          <button type="submit" className="btn btn-primary">
            {t("staff.households.registerButton")}
          </button>
        </PostForm>
      )}
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.households.title")), description: t("staff.description") };
}
