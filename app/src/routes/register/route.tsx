import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { claimStoredReferralCodes, register, rememberCredentials } from "../../state/session";
import type { Meta } from "../../types";
import { Modal } from "../../ui/Modal";
import { RememberMe } from "../../ui/RememberMe";
import { fieldErrorText, fieldProblems, safeReturnTo, serverFieldErrors, type FieldCode } from "../../lib/forms";
import { maskPhone, maskZip, type RegisterForm } from "../../lib/profile";
import { registerRules } from "../../lib/api/form-rules.gen";
import { ApiFailure } from "../../lib/api";
import messages from "messages:account";
import { Field } from "../../ui/Field";
import { refusalText } from "../../lib/refusal";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import type { RegisterPage } from "../../lib/api/pages";

addMessages(messages);

export type RegisterData = RegisterPage;

const EMPTY: RegisterForm = {
  firstName: "",
  lastName: "",
  eMailAddress: "",
  password: "",
  phoneNumber: "",
  postalCode: "",
  // Spec §5: messaging preferences default all on.
  isEmailNotificationEnabled: true,
  isTextMessageNotificationEnabled: true,
  isPhoneCallNotificationEnabled: true,
  isEligible: false,
};

/** Sign-up (spec §2, §4, §5): profile form, eligibility checkbox, remember-me prompt, returnTo. */
export default function Register({ data }: { data: RegisterData | null }) {
  const navigate = useNavigate();
  // A form posted before the app started and refused: the fields as typed (but the password) and why.
  const posted = usePostedForm();
  const postedFields = posted.failure?.status === 400 ? serverFieldErrors(posted.failure.value) : {};
  const [form, setForm] = useState(() => (posted.failure ? keptForm(posted.values) : EMPTY));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(() =>
    posted.failure && Object.keys(postedFields).length === 0 ? refusalText(posted.failure) || t("account.login.error") : null,
  );
  const [prompt, setPrompt] = useState(false);
  // The e-mail had an account: its owner was mailed (`?sent=true` after a post before JavaScript).
  const [sentTo, setSentTo] = useState<string | null>(null);
  // What the server refused at a field (what the rules here cannot see, e.g. a too long e-mail
  // name), shown there until the shopper edits the form again.
  const [refused, setRefused] = useState<Record<string, FieldCode>>(postedFields);
  const errors = fieldProblems(registerRules, form);
  const invalid = Object.keys(errors).length > 0;
  const summaryId = useId();

  const set = <K extends keyof RegisterForm>(key: K, value: RegisterForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setRefused({});
  };
  const errorOf = (name: keyof typeof registerRules) => {
    const code = (submitted && errors[name]) || refused[name];
    return code ? fieldErrorText(code) : undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (invalid || busy) return;
    setBusy(true);
    const trimmed = {
      ...form,
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      eMailAddress: form.eMailAddress.trim(),
      password: form.password.trim(),
    };
    try {
      if (await register(trimmed)) setPrompt(true);
      else setSentTo(trimmed.eMailAddress);
    } catch (err) {
      const fields = err instanceof ApiFailure && err.status === 400 ? serverFieldErrors(err.value) : {};
      setRefused(fields);
      // Field errors show at their fields with the summary; any other refusal in the dialog.
      if (Object.keys(fields).length === 0) setServerError(refusalText(err) || t("account.login.error"));
    } finally {
      setBusy(false);
    }
  };

  const answer = async (remember: boolean) => {
    setPrompt(false);
    // Not awaited: the browser may hold the promise while its own save-password UI is up.
    if (remember) void rememberCredentials(form.eMailAddress, form.password.trim());
    await claimStoredReferralCodes();
    navigate(safeReturnTo(data?.returnTo), { replace: true });
  };

  const loginHref = `/account/login${data?.returnTo ? `?returnTo=${encodeURIComponent(safeReturnTo(data.returnTo))}` : ""}`;

  if (sentTo !== null || (data?.sent && !posted.failure)) {
    return (
      <section className="card account-form">
        <h1>{t("account.register.sentTitle")}</h1>
        <p role="status">{sentTo ? t("account.register.sent", { email: sentTo }) : t("account.register.sentUnnamed")}</p>
        <p>
          <Link to={loginHref} className="btn btn-primary">
            {t("account.details.logIn")}
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section className="card account-form">
      <h1>{t("account.register.title")}</h1>
      <PostForm onSubmit={submit}>
        <Field label={t("account.field.firstName")} error={errorOf("firstName")}>
          {(p) => <input {...p} name="firstName" autoComplete="given-name" value={form.firstName} onChange={(e) => set("firstName", e.target.value)} />}
        </Field>
        <Field label={t("account.field.lastName")} error={errorOf("lastName")}>
          {(p) => <input {...p} name="lastName" autoComplete="family-name" value={form.lastName} onChange={(e) => set("lastName", e.target.value)} />}
        </Field>
        <Field label={t("account.field.email")} error={errorOf("eMailAddress")}>
          {(p) => (
            <input {...p} name="email" type="email" autoComplete="email" value={form.eMailAddress} onChange={(e) => set("eMailAddress", e.target.value)} />
          )}
        </Field>
        <Field label={t("account.field.password")} error={errorOf("password")}>
          {(p) => (
            <input {...p} name="password" type="password" autoComplete="new-password" value={form.password} onChange={(e) => set("password", e.target.value)} />
          )}
        </Field>
        <Field label={t("account.field.phone")} error={errorOf("phoneNumber")}>
          {(p) => (
            <input
              {...p}
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              placeholder="(###) ###-####"
              value={form.phoneNumber}
              onChange={(e) => set("phoneNumber", maskPhone(e.target.value))}
            />
          )}
        </Field>
        <Field label={t("zip.label")} error={errorOf("postalCode")} optional>
          {(p) => (
            <input
              {...p}
              name="zip"
              inputMode="numeric"
              autoComplete="postal-code"
              value={form.postalCode}
              onChange={(e) => set("postalCode", maskZip(e.target.value))}
            />
          )}
        </Field>
        <fieldset>
          <legend>{t("account.field.messaging")}</legend>
          <Check name="isEmailNotificationEnabled" checked={form.isEmailNotificationEnabled} onChange={(v) => set("isEmailNotificationEnabled", v)} label={t("account.field.messaging.email")} />
          <Check
            name="isTextMessageNotificationEnabled" checked={form.isTextMessageNotificationEnabled}
            onChange={(v) => set("isTextMessageNotificationEnabled", v)}
            label={t("account.field.messaging.text")}
          />
          <Check
            name="isPhoneCallNotificationEnabled" checked={form.isPhoneCallNotificationEnabled}
            onChange={(v) => set("isPhoneCallNotificationEnabled", v)}
            label={t("account.field.messaging.phone")}
          />
        </fieldset>
        <Check name="isEligible" checked={form.isEligible} onChange={(v) => set("isEligible", v)} label={t("account.field.eligible")} error={errorOf("isEligible")} />
        {((submitted && invalid) || Object.keys(refused).length > 0) && (
          <p id={summaryId} role="alert" className="error-box">
            {t("account.error.verify")}
          </p>
        )}
        <p>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t("account.register.busy") : t("account.login.signUp")}
          </button>
        </p>
        <p>
          <Link to={loginHref}>{t("account.register.haveAccount")}</Link>
        </p>
      </PostForm>
      {serverError !== null && (
        <Modal
          title={t("account.register.errorTitle")}
          onClose={() => setServerError(null)}
          actions={
            <button type="button" className="btn btn-primary" onClick={() => setServerError(null)}>
              {t("account.ok")}
            </button>
          }
        >
          <p>{serverError}</p>
        </Modal>
      )}
      {prompt && <RememberMe onAnswer={answer} />}
    </section>
  );
}

/** The registration as the host kept it from a refused post (its field names; ticked boxes are "on"). */
function keptForm(values: Record<string, string>): RegisterForm {
  const ticked = (name: string) => values[name] === "on";
  return {
    ...EMPTY,
    firstName: values.firstName ?? "",
    lastName: values.lastName ?? "",
    eMailAddress: values.email ?? "",
    phoneNumber: values.phone ?? "",
    postalCode: values.zip ?? "",
    isEmailNotificationEnabled: ticked("isEmailNotificationEnabled"),
    isTextMessageNotificationEnabled: ticked("isTextMessageNotificationEnabled"),
    isPhoneCallNotificationEnabled: ticked("isPhoneCallNotificationEnabled"),
    isEligible: ticked("isEligible"),
  };
}

function Check(props: { name: string; checked: boolean; onChange: (v: boolean) => void; label: string; error?: string }) {
  const id = useId();
  return (
    <p className="field-check">
      <input
        id={id}
        name={props.name}
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-err` : undefined}
      />{" "}
      <label htmlFor={id}>{props.label}</label>
      {props.error && (
        <span id={`${id}-err`} className="field-error">
          {" "}
          {props.error}
        </span>
      )}
    </p>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("account.register.title")), description: t("account.register.description") };
}
