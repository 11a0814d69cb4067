import { useEffect, useId, useState, type FormEvent } from "react";
import { useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { canUsePantry } from "../../lib/access";
import { setAppFlag } from "../../state/app";
import { selectionStore } from "../../state/selection";
import { claimStoredReferralCodes, forgetProfile, login, rememberCredentials, rememberedEmail } from "../../state/session";
import type { Meta } from "../../types";
import { Field } from "../../ui/Field";
import { safeReturnTo } from "../../lib/forms";
import { RememberMe } from "../../ui/RememberMe";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { useHydrated } from "../../ui/useHydrated";
import messages from "messages:account";
import { refusalText } from "../../lib/refusal";
import type { LoginPage } from "../../lib/api/pages";

addMessages(messages);

export type LoginData = LoginPage;

/** Spec §4: after sign-in and the claimed codes, a chosen pantry the account still cannot use is named. */
async function warnIfPantryStillRestricted(): Promise<void> {
  const pantry = selectionStore.get().pantry;
  if (!pantry) return;
  try {
    if (!(await canUsePantry(pantry))) setAppFlag("notice", t("account.login.referralRequired", { pantry: pantry.label }));
  } catch {
    // cannot tell now: the checkout's referral step asks again
  }
}

/** Sign-in (spec §2, §4, §5): email and password, then the remember-me prompt, then returnTo. */
export default function Login({ data }: { data: LoginData | null }) {
  const navigate = useNavigate();
  const returnTo = safeReturnTo(data?.returnTo);
  const errorId = useId();
  // A form posted before the app started and refused: its reason and the e-mail typed.
  const posted = usePostedForm();
  const hydrated = useHydrated();
  const [email, setEmail] = useState(posted.values.email ?? "");
  const [password, setPassword] = useState("");
  // Whose session expired: known only from the device's profile cache, so after hydration.
  const [expiredEmail, setExpiredEmail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(() => (posted.failure ? refusalText(posted.failure) || t("account.login.error") : ""));
  const [prompt, setPrompt] = useState(false);

  useEffect(() => {
    if (!data?.expired) return;
    const known = rememberedEmail();
    setExpiredEmail(known);
    if (known) setEmail(known);
  }, [data?.expired]);

  const ready = email.trim() !== "" && password !== "" && !busy;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError("");
    try {
      await login(email, password);
      setPrompt(true);
    } catch (err) {
      setError(refusalText(err) || t("account.login.error"));
    } finally {
      setBusy(false);
    }
  };

  const answer = async (remember: boolean) => {
    setPrompt(false);
    // Not awaited: the browser may hold the promise while its own save-password UI is up.
    if (remember) void rememberCredentials(email, password);
    await claimStoredReferralCodes();
    navigate(returnTo, { replace: true });
    await warnIfPantryStillRestricted();
  };

  const changeAccount = () => {
    forgetProfile();
    setExpiredEmail(null);
    setEmail("");
  };

  const registerHref = `/account/register${data?.returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}`;

  return (
    <section className="card account-form">
      <h1>{t("nav.login")}</h1>
      {/* Sent before scripts run, it posts to this page, which signs in as the app does. */}
      <PostForm onSubmit={submit} aria-describedby={error ? errorId : undefined}>
        {expiredEmail ? (
          <p>
            <strong>{t("account.login.expired", { email: expiredEmail })}</strong>{" "}
            <button type="button" className="btn btn-small" onClick={changeAccount}>
              {t("account.login.changeAccount")}
            </button>
          </p>
        ) : (
          <Field label={t("account.field.email")}>
            {(p) => <input {...p} name="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />}
          </Field>
        )}
        <Field label={t("account.field.password")}>
          {(p) => (
            <input
              {...p}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        {error && (
          <p id={errorId} role="alert" className="error-box">
            {error}
          </p>
        )}
        <p>
          <button type="submit" className="btn btn-primary" disabled={hydrated && !ready}>
            {busy ? t("account.login.busy") : t("nav.login")}
          </button>
        </p>
        <p>
          <Link to="/account/forgot-password">{t("account.login.forgot")}</Link>
        </p>
        <p>
          <Link to={registerHref} className="btn">
            {t("account.login.signUp")}
          </Link>
        </p>
      </PostForm>
      {prompt && <RememberMe onAnswer={answer} />}
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("nav.login")), description: t("account.login.description") };
}
