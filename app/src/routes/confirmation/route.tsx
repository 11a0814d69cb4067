import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import type { DeliveryTime, PickupTime } from "../../entities";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { loginUrl, useApi } from "../../lib/api";
import { formatDate, formatDay, formatTime } from "../../lib/format";
import { restoreSession, sessionStore, useLoggedIn } from "../../state/session";
import type { Meta } from "../../types";
import messages from "messages:checkout";

addMessages(messages);

export interface ConfirmationData {
  orderId?: string | null;
}

interface PlacedOrder {
  id: number;
  created: string;
  pantryLocation?: { label: string; address: { addressLine1: string; city: string; province: string; postalCode: string }; pickupInstructions?: string | null };
  pantryLocationPickupTime?: PickupTime;
  foodBankDeliveryTime?: DeliveryTime;
  foodInsecureNeighborAddress?: { name: string; address: { addressLine1: string; city: string; province: string; postalCode: string } };
}

/** Order number as shoppers see it on every order screen (spec §2: hex). */
export const orderNumber = (id: number) => id.toString(16).toUpperCase();

/** /cart/confirmation/{orderId} (spec §2): the placed order, fetched with the token after hydration. */
export default function Confirmation({ data }: { data: ConfirmationData | null }) {
  const navigate = useNavigate();
  const orderId = data?.orderId && /^\d+$/.test(data.orderId) ? data.orderId : null;
  const loggedIn = useLoggedIn();
  useEffect(() => {
    // The route's effects run before the shell's startup, so the token is restored here first.
    restoreSession();
    if (!orderId) navigate("/", { replace: true });
    else if (!sessionStore.get().token) navigate(loginUrl(location.pathname), { replace: true });
    // Once per order id: navigate changes with the location while this page is still mounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId]);
  const order = useApi<PlacedOrder>(orderId && loggedIn ? `/orders/${orderId}` : null);

  return (
    <section className="card confirmation">
      <h1>{t("checkout.confirmed.title")}</h1>
      {order.value ? (
        <OrderDetails order={order.value} />
      ) : order.error ? (
        <p role="alert" className="error-box">
          {order.error.message || t("checkout.confirmed.loadError")}
        </p>
      ) : (
        <p role="status">{t("checkout.confirmed.loading")}</p>
      )}
      <p>
        <Link to="/" className="btn btn-primary">
          {t("notFound.goHome")}
        </Link>
      </p>
    </section>
  );
}

function OrderDetails({ order }: { order: PlacedOrder }) {
  const pickup = order.pantryLocationPickupTime;
  const delivery = order.foodBankDeliveryTime;
  const place = order.pantryLocation;
  const home = order.foodInsecureNeighborAddress;
  return (
    <div>
      <p>{t("checkout.confirmed.thanks")}</p>
      <dl>
        <dt>{t("checkout.confirmed.number")}</dt>
        <dd>{orderNumber(order.id)}</dd>
        <dt>{t("checkout.confirmed.placed")}</dt>
        <dd>{formatDate(order.created)}</dd>
        {place && (
          <>
            <dt>{t("checkout.pickupLocation")}</dt>
            <dd>
              {place.label}
              <br />
              {place.address.addressLine1}, {place.address.city}, {place.address.province} {place.address.postalCode}
            </dd>
          </>
        )}
        {pickup && (
          <>
            <dt>{t("checkout.pickupTime")}</dt>
            <dd>
              {formatDay(pickup.pickupDay)} {formatTime(pickup.pickupStartTime)} - {formatTime(pickup.pickupEndTime)}
            </dd>
          </>
        )}
        {place?.pickupInstructions && (
          <>
            <dt>{t("checkout.pickupInstructions")}</dt>
            <dd>{place.pickupInstructions}</dd>
          </>
        )}
        {home && (
          <>
            <dt>{t("checkout.deliveryLocation")}</dt>
            <dd>
              {home.name}
              <br />
              {home.address.addressLine1}, {home.address.city}, {home.address.province} {home.address.postalCode}
            </dd>
          </>
        )}
        {delivery && (
          <>
            <dt>{t("checkout.deliveryTime")}</dt>
            <dd>
              {formatDay(delivery.deliveryDay)} {formatTime(delivery.deliveryStartTime)} - {formatTime(delivery.deliveryEndTime)}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("checkout.confirmed.title")), description: t("checkout.confirmed.title") };
}
