import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { useData } from "../../lib/useData";
import { loadOrders } from "../../lib/api/orders";
import { formatDate, formatDay } from "../../lib/format";
import { orderNumber, upcomingFirst, type Order } from "../../lib/orders";
import { useLoggedIn } from "../../state/session";
import type { Meta } from "../../types";
import { StatusBadge } from "../../ui/OrderSummary";
import { SignInPrompt } from "../../ui/SignInPrompt";
import { deliveryWindowLabel, pickupTimeLabel } from "../../lib/time-labels";
import messages from "messages:orders";
import { refusalText } from "../../lib/refusal";
import type { OrdersPage } from "../../lib/api/pages";

addMessages(messages);

const HERE = "/account/orders";

/** host/pages/orders.rs: the signed-in shopper's orders (read from the session cookie), else nothing. */
export type OrdersData = OrdersPage;

/**
 * /account/orders (spec §2 "Order history"): the shopper's orders, upcoming ones first and marked.
 * The server's list shows at once (also without JavaScript); once the session is read the list is
 * fetched again and replaces it.
 */
export default function Orders({ data }: { data: OrdersData | null }) {
  const loggedIn = useLoggedIn();
  const orders = useData(loggedIn ? "/orders" : null, loadOrders);
  const shown = orders.data ?? data?.orders ?? null;

  return (
    <section className="card orders">
      <h1>{t("orders.title")}</h1>
      {!loggedIn && !shown ? (
        <SignInPrompt text={t("orders.signedOut")} action={t("orders.logIn")} returnTo={HERE} />
      ) : orders.error ? (
        <div role="alert" className="error-box">
          <p>
            <strong>{t("orders.loadErrorTitle")}</strong>
          </p>
          <p>{refusalText(orders.error) || t("orders.loadError")}</p>
          <button type="button" className="btn" onClick={orders.refetch}>
            {t("orders.retry")}
          </button>
        </div>
      ) : !shown ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("orders.loading")}
        </p>
      ) : shown.length === 0 ? (
        <p>{t("orders.none")}</p>
      ) : (
        <ul className="order-list">
          {upcomingFirst(shown).map((o) => (
            <OrderEntry key={o.id} order={o} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OrderEntry({ order }: { order: Order }) {
  const pickup = order.pantryLocationPickupTime;
  const delivery = order.foodBankDeliveryTime;
  const when = pickup ? `${formatDay(pickup.pickupDay)} ${pickupTimeLabel(pickup)}` : delivery ? deliveryWindowLabel(delivery) : "";
  return (
    <li className={order.isUpcoming ? "order-entry upcoming" : "order-entry"}>
      <h2>
        <Link to={`/account/orders/${order.id}`}>{t("orders.order", { number: orderNumber(order.id) })}</Link>
        {order.isUpcoming && <span className="tag">{t("orders.upcoming")}</span>}
      </h2>
      <p>
        <StatusBadge order={order} />
      </p>
      <p>
        {t("orders.placed")}: {formatDate(order.created)}
      </p>
      <p>{order.pantryLocation?.label ?? t("orders.homeDelivery")}</p>
      {when && <p>{when}</p>}
    </li>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("orders.title")), description: t("orders.description") };
}
