import { useState, type FormEvent } from "react";
import { Link } from "../../ui/Link";
import { t } from "../../i18n/t";
import { ApiFailure } from "../../lib/api";
import { updateProfile } from "../../lib/api/account";
import { profileRules } from "../../lib/api/form-rules.gen";
import { fieldErrorText, fieldProblems, serverFieldErrors, type FieldCode } from "../../lib/forms";
import { maskPhone, maskZip } from "../../lib/profile";
import { type AccountProfile } from "./data";
import { Field } from "../../ui/Field";
import { refusalText } from "../../lib/refusal";
import { PostForm, usePostedForm } from "../../ui/PostForm";

type Editable = "firstName" | "lastName" | "phoneNumber" | "postalCode";
type Prefs = "isEmailNotificationEnabled" | "isTextMessageNotificationEnabled" | "isPhoneCallNotificationEnabled";

const INTENT = "saveProfile";

/**
 * Edit Profile (spec §2, §5 update mode): names, phone, zip and messaging preferences; PUT profile (§7).
 * Before the app runs it posts to /account (intent saveProfile), which saves it the same way.
 */
export default function ProfileForm(props: { profile: AccountProfile; onSaved: (p: AccountProfile) => void; onCancel: () => void }) {
  const p = props.profile;
  // Refused when posted before the app ran: the fields as typed, and why.
  const posted = usePostedForm(INTENT);
  const kept = posted.failure ? posted.values : null;
  const [form, setForm] = useState(() =>
    kept
      ? {
          firstName: kept.firstName ?? "",
          lastName: kept.lastName ?? "",
          phoneNumber: maskPhone(kept.phone ?? ""),
          postalCode: maskZip(kept.postalCode ?? ""),
          isEmailNotificationEnabled: Boolean(kept.isEmailNotificationEnabled),
          isTextMessageNotificationEnabled: Boolean(kept.isTextMessageNotificationEnabled),
          isPhoneCallNotificationEnabled: Boolean(kept.isPhoneCallNotificationEnabled),
        }
      : {
          firstName: p.firstName ?? "",
          lastName: p.lastName ?? "",
          phoneNumber: maskPhone(p.phoneNumber ?? ""),
          postalCode: maskZip(p.postalCode ?? ""),
          isEmailNotificationEnabled: p.isEmailNotificationEnabled !== false,
          isTextMessageNotificationEnabled: p.isTextMessageNotificationEnabled !== false,
          isPhoneCallNotificationEnabled: p.isPhoneCallNotificationEnabled !== false,
        },
  );
  const postedFields = posted.failure?.status === 400 ? serverFieldErrors(posted.failure.value) : {};
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(() => (posted.failure ? refusalText(posted.failure) || t("account.error.verify") : ""));
  // What the server refused at a field, shown there until the shopper edits the form again.
  const [refused, setRefused] = useState<Record<string, FieldCode>>(postedFields);

  const errors = fieldProblems(profileRules, form);
  const invalid = Object.keys(errors).length > 0;
  const errorOf = (name: Editable) => {
    const code = (submitted && errors[name]) || refused[name];
    return code ? fieldErrorText(code) : undefined;
  };
  const set = (key: Editable, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setRefused({});
  };
  const setPref = (key: Prefs, value: boolean) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (invalid || busy) return;
    setBusy(true);
    setError("");
    try {
      const saved = await updateProfile({
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        phoneNumber: form.phoneNumber,
        postalCode: form.postalCode || null,
        isEmailNotificationEnabled: form.isEmailNotificationEnabled,
        isTextMessageNotificationEnabled: form.isTextMessageNotificationEnabled,
        isPhoneCallNotificationEnabled: form.isPhoneCallNotificationEnabled,
      });
      props.onSaved(saved);
    } catch (err) {
      setRefused(err instanceof ApiFailure && err.status === 400 ? serverFieldErrors(err.value) : {});
      setError(refusalText(err) || t("account.error.verify"));
      setBusy(false);
    }
  };

  return (
    <PostForm className="card account-form" intent={INTENT} onSubmit={submit}>
      <h2>{t("account.profile.title")}</h2>
      <Field label={t("account.field.firstName")} error={errorOf("firstName")}>
        {(ip) => <input {...ip} name="firstName" autoComplete="given-name" value={form.firstName} onChange={(e) => set("firstName", e.target.value)} />}
      </Field>
      <Field label={t("account.field.lastName")} error={errorOf("lastName")}>
        {(ip) => <input {...ip} name="lastName" autoComplete="family-name" value={form.lastName} onChange={(e) => set("lastName", e.target.value)} />}
      </Field>
      <Field label={t("account.field.phone")} error={errorOf("phoneNumber")}>
        {(ip) => (
          <input {...ip} name="phone" type="tel" inputMode="numeric" autoComplete="tel" value={form.phoneNumber} onChange={(e) => set("phoneNumber", maskPhone(e.target.value))} />
        )}
      </Field>
      <Field label={t("account.details.zip")} error={errorOf("postalCode")} optional>
        {(ip) => <input {...ip} name="postalCode" inputMode="numeric" autoComplete="postal-code" value={form.postalCode} onChange={(e) => set("postalCode", maskZip(e.target.value))} />}
      </Field>
      <fieldset>
        <legend>{t("account.field.messaging")}</legend>
        <Check name="isEmailNotificationEnabled" checked={form.isEmailNotificationEnabled} onChange={(v) => setPref("isEmailNotificationEnabled", v)} label={t("account.field.messaging.email")} />
        <Check name="isTextMessageNotificationEnabled" checked={form.isTextMessageNotificationEnabled} onChange={(v) => setPref("isTextMessageNotificationEnabled", v)} label={t("account.field.messaging.text")} />
        <Check name="isPhoneCallNotificationEnabled" checked={form.isPhoneCallNotificationEnabled} onChange={(v) => setPref("isPhoneCallNotificationEnabled", v)} label={t("account.field.messaging.phone")} />
        <p className="muted">{t("account.field.messaging.help")}</p>
      </fieldset>
      {submitted && invalid && (
        <p role="alert" className="error-box">
          {t("account.error.verify")}
        </p>
      )}
      {error && (
        <p role="alert" className="error-box">
          {error}
        </p>
      )}
      <p className="button-row">
        <Link
          to="/account"
          className="btn"
          onClick={(e) => {
            e.preventDefault();
            props.onCancel();
          }}
        >
          {t("account.profile.cancel")}
        </Link>{" "}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t("account.profile.saving") : t("account.profile.save")}
        </button>
      </p>
    </PostForm>
  );
}

function Check(props: { name: Prefs; checked: boolean; onChange: (v: boolean) => void; label: string }) {
  return (
    <p className="field-check">
      <label>
        <input type="checkbox" name={props.name} checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} /> {props.label}
      </label>
    </p>
  );
}
