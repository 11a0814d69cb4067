import { useState, type MouseEvent, type ReactNode } from "react";
import { Link } from "../../ui/Link";
import { t } from "../../i18n/t";
import { PostForm } from "../../ui/PostForm";
import type { AccountAddress } from "./data";

/**
 * Saved addresses (spec §2): Primary badge, Edit, and delete that needs a second, confirming click.
 * Before the app runs, Add and Edit are links to the account page with the form open, and Delete
 * links to it with Confirm Delete in its place, a form posted to the page (intent deleteAddress).
 */
export function Addresses(props: {
  list: AccountAddress[] | null;
  error: string;
  /** The address whose Delete was pressed once, from the page's address (?delete=N). */
  confirming: number | null;
  onAdd: () => void;
  onEdit: (a: AccountAddress) => void;
  onDelete: (a: AccountAddress) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState<number | null>(props.confirming);
  const [busy, setBusy] = useState(false);

  const remove = async (a: AccountAddress) => {
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
                  <bdi>
                    {a.address.addressLine1}
                    {a.address.addressLine2 ? `, ${a.address.addressLine2}` : ""}, {a.address.city}, {a.address.province} {a.address.postalCode}
                  </bdi>
                </p>
                <div className="button-row">
                  <ActionLink to={`/account?edit=address&id=${a.id}`} label={t("account.address.editOf", { name: label })} onClick={() => props.onEdit(a)}>
                    {t("account.address.edit")}
                  </ActionLink>{" "}
                  {confirming === a.id ? (
                    <PostForm
                      intent="deleteAddress"
                      className="inline-form"
                      onSubmit={(e) => {
                        e.preventDefault();
                        if (!busy) void remove(a);
                      }}
                    >
                      <input type="hidden" name="addressId" value={a.id} />
                      <button type="submit" className="btn btn-small account-confirm" disabled={busy} aria-label={t("account.address.confirmDeleteOf", { name: label })}>
                        {t("account.address.confirmDelete")}
                      </button>
                    </PostForm>
                  ) : (
                    <ActionLink to={`/account?delete=${a.id}`} label={t("account.address.deleteOf", { name: label })} onClick={() => setConfirming(a.id)}>
                      {t("account.address.delete")}
                    </ActionLink>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <ActionLink to="/account?edit=address" onClick={props.onAdd} small={false}>
          {t("account.address.add")}
        </ActionLink>
      </p>
    </section>
  );
}

/** A button of the list: a link to the page in that state before the app runs, `onClick` after. */
function ActionLink(props: { to: string; label?: string; onClick: () => void; small?: boolean; children: ReactNode }) {
  const click = (e: MouseEvent) => {
    e.preventDefault();
    props.onClick();
  };
  return (
    <Link to={props.to} className={props.small === false ? "btn" : "btn btn-small"} aria-label={props.label} onClick={click}>
      {props.children}
    </Link>
  );
}
