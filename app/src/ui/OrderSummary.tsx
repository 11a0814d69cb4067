// The order summary of spec §2, one component for the order pages and the confirmation page.
import { lazy, Suspense, useId, useState } from "react";
import { Link } from "./Link";
import { addMessages, t, type MessageKey } from "../i18n/t";
import { formatDate, formatDay } from "../lib/format";
import { loadOrderLines } from "../lib/api/orders";
import { orderNumber, statusTone, totalPounds, type Order, type OrderAddress, type OrderLine } from "../lib/orders";
import { deliveryWindowLabel, pickupTimeLabel } from "../lib/time-labels";
import messages from "messages:orders";

addMessages(messages);

// The time pickers load only when a shopper asks to change a time.
const ChangeTime = lazy(() => import("./ChangeTime"));

const addressText = (a: OrderAddress) => [a.addressLine1, a.addressLine2, `${a.city}, ${a.province} ${a.postalCode}`].filter(Boolean).join(", ");

export interface OrderSummaryProps {
  order: Order;
  /** Change and Cancel links, shown only while the server allows them; off on the cancel page itself. */
  actions?: boolean;
  /** Called with the order as the server returns it after a change. */
  onChanged?: (order: Order) => void;
}

export function OrderSummary({ order, actions = true, onChanged }: OrderSummaryProps) {
  const [changingTime, setChangingTime] = useState(false);
  const number = orderNumber(order.id);
  const pickup = order.pantryLocationPickupTime;
  const delivery = order.foodBankDeliveryTime;
  const place = order.pantryLocation;
  const home = order.foodInsecureNeighborAddress;
  const changeable = actions && order.canChangeOrCancel;

  // Before the app runs (or without it) Change is the order's Change time page; after, the pickers.
  const changeTimeButton = (label: string) =>
    changeable && (
      <Link
        to={`/account/orders/${order.id}/time`}
        className="btn btn-link"
        aria-label={label}
        onClick={(e) => {
          e.preventDefault();
          setChangingTime(true);
        }}
      >
        {t("orders.change")}
      </Link>
    );

  return (
    <div className="order-summary">
      <dl className="order-facts">
        <dt>{t("orders.number")}</dt>
        <dd>{number}</dd>
        <dt>{t("orders.placed")}</dt>
        <dd>{formatDate(order.created)}</dd>
        <dt>{t("orders.status")}</dt>
        <dd>
          <StatusBadge order={order} />
        </dd>
        {place && (
          <>
            <dt>{t("orders.pickupLocation")}</dt>
            <dd>
              {place.label}
              <br />
              <bdi>{addressText(place.address)}</bdi>
              {changeable && (
                <>
                  {" "}
                  <Link to={`/account/orders/${order.id}/location`} className="btn btn-link" aria-label={t("orders.changeLocationOf", { number })}>
                    {t("orders.change")}
                  </Link>
                </>
              )}
            </dd>
          </>
        )}
        {pickup && (
          <>
            <dt>{t("orders.pickupTime")}</dt>
            <dd>
              {formatDay(pickup.pickupDay)} {pickupTimeLabel(pickup)} {changeTimeButton(t("orders.changeTimeOf", { number }))}
            </dd>
          </>
        )}
        {place?.pickupInstructions && (
          <>
            <dt>{t("orders.pickupInstructions")}</dt>
            <dd>{place.pickupInstructions}</dd>
          </>
        )}
        {home && (
          <>
            <dt>{t("orders.deliveryLocation")}</dt>
            <dd>
              {home.name}
              <br />
              <bdi>{addressText(home.address)}</bdi>
            </dd>
          </>
        )}
        {delivery && (
          <>
            <dt>{t("orders.deliveryTime")}</dt>
            <dd>
              {deliveryWindowLabel(delivery)} {changeTimeButton(t("orders.changeDeliveryOf", { number }))}
            </dd>
          </>
        )}
      </dl>
      {pickup && actions && order.pantryOrderStatusType.isInProgressType && (
        <figure className="order-code-card">
          <figcaption>{t("orders.code.show")}</figcaption>
          <p className="order-code-large ltr">{number}</p>
          {/* Drawn on the server (host/service/order_code.rs) from the number alone. */}
          <img src={`/account/orders/${order.id}/qr.svg`} width={200} height={200} alt={t("orders.code.qr", { number })} />
        </figure>
      )}
      {(pickup || delivery) && (
        <p>
          {/* A plain download (host/http/calendar.rs), for the signed-in shopper's session cookie as
              this page is: the pickup or delivery time as an .ics file. */}
          <a href={`/account/orders/${order.id}/calendar.ics`} className="btn btn-link" download>
            {t("orders.calendar.add")}
          </a>
        </p>
      )}
      <OrderLines orderId={order.id} />
      {changeable && (
        <p>
          <Link to={`/account/orders/${order.id}/cancel`} className="btn btn-danger-outline">
            {t("orders.cancelLink")}
          </Link>
        </p>
      )}
      {changingTime && (
        <Suspense fallback={null}>
          <ChangeTime
            order={order}
            onClose={() => setChangingTime(false)}
            onChanged={(o) => {
              setChangingTime(false);
              onChanged?.(o);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The state the server names by code (SUBMITTED … NO_SHOW), in the shopper's language, under its badge colour. */
export function StatusBadge({ order }: { order: Order }) {
  const code = order.pantryOrderStatusType.code;
  // A delivery is delivered, or not delivered, where a pickup is picked up or a no-show.
  const key = (order.foodBankDeliveryTime && DELIVERY_NAMES[code]) || STATE_NAMES[code];
  const text = order.cancelReason
    ? t("orders.state.cancelledByPantry", { reason: order.cancelReason })
    : key
      ? t(key)
      : order.pantryOrderStatusType.name;
  return <span className={`status-badge status-${statusTone(order)}`}>{text}</span>;
}

const DELIVERY_NAMES: Record<string, MessageKey> = {
  READY: "orders.state.PACKED",
  PICKED_UP: "orders.state.DELIVERED",
  NO_SHOW: "orders.state.NOT_DELIVERED",
};

const STATE_NAMES: Record<string, MessageKey> = {
  SUBMITTED: "orders.state.SUBMITTED",
  PACKING: "orders.state.PACKING",
  READY: "orders.state.READY",
  OUT_FOR_DELIVERY: "orders.state.OUT_FOR_DELIVERY",
  PICKED_UP: "orders.state.PICKED_UP",
  CANCELLED: "orders.state.CANCELLED",
  NO_SHOW: "orders.state.NO_SHOW",
};

/** View / Hide Order Details: the lines load on first opening. */
function OrderLines({ orderId }: { orderId: number }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [lines, setLines] = useState<OrderLine[] | null>(null);
  const [error, setError] = useState(false);

  const load = () => {
    setError(false);
    loadOrderLines(orderId).then(setLines, () => setError(true));
  };
  const toggle = () => {
    if (!open && !lines) load();
    setOpen(!open);
  };

  return (
    <div className="order-lines">
      <button type="button" className="btn" aria-expanded={open} aria-controls={id} onClick={toggle}>
        {t(open ? "orders.hideDetails" : "orders.viewDetails")}
      </button>
      <div id={id} hidden={!open}>
        {error ? (
          <div role="alert" className="error-box">
            <p>{t("orders.itemsError")}</p>
            <button type="button" className="btn" onClick={load}>
              {t("orders.retry")}
            </button>
          </div>
        ) : lines ? (
          <>
            <ul>
              {lines.map((l) => (
                <li key={l.id}>{t("orders.line", { name: l.pantryInventoryItem.pantryItem.name, quantity: l.quantity })}</li>
              ))}
            </ul>
            <p>
              <strong>{t("orders.totalWeight")}:</strong> {t("orders.weight", { pounds: totalPounds(lines) })}
            </p>
          </>
        ) : (
          open && <p role="status">{t("orders.itemsLoading")}</p>
        )}
      </div>
    </div>
  );
}
