import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import type { SavedAddress } from "../../entities";
import { t } from "../../i18n/t";
import { addressComplete, NOTES_MAX, saveAddress, type AddressFields } from "../../lib/addresses";
import { ApiFailure, api } from "../../lib/api";
import { digitsOnly } from "../../lib/format";
import { ZIP_LENGTH } from "../../lib/constants";
import { selectDeliveryAddress, selectionStore } from "../../state/selection";
import { sessionStore } from "../../state/session";
import { Busy, ErrorBox, type StepProps } from "./common";
import { US_STATES } from "./us-states";

/** Delivery address (spec §2): pick a saved address, or save the first one. */
export function AddressStep({ done }: StepProps) {
  const [list, setList] = useState<SavedAddress[] | null>(null);
  const [error, setError] = useState("");

  useEffect(() => {
    let live = true;
    const { deliveryTime, deliveryAddress } = selectionStore.get();
    if (!deliveryTime || deliveryAddress) {
      done();
      return;
    }
    api<SavedAddress[]>("GET", "/account/addresses").then(
      (l) => live && setList(l),
      () => live && setError(t("checkout.address.loadError")),
    );
    return () => {
      live = false;
    };
  }, [done]);

  const pick = (a: SavedAddress) => {
    selectDeliveryAddress(a);
    done();
  };

  if (error) return <ErrorBox>{error}</ErrorBox>;
  if (!list) return <Busy text={t("checkout.address.loading")} />;
  if (list.length === 0) return <AddressForm onSaved={pick} />;
  return (
    <div>
      <h2>{t("checkout.deliveryLocation")}</h2>
      <ul className="choice-list">
        {list.map((a) => (
          <li key={a.id}>
            <button type="button" className="btn" onClick={() => pick(a)}>
              {a.name} - {a.address.addressLine1}, {a.address.city}, {a.address.province} {a.address.postalCode}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function AddressForm({ onSaved }: { onSaved: (a: SavedAddress) => void }) {
  const profile = sessionStore.get().profile;
  const [f, setF] = useState<AddressFields>({
    name: "",
    isPrimary: true,
    addressLine1: "",
    addressLine2: "",
    city: "",
    province: "",
    postalCode: typeof profile?.postalCode === "string" ? profile.postalCode : "",
    notes: "",
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const set = (k: Exclude<keyof AddressFields, "isPrimary">, v: string) => setF((x) => ({ ...x, [k]: v }));
  const valid = addressComplete(f);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError("");
    try {
      const saved = await saveAddress<SavedAddress>(null, f);
      onSaved(saved);
    } catch (err) {
      setError((err instanceof ApiFailure && err.message) || t("checkout.address.saveError"));
      setBusy(false);
    }
  };

  const required = t("account.error.required");
  return (
    <form onSubmit={submit}>
      <h2>{t("checkout.deliveryLocation")}</h2>
      <Row label={t("checkout.address.name")} hint={f.name.trim() ? "" : required}>
        {(id, d) => <input id={id} aria-describedby={d} value={f.name} onChange={(e) => set("name", e.target.value)} />}
      </Row>
      <Row label={t("checkout.address.line1")} hint={f.addressLine1.trim() ? "" : required}>
        {(id, d) => <input id={id} aria-describedby={d} autoComplete="address-line1" value={f.addressLine1} onChange={(e) => set("addressLine1", e.target.value)} />}
      </Row>
      <Row label={t("checkout.address.line2")}>
        {(id) => <input id={id} autoComplete="address-line2" value={f.addressLine2} onChange={(e) => set("addressLine2", e.target.value)} />}
      </Row>
      <Row label={t("checkout.survey.city")} hint={f.city.trim() ? "" : required}>
        {(id, d) => <input id={id} aria-describedby={d} autoComplete="address-level2" value={f.city} onChange={(e) => set("city", e.target.value)} />}
      </Row>
      <Row label={t("checkout.survey.state")} hint={f.province ? "" : required}>
        {(id, d) => (
          <select id={id} aria-describedby={d} value={f.province} onChange={(e) => set("province", e.target.value)}>
            <option value="" />
            {US_STATES.map(([abbr, name]) => (
              <option key={abbr} value={abbr}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Row>
      <Row label={t("zip.label")} hint={f.postalCode.length === ZIP_LENGTH ? "" : required}>
        {(id, d) => (
          <input id={id} aria-describedby={d} inputMode="numeric" autoComplete="postal-code" value={f.postalCode} onChange={(e) => set("postalCode", digitsOnly(e.target.value, ZIP_LENGTH))} />
        )}
      </Row>
      <Row label={t("checkout.address.notes")} hint={`${f.notes.length}/${NOTES_MAX}`}>
        {(id, d) => <textarea id={id} aria-describedby={d} maxLength={NOTES_MAX} rows={3} value={f.notes} onChange={(e) => set("notes", e.target.value)} />}
      </Row>
      {error && <ErrorBox>{error}</ErrorBox>}
      <p>
        <button type="submit" className="btn btn-primary" disabled={!valid || busy}>
          {t("checkout.address.save")}
        </button>
      </p>
    </form>
  );
}

function Row(props: { label: string; hint?: string; children: (id: string, describedBy?: string) => ReactNode }) {
  const id = useId();
  return (
    <p className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children(id, props.hint ? `${id}-hint` : undefined)}
      {props.hint && (
        <span id={`${id}-hint`} className="field-hint">
          {props.hint}
        </span>
      )}
    </p>
  );
}
