import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { t } from "../../i18n/t";
import { ApiFailure, api } from "../../lib/api";
import { formatDay, formatTime } from "../../lib/format";
import { clearCart, useCartItems } from "../../state/cart";
import { clearSelection, useSelection } from "../../state/selection";
import { Busy, ErrorBox } from "./common";
import { orderLines } from "./validate";

/** Confirmation and submission (spec §2, §4, §5): summary, Place Order, then the confirmation page. */
export function ConfirmStep({ idempotencyKey }: { idempotencyKey: string }) {
  const navigate = useNavigate();
  const sel = useSelection();
  const cart = useCartItems();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  const lines = new Map<number, { name: string; quantity: number }>();
  for (const item of cart) {
    const line = lines.get(item.id) ?? { name: item.pantryItem?.name ?? "", quantity: 0 };
    line.quantity++;
    lines.set(item.id, line);
  }

  const place = async () => {
    setError("");
    // Spec §5: refused locally before anything is sent.
    if (sel.pantry && !sel.pickupTime && !sel.deliveryTime) return setError(t("checkout.submit.invalidTime"));
    if (cart.length === 0) return setError(t("checkout.submit.empty"));
    setBusy(true);
    try {
      // The same key on every retry of this checkout: a resend after a lost answer places one order.
      const orderId = await api<number>(
        "POST",
        "/order",
        {
          pantryLocationID: sel.pantry?.id ?? null,
          pantryLocationPickupTimeID: sel.pickupTime?.id ?? null,
          foodBankDeliveryTimeID: sel.deliveryTime?.id ?? null,
          foodInsecureNeighborAddressID: sel.deliveryAddress?.id ?? null,
          pantryOrderItems: orderLines(cart),
        },
        { "Idempotency-Key": idempotencyKey },
      );
      clearCart();
      clearSelection();
      navigate(`/cart/confirmation/${orderId}`, { replace: true });
    } catch (err) {
      setError((err instanceof ApiFailure && err.message) || t("checkout.submit.error"));
      setBusy(false);
    }
  };

  if (busy) return <Busy text={t("checkout.submit.busy")} />;
  return (
    <div>
      <dl>
        {sel.pantry && (
          <>
            <dt>{t("checkout.pickupLocation")}</dt>
            <dd>{sel.pantry.label}</dd>
          </>
        )}
        {sel.pickupTime && (
          <>
            <dt>{t("checkout.pickupTime")}</dt>
            <dd>
              {formatDay(sel.pickupTime.pickupDay)} {formatTime(sel.pickupTime.pickupStartTime)} - {formatTime(sel.pickupTime.pickupEndTime)}
            </dd>
          </>
        )}
        {sel.deliveryAddress && (
          <>
            <dt>{t("checkout.deliveryLocation")}</dt>
            <dd>
              {sel.deliveryAddress.name} - {sel.deliveryAddress.address.addressLine1}, {sel.deliveryAddress.address.city}
            </dd>
          </>
        )}
        {sel.deliveryTime && (
          <>
            <dt>{t("checkout.deliveryTime")}</dt>
            <dd>
              {formatDay(sel.deliveryTime.deliveryDay)} {formatTime(sel.deliveryTime.deliveryStartTime)} -{" "}
              {formatTime(sel.deliveryTime.deliveryEndTime)}
            </dd>
          </>
        )}
      </dl>
      <ul aria-label={t("checkout.items")}>
        {[...lines].map(([id, l]) => (
          <li key={id}>
            {l.name} x {l.quantity}
          </li>
        ))}
      </ul>
      {error && (
        <ErrorBox>
          <p>{error}</p>
          <Link to="/cart">{t("checkout.reviewCart")}</Link>
        </ErrorBox>
      )}
      <p>
        <button type="button" className="btn btn-primary btn-lg" onClick={place}>
          {t("checkout.placeOrder")}
        </button>
      </p>
    </div>
  );
}
