export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t, type MessageKey } from "../../i18n/t";
import type { Meta } from "../../types";
import { refusalText } from "../../lib/refusal";
import { fieldErrorText, serverFieldErrors } from "../../lib/forms";
import type { StaffCodesPage } from "../../lib/api/pages";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { StaffUnavailable } from "../../ui/StaffParts";
import { formatDateTime } from "../../lib/format";
import messages from "messages:staff,account";

addMessages(messages);

/** Every form posts to this page (host/pages/staff_codes.rs), which answers 303 back here. */
const native = () => undefined;

const SCOPES: Record<string, MessageKey> = {
  pantries: "staff.codes.scope.pantries",
  foodBank: "staff.codes.scope.foodBank",
  delivery: "staff.codes.scope.delivery",
};

/** This form's field codes that the account catalog does not word. */
const OWN_ERRORS: Record<string, MessageKey> = {
  duplicate: "staff.codes.error.duplicate",
  inPast: "staff.codes.error.inPast",
};

/**
 * /staff/codes (food bank admins): the food bank's referral codes with how many shoppers claimed
 * each and Expire Now, and a form making one. Works without JavaScript (post, 303 or 422).
 */
export default function StaffCodes({ data }: { data: StaffCodesPage | null }) {
  const created = usePostedForm("create");
  const expired = usePostedForm("expire");
  if (!data?.codes) return <StaffUnavailable />;
  const { codes, pantries } = data.codes;
  const fields = serverFieldErrors(created.failure?.value);
  const v = created.values;
  const general = [created.failure, expired.failure].find((f) => f && Object.keys(serverFieldErrors(f.value)).length === 0);
  const error = (name: string) =>
    fields[name] ? (
      <span id={`code-${name}-error`} className="field-error">
        {OWN_ERRORS[fields[name]] ? t(OWN_ERRORS[fields[name]]) : fieldErrorText(fields[name])}
      </span>
    ) : null;
  const described = (name: string) => (fields[name] ? { "aria-invalid": true as const, "aria-describedby": `code-${name}-error` } : {});
  return (
    <section className="card staff">
      <h1>{t("staff.codes.title")}</h1>
      {data.created && (
        <p role="status" className="info-box">
          {t("staff.codes.created", { code: data.created })}
        </p>
      )}
      {data.expired && (
        <p role="status" className="info-box">
          {t("staff.codes.expiredNow", { code: data.expired })}
        </p>
      )}
      {general && (
        <p role="alert" className="error-box">
          {refusalText(general)}
        </p>
      )}
      <h2>{t("staff.codes.add")}</h2>
      <PostForm onSubmit={native} intent="create" className="staff-form">
        <label>
          {t("staff.codes.code")}
          <input name="code" maxLength={32} autoComplete="off" defaultValue={v.code ?? ""} {...described("code")} />
          {error("code")}
        </label>
        <p>{t("staff.codes.codeHelp")}</p>
        <label>
          {t("staff.codes.description")}
          <input name="description" maxLength={200} defaultValue={v.description ?? ""} {...described("description")} />
          {error("description")}
        </label>
        <label>
          {t("staff.codes.expires")}
          <input type="date" name="expires" defaultValue={v.expires ?? ""} {...described("expires")} />
          {error("expires")}
        </label>
        <fieldset>
          <legend>{t("staff.codes.opens")}</legend>
          {Object.entries(SCOPES).map(([code, key]) => (
            <label key={code} className="check">
              <input type="radio" name="scope" value={code} defaultChecked={(v.scope ?? "pantries") === code} /> {t(key)}
            </label>
          ))}
          {error("scope")}
        </fieldset>
        <fieldset {...described("pantryIds")}>
          <legend>{t("staff.codes.pantries")}</legend>
          {pantries.map((p) => (
            <label key={p.id} className="check">
              <input type="checkbox" name={`pantry-${p.id}`} /> {p.name}
              {p.restricted ? ` (${t("staff.pantriesAdmin.restrictedShort")})` : ""}
            </label>
          ))}
          {error("pantryIds")}
        </fieldset>
        <button type="submit" className="btn btn-primary">
          {t("staff.codes.addButton")}
        </button>
      </PostForm>
      <h2>{t("staff.codes.list")}</h2>
      {codes.length === 0 ? (
        <p>{t("staff.codes.empty")}</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{t("staff.codes.code")}</th>
              <th scope="col">{t("staff.codes.opens")}</th>
              <th scope="col">{t("staff.codes.expires")}</th>
              <th scope="col">{t("staff.codes.claims")}</th>
              <th scope="col">{t("staff.codes.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {codes.map((c) => (
              <tr key={c.id} data-code={c.code}>
                <td>
                  <strong>{c.code}</strong>
                  {c.description && <div>{c.description}</div>}
                </td>
                <td>{c.scope === "pantries" ? c.pantries.join(", ") : SCOPES[c.scope] ? t(SCOPES[c.scope]) : c.scope}</td>
                <td>{c.expiresAt ? formatDateTime(c.expiresAt) : t("staff.codes.never")}</td>
                <td data-claims={c.claims}>{c.claims}</td>
                <td>
                  {c.usable ? (
                    <PostForm onSubmit={native} intent="expire" className="staff-inline">
                      <input type="hidden" name="codeId" value={c.id} />
                      <button type="submit" className="btn btn-secondary" aria-label={t("staff.codes.expireOf", { code: c.code })}>
                        {t("staff.codes.expire")}
                      </button>
                    </PostForm>
                  ) : (
                    t("staff.codes.expired")
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.codes.title")), description: t("staff.description") };
}
