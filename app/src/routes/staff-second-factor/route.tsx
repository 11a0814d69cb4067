export { StaffLayout as Layout } from "../../ui/StaffLayout";
import { addMessages, pageTitle, t } from "../../i18n/t";
import type { Meta } from "../../types";
import type { StaffSecondFactorPage } from "../../lib/api/pages";
import { fieldErrorText, serverFieldErrors } from "../../lib/forms";
import { refusalText } from "../../lib/refusal";
import { Link } from "../../ui/Link";
import { PostForm, usePostedAmong } from "../../ui/PostForm";
import { PasskeyButton } from "./Passkey";
import messages from "messages:staff,account";

addMessages(messages);

/** The forms post to this page (host/pages/staff_second_factor.rs). */
const native = () => undefined;

/** The code field of either form, with the server's refusal at it. */
function CodeField({ error }: { error: string }) {
  return (
    <p className="field">
      <label htmlFor="second-factor-code">{t("staff.secondFactor.code")}</label>
      <input
        id="second-factor-code"
        name="code"
        type="text"
        inputMode="text"
        autoComplete="one-time-code"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "second-factor-code-error" : "second-factor-code-help"}
      />
      <span id="second-factor-code-help" className="hint">
        {t("staff.secondFactor.codeHelp")}
      </span>
      {error && (
        <span id="second-factor-code-error" className="field-error">
          {error}
        </span>
      )}
    </p>
  );
}

/**
 * /staff/second-factor (issue 53 item 1): set up a code app (its secret to type in, confirmed with
 * a code; then the recovery codes, shown once), or enter a code (or a recovery code) to let this
 * session's staff grants act where the food bank requires it. Works before JavaScript; a passkey
 * (made, or used) needs the browser's WebAuthn API.
 */
export default function StaffSecondFactor({ data }: { data: StaffSecondFactorPage | null }) {
  const posted = usePostedAmong(["confirm", "prove", "addPasskey", "usePasskey"]);
  const refused = serverFieldErrors(posted.failure?.value);
  const code = refused.code;
  const fieldError = code ? fieldErrorText(code) : "";
  const general = posted.failure ? (refused.passkey ? t("staff.secondFactor.passkeyFailed") : !code ? refusalText(posted.failure) : "") : "";
  const state = data?.state ?? "unavailable";
  return (
    <section className="card staff">
      <h1>{t("staff.secondFactor.title")}</h1>
      {general && (
        <p role="alert" className="error-box">
          {general}
        </p>
      )}
      {state === "signIn" && (
        <p>
          <Link to="/account/login?returnTo=%2Fstaff%2Fsecond-factor">{t("staff.logIn")}</Link>
        </p>
      )}
      {state === "staffOnly" && <p>{t("staff.only")}</p>}
      {state === "unavailable" && <p role="alert">{t("staff.unavailable")}</p>}
      {state === "enrolling" && (
        <>
          <p>{t("staff.secondFactor.intro")}</p>
          <ol>
            <li>{t("staff.secondFactor.step1")}</li>
            <li>
              {t("staff.secondFactor.step2")}
              <br />
              <code className="second-factor-secret">{data?.secret}</code>
            </li>
            <li>{t("staff.secondFactor.step3")}</li>
          </ol>
          <p className="hint">
            {t("staff.secondFactor.address")} <code className="second-factor-url">{data?.url}</code>
          </p>
          <PostForm intent="confirm" onSubmit={native} className="staff-form">
            <CodeField error={fieldError} />
            <button type="submit" className="btn btn-primary">
              {t("staff.secondFactor.confirm")}
            </button>
          </PostForm>
          {data?.passkeyCreate && (
            <>
              <h2>{t("staff.secondFactor.passkeys")}</h2>
              <p>{t("staff.secondFactor.passkeyIntro")}</p>
              <PasskeyButton kind="create" options={data.passkeyCreate} label={t("staff.secondFactor.addPasskey")} />
            </>
          )}
        </>
      )}
      {data?.passkeyAdded && (
        <p role="status" className="info-box">
          {t("staff.secondFactor.passkeyAdded")}
        </p>
      )}
      {(state === "enrolled" || state === "proved") && data?.recoveryCodes && data.recoveryCodes.length > 0 && (
        <div className="info-box" role="status">
          <p>{t("staff.secondFactor.enrolled")}</p>
          <p>{t("staff.secondFactor.recoveryIntro")}</p>
          <ul className="recovery-codes">
            {data.recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {state === "proved" && (
        <>
          <p>
            {t("staff.secondFactor.proved")} <Link to="/staff">{t("staff.secondFactor.toStaff")}</Link>
          </p>
          <h2>{t("staff.secondFactor.passkeys")}</h2>
          {(data?.passkeys ?? []).length > 0 ? (
            <ul className="staff-list">
              {(data?.passkeys ?? []).map((name, i) => (
                <li key={i}>{name}</li>
              ))}
            </ul>
          ) : (
            <p>{t("staff.secondFactor.passkeyIntro")}</p>
          )}
          {data?.passkeyCreate && <PasskeyButton kind="create" options={data.passkeyCreate} label={t("staff.secondFactor.addPasskey")} />}
        </>
      )}
      {state === "enrolled" && (
        <>
          {data?.passkeyGet && <PasskeyButton kind="get" options={data.passkeyGet} label={t("staff.secondFactor.usePasskey")} />}
          <p>{t("staff.secondFactor.prove")}</p>
          <PostForm intent="prove" onSubmit={native} className="staff-form">
            <CodeField error={fieldError} />
            <button type="submit" className="btn btn-primary">
              {t("staff.secondFactor.go")}
            </button>
          </PostForm>
        </>
      )}
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("staff.secondFactor.title")), description: t("staff.description") };
}
