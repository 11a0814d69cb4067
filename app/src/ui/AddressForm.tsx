import { useState, type FormEvent } from "react";
import { addMessages, t } from "../i18n/t";
import { addressFields, addressProblems, saveAddress, type AccountAddress, type AddressFields } from "../lib/addresses";
import { addressRules } from "../lib/api/form-rules.gen";
import { ApiFailure } from "../lib/api";
import { fieldErrorText, serverFieldErrors, type FieldCode } from "../lib/forms";
import { maskZip } from "../lib/profile";
import { US_STATES } from "../lib/us-states";
import { Field } from "./Field";
import messages from "messages:account";
import { refusalText } from "../lib/refusal";

addMessages(messages);

/**
 * The saved-address form (spec §5), on the account page (Add when `address` is null, else Edit)
 * and in checkout, where the first delivery address is saved. Save stays disabled while invalid.
 */
export function AddressForm(props: {
  address: AccountAddress | null;
  defaultZip: string;
  /** Checkout's own heading; else Add or Edit. */
  title?: string;
  /** Set: the address is saved with this primary flag, and the shopper is not asked. */
  primary?: boolean;
  className?: string;
  onSaved: (saved: AccountAddress) => void;
  /** Without it there is no Cancel: checkout cannot go on without an address. */
  onCancel?: () => void;
}) {
  const a = props.address;
  const [f, setF] = useState<AddressFields>(() => addressFields(a, props.defaultZip, props.primary ?? false));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  // What the server refused at a field, shown there until the shopper edits the form again.
  const [refused, setRefused] = useState<Record<string, FieldCode>>({});
  const set = <K extends keyof AddressFields>(k: K, v: AddressFields[K]) => {
    setF((x) => ({ ...x, [k]: v }));
    setRefused({});
  };
  const problems = addressProblems(f);
  const valid = Object.keys(problems).length === 0;
  // Live hints of the generated rules; the server's refusal of a field is its error.
  const hint = (field: keyof typeof problems) => (problems[field] ? fieldErrorText(problems[field]) : undefined);
  const refusedText = (field: string) => (refused[field] ? fieldErrorText(refused[field]) : undefined);
  const notesMax = addressRules.notes.maxLength;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError("");
    try {
      props.onSaved(await saveAddress(a ? a.id : null, f));
    } catch (err) {
      setRefused(err instanceof ApiFailure && err.status === 400 ? serverFieldErrors(err.value) : {});
      setError(refusalText(err) || t("account.address.saveError"));
      setBusy(false);
    }
  };

  return (
    <form className={props.className} onSubmit={submit} noValidate>
      <h2>{props.title ?? (a ? t("account.address.edit") : t("account.address.add"))}</h2>
      <Field label={t("account.address.name")} hint={hint("name")} error={refusedText("name")}>
        {(ip) => <input {...ip} value={f.name} onChange={(e) => set("name", e.target.value)} />}
      </Field>
      <Field label={t("account.address.line1")} hint={hint("addressLine1")} error={refusedText("addressLine1")}>
        {(ip) => <input {...ip} autoComplete="address-line1" value={f.addressLine1} onChange={(e) => set("addressLine1", e.target.value)} />}
      </Field>
      <Field label={t("account.address.line2")} hint={hint("addressLine2")} error={refusedText("addressLine2")} optional>
        {(ip) => <input {...ip} autoComplete="address-line2" value={f.addressLine2} onChange={(e) => set("addressLine2", e.target.value)} />}
      </Field>
      <Field label={t("account.address.city")} hint={hint("city")} error={refusedText("city")}>
        {(ip) => <input {...ip} autoComplete="address-level2" value={f.city} onChange={(e) => set("city", e.target.value)} />}
      </Field>
      <Field label={t("account.address.state")} hint={hint("province")} error={refusedText("province")}>
        {(ip) => (
          <select {...ip} value={f.province} onChange={(e) => set("province", e.target.value)}>
            <option value="" />
            {US_STATES.map(([abbr, name]) => (
              <option key={abbr} value={abbr}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("zip.label")} hint={hint("postalCode")} error={refusedText("postalCode")}>
        {(ip) => <input {...ip} inputMode="numeric" autoComplete="postal-code" value={f.postalCode} onChange={(e) => set("postalCode", maskZip(e.target.value))} />}
      </Field>
      <Field label={t("account.address.notes")} hint={`${f.notes.length}/${notesMax}`} error={refusedText("notes")} optional>
        {(ip) => <textarea {...ip} maxLength={notesMax} rows={3} value={f.notes} onChange={(e) => set("notes", e.target.value)} />}
      </Field>
      {props.primary === undefined && (
        <p className="field-check">
          <label>
            <input type="checkbox" checked={f.isPrimary} onChange={(e) => set("isPrimary", e.target.checked)} /> {t("account.address.isPrimary")}
          </label>
        </p>
      )}
      {error && (
        <p role="alert" className="error-box">
          {error}
        </p>
      )}
      <p className="button-row">
        {props.onCancel && (
          <>
            <button type="button" className="btn" onClick={props.onCancel}>
              {t("account.address.cancel")}
            </button>{" "}
          </>
        )}
        <button type="submit" className="btn btn-primary" disabled={!valid || busy}>
          {t("account.address.save")}
        </button>
      </p>
    </form>
  );
}

// The account page loads the form lazily, as its default export.
export default AddressForm;
