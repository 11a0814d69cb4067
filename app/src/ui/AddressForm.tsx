import { useState, type FormEvent } from "react";
import { useLocation } from "../lib/router";
import { Link } from "./Link";
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
import { PostForm, usePostedForm } from "./PostForm";
import { useHydrated } from "./useHydrated";

addMessages(messages);

const INTENT = "saveAddress";

/**
 * The saved-address form (spec §5), on the account page (Add when `address` is null, else Edit)
 * and in checkout, where the first delivery address is saved. Save stays disabled while invalid.
 * Before the app runs it posts to its page (intent saveAddress), whose action saves it (/account).
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
  const here = useLocation().pathname;
  const hydrated = useHydrated();
  // Refused when posted before the app ran: the fields as typed, and why.
  const posted = usePostedForm(INTENT);
  const [f, setF] = useState<AddressFields>(() => (posted.failure ? keptFields(posted.values) : addressFields(a, props.defaultZip, props.primary ?? false)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(() => (posted.failure ? refusalText(posted.failure) || t("account.address.saveError") : ""));
  // What the server refused at a field, shown there until the shopper edits the form again.
  const [refused, setRefused] = useState<Record<string, FieldCode>>(() =>
    posted.failure?.status === 400 ? serverFieldErrors(posted.failure.value) : {},
  );
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
    <PostForm className={props.className} intent={INTENT} onSubmit={submit}>
      <input type="hidden" name="addressId" value={a ? a.id : ""} />
      <h2>{props.title ?? (a ? t("account.address.edit") : t("account.address.add"))}</h2>
      <Field label={t("account.address.name")} hint={hint("name")} error={refusedText("name")}>
        {(ip) => <input {...ip} name="name" value={f.name} onChange={(e) => set("name", e.target.value)} />}
      </Field>
      <Field label={t("account.address.line1")} hint={hint("addressLine1")} error={refusedText("addressLine1")}>
        {(ip) => <input {...ip} name="addressLine1" autoComplete="address-line1" value={f.addressLine1} onChange={(e) => set("addressLine1", e.target.value)} />}
      </Field>
      <Field label={t("account.address.line2")} hint={hint("addressLine2")} error={refusedText("addressLine2")} optional>
        {(ip) => <input {...ip} name="addressLine2" autoComplete="address-line2" value={f.addressLine2} onChange={(e) => set("addressLine2", e.target.value)} />}
      </Field>
      <Field label={t("account.address.city")} hint={hint("city")} error={refusedText("city")}>
        {(ip) => <input {...ip} name="city" autoComplete="address-level2" value={f.city} onChange={(e) => set("city", e.target.value)} />}
      </Field>
      <Field label={t("account.address.state")} hint={hint("province")} error={refusedText("province")}>
        {(ip) => (
          <select {...ip} name="province" value={f.province} onChange={(e) => set("province", e.target.value)}>
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
        {(ip) => <input {...ip} name="postalCode" inputMode="numeric" autoComplete="postal-code" value={f.postalCode} onChange={(e) => set("postalCode", maskZip(e.target.value))} />}
      </Field>
      <Field label={t("account.address.notes")} hint={`${f.notes.length}/${notesMax}`} error={refusedText("notes")} optional>
        {(ip) => <textarea {...ip} name="notes" maxLength={notesMax} rows={3} value={f.notes} onChange={(e) => set("notes", e.target.value)} />}
      </Field>
      {props.primary === undefined && (
        <p className="field-check">
          <label>
            <input type="checkbox" name="isPrimary" checked={f.isPrimary} onChange={(e) => set("isPrimary", e.target.checked)} /> {t("account.address.isPrimary")}
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
            <Link
              to={here}
              className="btn"
              onClick={(e) => {
                e.preventDefault();
                props.onCancel?.();
              }}
            >
              {t("account.address.cancel")}
            </Link>{" "}
          </>
        )}
        {/* Held back only once the app runs: before, the server checks what is sent. */}
        <button type="submit" className="btn btn-primary" disabled={hydrated && (!valid || busy)}>
          {t("account.address.save")}
        </button>
      </p>
    </PostForm>
  );
}

/** The fields as a refused post sent them. */
function keptFields(v: Record<string, string>): AddressFields {
  return {
    name: v.name ?? "",
    isPrimary: Boolean(v.isPrimary),
    notes: v.notes ?? "",
    addressLine1: v.addressLine1 ?? "",
    addressLine2: v.addressLine2 ?? "",
    city: v.city ?? "",
    province: v.province ?? "",
    postalCode: maskZip(v.postalCode ?? ""),
  };
}

// The account page loads the form lazily, as its default export.
export default AddressForm;
