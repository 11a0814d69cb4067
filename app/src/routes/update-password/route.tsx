import { useState, type FormEvent } from "react";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { checkResetLink, resetPassword } from "../../lib/api/password";
import { useData } from "../../lib/useData";
import type { Meta } from "../../types";
import { Field } from "../../ui/Field";
import messages from "messages:reset";
import { refusalText } from "../../lib/refusal";
import type { UpdatePasswordPage } from "../../lib/api/pages";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { useHydrated } from "../../ui/useHydrated";

addMessages(messages);

export type UpdatePasswordData = UpdatePasswordPage;

type Phase = "checking" | "expired" | "form" | "updating" | "updated" | "error";

/**
 * The reset mail's link (spec §2, §4, §5, §8): the token and code are checked on arrival; a usable
 * link shows the new password and its confirmation (non-empty and equal once trimmed), then
 * updating, updated with a Log In link, or the error.
 */
export default function UpdatePassword({ data }: { data: UpdatePasswordData | null }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  // A form posted before the app started and refused: why (the passwords are never sent back).
  const posted = usePostedForm();
  const hydrated = useHydrated();
  const [reason, setReason] = useState(() => (posted.failure ? refusalText(posted.failure) : ""));
  const link = { token: data?.token ?? "", code: data?.code ?? "" };
  const query = `token=${encodeURIComponent(link.token)}&code=${encodeURIComponent(link.code)}`;

  // The link is checked once the app runs; before that the form shows, and its post is checked
  // the same way. A link just used (`?updated=true`) is not checked again.
  const check = useData(data?.updated || posted.failure ? null : `/user/password/validate?${query}`, () => checkResetLink(link));
  // What the form went through since; a link with another token starts over from its check.
  const [after, setAfter] = useState<{ query: string; phase: Phase } | null>(null);
  const initial: Phase = data?.updated ? "updated" : posted.failure ? "error" : !hydrated ? "form" : check.loading ? "checking" : check.error ? "expired" : "form";
  const phase: Phase = after?.query === query ? after.phase : initial;
  const setPhase = (next: Phase) => setAfter({ query, phase: next });

  const chosen = password.trim();
  const differ = confirm.trim() !== "" && confirm.trim() !== chosen;
  const ready = chosen !== "" && confirm.trim() === chosen;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || (phase !== "form" && phase !== "error")) return;
    setPhase("updating");
    setReason("");
    try {
      await resetPassword(link, { password: chosen, confirmPassword: confirm.trim() });
      setPhase("updated");
    } catch (err) {
      setReason(refusalText(err) || "");
      setPhase("error");
    }
  };

  const heading = <h1>{t("reset.update.title")}</h1>;
  if (phase === "checking") {
    return (
      <section className="card account-form" aria-busy="true">
        {heading}
        <p role="status">{t("reset.update.checking")}</p>
      </section>
    );
  }
  if (phase === "expired") {
    return (
      <section className="card account-form">
        {heading}
        <p role="alert" className="error-box">
          {t("reset.update.expired")}
        </p>
        <p>
          <Link to="/account/forgot-password" className="btn btn-primary">
            {t("reset.update.again")}
          </Link>
        </p>
      </section>
    );
  }
  if (phase === "updated") {
    return (
      <section className="card account-form">
        {heading}
        <p role="status">{t("reset.update.updated")}</p>
        <p>
          <Link to="/account/login" className="btn btn-primary">
            {t("reset.logIn")}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="card account-form">
      {heading}
      <PostForm onSubmit={submit}>
        <Field label={t("reset.update.password")}>
          {(p) => (
            <input {...p} name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </Field>
        <Field label={t("reset.update.confirm")} error={differ ? t("reset.update.mismatch") : undefined}>
          {(p) => (
            <input {...p} name="confirm" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          )}
        </Field>
        {phase === "error" && (
          <div role="alert" className="error-box">
            <p>{t("reset.update.error")}</p>
            {reason && <p>{reason}</p>}
          </div>
        )}
        <p>
          <button type="submit" className="btn btn-primary" disabled={hydrated && (!ready || phase === "updating")}>
            {phase === "updating" ? t("reset.update.updating") : t("reset.update.submit")}
          </button>
        </p>
      </PostForm>
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("reset.update.title")), description: t("reset.update.description") };
}
