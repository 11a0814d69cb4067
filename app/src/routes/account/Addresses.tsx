import { useState } from "react";
import { t } from "../../i18n/t";
import type { AccountAddress } from "./data";

/** Saved addresses (spec §2): Primary badge, Edit, and delete that needs a second, confirming click. */
export function Addresses(props: {
  list: AccountAddress[] | null;
  error: string;
  onAdd: () => void;
  onEdit: (a: AccountAddress) => void;
  onDelete: (a: AccountAddress) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (a: AccountAddress) => {
    if (confirming !== a.id) return setConfirming(a.id);
    setBusy(true);
    try {
      await props.onDelete(a);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <section className="account-addresses" aria-labelledby="account-addresses-title">
      <h2 id="account-addresses-title">{t("account.address.title")}</h2>
      {props.error && (
        <p role="alert" className="error-box">
          {props.error}
        </p>
      )}
      {props.list && props.list.length === 0 && <p>{t("account.address.none")}</p>}
      {props.list && props.list.length > 0 && (
        <ul className="address-list">
          {props.list.map((a) => {
            const label = a.name || a.address.addressLine1;
            return (
              <li key={a.id}>
                <p>
                  <strong>{a.name}</strong>
                  {a.isPrimary && " "}
                  {a.isPrimary && <span className="account-badge">{t("account.address.primary")}</span>}
                  <br />
                  {a.address.addressLine1}
                  {a.address.addressLine2 ? `, ${a.address.addressLine2}` : ""}, {a.address.city}, {a.address.province} {a.address.postalCode}
                </p>
                <p className="button-row">
                  <button type="button" className="btn btn-small" aria-label={t("account.address.editOf", { name: label })} onClick={() => props.onEdit(a)}>
                    {t("account.address.edit")}
                  </button>{" "}
                  <button
                    type="button"
                    className={confirming === a.id ? "btn btn-small account-confirm" : "btn btn-small"}
                    disabled={busy}
                    aria-label={t(confirming === a.id ? "account.address.confirmDeleteOf" : "account.address.deleteOf", { name: label })}
                    onClick={() => void remove(a)}
                  >
                    {confirming === a.id ? t("account.address.confirmDelete") : t("account.address.delete")}
                  </button>
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <button type="button" className="btn" onClick={props.onAdd}>
          {t("account.address.add")}
        </button>
      </p>
    </section>
  );
}
