import { useId, useState, type Dispatch, type FormEvent } from "react";
import { t } from "../../i18n/t";
import { registerRules } from "../../lib/api/form-rules.gen";
import { fieldProblems } from "../../lib/forms";
import { ErrorBox } from "../../ui/ErrorBox";
import type { Action } from "./flow";

/** A lookup's or the submission's failure (spec §8): its message and Retry, plus the not-available option. */
export function LookupFailure({ message, notAvailable, dispatch }: { message: string; notAvailable: boolean; dispatch: Dispatch<Action> }) {
  return (
    <>
      <ErrorBox>
        <p>{message}</p>
      </ErrorBox>
      <p>
        <button type="button" className="btn" onClick={() => dispatch({ type: "retry" })}>
          {t("eligibility.retry")}
        </button>
      </p>
      {notAvailable && <NotAvailable />}
    </>
  );
}


/**
 * No guideline for the area: additional groceries are not available there. Spec §5: the e-mail
 * form requires a valid address and its submit does nothing beyond logging; nothing is stored or
 * sent, so the acknowledgement promises nothing.
 */
function NotAvailable() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState(false);
  const id = useId();
  const errorId = useId();
  // The registration's e-mail rule.
  const invalid = "eMailAddress" in fieldProblems({ eMailAddress: registerRules.eMailAddress }, { eMailAddress: email });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (invalid) return;
    console.info("TEFAP not available: notification requested");
    setSent(true);
  };

  return (
    <div className="eligibility-unavailable">
      <p>{t("eligibility.notAvailable.text")}</p>
      {sent ? (
        <p role="status">{t("eligibility.notAvailable.thanks")}</p>
      ) : open ? (
        <form onSubmit={submit} noValidate>
          <p className="field">
            <label htmlFor={id}>{t("eligibility.notAvailable.email")}</label>
            <input
              id={id}
              type="email"
              autoComplete="email"
              required
              value={email}
              aria-invalid={tried && invalid}
              aria-describedby={tried && invalid ? errorId : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
            {tried && invalid && (
              <span id={errorId} className="field-error">
                {t("eligibility.error.email")}
              </span>
            )}
          </p>
          <button type="submit" className="btn btn-primary">
            {t("eligibility.notAvailable.submit")}
          </button>
        </form>
      ) : (
        <button type="button" className="btn" onClick={() => setOpen(true)}>
          {t("eligibility.notAvailable.offer")}
        </button>
      )}
    </div>
  );
}
