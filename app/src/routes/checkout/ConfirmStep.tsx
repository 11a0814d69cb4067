import { useState } from "react";
import type { PickupTime } from "../../entities";
import { useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import { t } from "../../i18n/t";
import { ApiFailure } from "../../lib/api";
import { loadPickupTimes } from "../../lib/api/locations";
import { placeOrder, placeOrderRequest } from "../../lib/api/orders";
import { formatDay, formatTime } from "../../lib/format";
import { clearCart, useCartItems } from "../../state/cart";
import { clearSelection, selectPickup, selectionStore, useSelection } from "../../state/selection";
import { Busy } from "../../ui/Busy";
import { ErrorBox } from "../../ui/ErrorBox";
import { PickupTimeModal } from "../../ui/TimePickers";
import { orderLines } from "../../lib/shop";
import { refusalText } from "../../lib/refusal";
import { queueOrder } from "../../sw/outbox";
import { hasRoom } from "../../lib/seats";

/** Steps Place Order may send the shopper back to, when their questions are still unanswered. */
export type DueStep = "eligibility" | "survey";

/**
 * Confirmation and submission (spec §2, §4, §5): summary, Place Order, then the confirmation page.
 * `onDue` goes back to a step whose questions the server found unanswered.
 */
export function ConfirmStep({ idempotencyKey, onDue }: { idempotencyKey: string; onDue: (step: DueStep) => void }) {
  const navigate = useNavigate();
  const sel = useSelection();
  const cart = useCartItems();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  // Set when the chosen pickup time ran out after the pickup check: the times still offered.
  const [offered, setOffered] = useState<PickupTime[] | null>(null);
  const [choosing, setChoosing] = useState(false);
  // Offline at Place Order: the order waits in the worker's queue.
  const [queued, setQueued] = useState(false);

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
    const order = {
      pantryLocationID: sel.pantry?.id ?? null,
      pantryLocationPickupTimeID: sel.pickupTime?.id ?? null,
      foodBankDeliveryTimeID: sel.deliveryTime?.id ?? null,
      foodInsecureNeighborAddressID: sel.deliveryAddress?.id ?? null,
      pantryOrderItems: orderLines(cart),
    };
    try {
      const orderId = await placeOrder(order, idempotencyKey);
      clearCart();
      clearSelection();
      navigate(`/cart/confirmation/${orderId}`, { replace: true });
    } catch (err) {
      // Not a refusal: the server was not reached. The worker keeps the order and sends it, with
      // the same key, once the phone is back online; the cart has been handed over with it.
      if (err instanceof ApiFailure && err.status === 0 && (await queueOrder(placeOrderRequest(order, idempotencyKey)))) {
        clearCart();
        clearSelection();
        setBusy(false);
        return setQueued(true);
      }
      // The server names the step in the refusal's value; the flow picks up from there.
      const due = err instanceof ApiFailure && err.status === 422 ? (err.value as { step?: string } | null)?.step : undefined;
      if (due === "eligibility" || due === "survey") return onDue(due);
      const times = await stillOffered();
      if (times) {
        setOffered(times);
        // The server's own words when it refused the time as full; the spec's otherwise.
        const full = err instanceof ApiFailure && err.code === "pickupTimeFull";
        setError((full && refusalText(err)) || t("checkout.submit.timeGone"));
      } else {
        setError(refusalText(err) || t("checkout.submit.error"));
      }
      setBusy(false);
    }
  };

  /**
   * After a refusal: the pantry's current times if the chosen one is no longer among them with room
   * (a time that has become full is no longer offered: the picker shows it as Full).
   */
  const stillOffered = async (): Promise<PickupTime[] | null> => {
    const { pantry, pickupTime } = selectionStore.get();
    if (!pantry || !pickupTime) return null;
    try {
      const times = await loadPickupTimes(pantry.id);
      return times.some((x) => x.id === pickupTime.id && hasRoom(x)) ? null : times;
    } catch {
      return null;
    }
  };

  const choose = (time: PickupTime) => {
    const { pantry, foodBank } = selectionStore.get();
    selectPickup(pantry!, time, foodBank ?? undefined);
    setChoosing(false);
    setOffered(null);
    setError("");
  };

  if (busy) return <Busy text={t("checkout.submit.busy")} />;
  if (queued) {
    return (
      <div role="status" className="checkout-queued">
        <h2>{t("checkout.queued.title")}</h2>
        <p>{t("checkout.queued.text")}</p>
        <p>
          <Link to="/" className="btn btn-primary">
            {t("notFound.goHome")}
          </Link>
        </p>
      </div>
    );
  }
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
              <bdi>
                {sel.deliveryAddress.name} - {sel.deliveryAddress.address.addressLine1}, {sel.deliveryAddress.address.city}
              </bdi>
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
          {offered?.some(hasRoom) ? (
            <button type="button" className="btn btn-primary" onClick={() => setChoosing(true)}>
              {t("checkout.chooseTime")}
            </button>
          ) : offered ? (
            <Link to="/pantries">{t("checkout.changeLocation")}</Link>
          ) : (
            <Link to="/cart">{t("checkout.reviewCart")}</Link>
          )}
        </ErrorBox>
      )}
      {choosing && offered && <PickupTimeModal times={offered} onPick={choose} onClose={() => setChoosing(false)} />}
      <p>
        <button type="button" className="btn btn-primary btn-lg" onClick={place}>
          {t("checkout.placeOrder")}
        </button>
      </p>
    </div>
  );
}
