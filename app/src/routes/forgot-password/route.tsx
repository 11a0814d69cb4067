import { useState, type FormEvent } from "react";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { requestReset } from "../../lib/api/password";
import type { Meta } from "../../types";
import { Field } from "../../ui/Field";
import messages from "messages:reset";
import { refusalText } from "../../lib/refusal";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import type { ForgotPasswordPage } from "../../lib/api/pages";

addMessages(messages);

type Phase = { kind: "form" } | { kind: "sending" } | { kind: "sent"; email: string } | { kind: "error"; reason: string };

/**
 * Forgot password (spec §2, §5, §8): the e-mail, trimmed and required, goes to POST /user/reset.
 * The server answers the same whether or not the address has an account, and so does this page.
 */
export default function ForgotPassword({ data }: { data: ForgotPasswordPage | null }) {
  // A form posted before the app started: refused (the e-mail kept), or sent (`?sent=true`).
  const posted = usePostedForm();
  const [email, setEmail] = useState(posted.values.email ?? "");
  const [touched, setTouched] = useState(posted.failure !== null);
  const [phase, setPhase] = useState<Phase>(() =>
    posted.failure ? { kind: "error", reason: refusalText(posted.failure) } : { kind: "form" },
  );
  const address = email.trim();

  const send = async () => {
    setPhase({ kind: "sending" });
    try {
      await requestReset(address);
      setPhase({ kind: "sent", email: address });
    } catch (e) {
      // The server's reason (a malformed address, too many requests) says more than the generic text.
      setPhase({ kind: "error", reason: refusalText(e) || "" });
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (address && phase.kind !== "sending") void send();
  };

  const heading = <h1>{t("reset.forgot.title")}</h1>;
  if (phase.kind === "sent" || (data?.sent && phase.kind === "form")) {
    return (
      <section className="card account-form">
        {heading}
        <p role="status">{phase.kind === "sent" ? t("reset.forgot.sent", { email: phase.email }) : t("reset.forgot.sentUnnamed")}</p>
        <p>
          <Link to="/account/login" className="btn btn-primary">
            {t("reset.logIn")}
          </Link>
        </p>
      </section>
    );
  }

  const missing = touched && !address;
  return (
    <section className="card account-form">
      {heading}
      <PostForm onSubmit={submit}>
        <p>{t("reset.forgot.intro")}</p>
        <Field label={t("reset.email")} error={missing ? t("reset.required") : undefined}>
          {(p) => <input {...p} name="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        {phase.kind === "error" && (
          <div role="alert" className="error-box">
            <p>{t("reset.forgot.error")}</p>
            {phase.reason && <p>{phase.reason}</p>}
            <p>
              <button type="button" className="btn" onClick={() => void send()}>
                {t("reset.forgot.retry")}
              </button>
            </p>
          </div>
        )}
        <p>
          <button type="submit" className="btn btn-primary" disabled={phase.kind === "sending"}>
            {phase.kind === "sending" ? t("reset.forgot.sending") : t("reset.forgot.submit")}
          </button>
        </p>
      </PostForm>
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("reset.forgot.title")), description: t("reset.forgot.description") };
}
