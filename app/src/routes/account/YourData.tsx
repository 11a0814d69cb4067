import { t } from "../../i18n/t";
import { fieldErrorText, serverFieldErrors } from "../../lib/forms";
import { refusalText } from "../../lib/refusal";
import { PostForm, usePostedForm } from "../../ui/PostForm";

/**
 * Your Data (issue 53 item 3; host/http/my_data.rs, host/pages/account.rs): the account's data as a
 * page to read or a JSON file, and Delete My Account, which says first what the food bank keeps and
 * asks for the password. The links are plain downloads (the session cookie signs them); the form
 * posts natively also once the app runs: its answer is the account page, signed out.
 */
export function YourData() {
  const posted = usePostedForm("deleteAccount");
  const fieldCode = serverFieldErrors(posted.failure?.value).password;
  const general = posted.failure && !fieldCode ? refusalText(posted.failure) || t("account.delete.error") : "";
  return (
    <>
      <section className="account-data" aria-labelledby="account-data-title">
        <h2 id="account-data-title">{t("account.data.section")}</h2>
        <p>{t("account.data.intro")}</p>
        <p className="button-row">
          <a className="btn" href="/account/data.html" download>
            {t("account.data.page")}
          </a>{" "}
          <a className="btn" href="/account/data.json" download>
            {t("account.data.json")}
          </a>
        </p>
      </section>
      <section className="account-delete" aria-labelledby="account-delete-title">
        <h2 id="account-delete-title">{t("account.delete.title")}</h2>
        <p id="account-delete-kept">{t("account.delete.kept")}</p>
        {general && (
          <p role="alert" className="error-box">
            {general}
          </p>
        )}
        <PostForm intent="deleteAccount" onSubmit={() => undefined}>
          <p className="field">
            <label htmlFor="delete-password">{t("account.delete.password")}</label>
            <input
              id="delete-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={fieldCode ? true : undefined}
              aria-describedby={fieldCode ? "delete-password-error" : undefined}
            />
            {fieldCode && (
              <span id="delete-password-error" className="field-error">
                {fieldErrorText(fieldCode)}
              </span>
            )}
          </p>
          <button type="submit" className="btn account-confirm" aria-describedby="account-delete-kept">
            {t("account.delete.confirm")}
          </button>
        </PostForm>
      </section>
    </>
  );
}
