import { lazy, Suspense, useState, type FormEvent } from "react";
import { useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { useData } from "../../lib/useData";
import { cancelOrder, loadOrder } from "../../lib/api/orders";
import { orderNumber, validOrderId, type Order } from "../../lib/orders";
import { useLoggedIn } from "../../state/session";
import type { Meta } from "../../types";
import { OrderSummary } from "../../ui/OrderSummary";
import { SignInPrompt } from "../../ui/SignInPrompt";
import messages from "messages:orders";
import { refusalText } from "../../lib/refusal";
import type { OrderPage } from "../../lib/api/pages";
import { PostForm, usePostedForm } from "../../ui/PostForm";


addMessages(messages);

declare const __SERVER__: boolean;
declare function require(path: string): unknown;

// Kept out of the page's first-load JS (the app changes a time in the order page's dialog): the
// server bundle has it in place for /account/orders/{id}/time, and hydration waits for its chunk.
const ChangeTimeForm = __SERVER__
  ? (require("./ChangeTimeForm") as typeof import("./ChangeTimeForm")).default
  : lazy(() => import("./ChangeTimeForm"));

/** host/pages/orders.rs: which order, and whether this is its Cancel Order page. */
export type OrderData = OrderPage;

/** /account/orders/{orderId}, …/cancel and …/time (spec §2 "Order summary", "Cancel Order page", "Pickup time change"). */
export default function OrderPage({ data }: { data: OrderData | null }) {
  const id = validOrderId(data?.orderId);
  const cancelPage = data?.view === "cancel";
  const timePage = data?.view === "time";
  const loggedIn = useLoggedIn();
  const loaded = useData(loggedIn && id ? `/orders/${id}` : null, () => loadOrder(Number(id)));
  // The server's answer to a change or cancel replaces the loaded order.
  const [changed, setChanged] = useState<Order | null>(null);
  // The server's copy (session cookie) shows at once, also without JavaScript.
  const order = changed ?? loaded.data ?? data?.order ?? null;
  const here = id ? `/account/orders/${id}${cancelPage ? "/cancel" : timePage ? "/time" : ""}` : "/account/orders";
  const title = titleOf(data);

  let body;
  if (!id || loaded.error?.status === 404) {
    // Not the shopper's order, or none at all: the same answer, so ids cannot be probed.
    body = (
      <>
        <p>{t("notFound.title")}</p>
        <Link to="/account/orders" className="btn btn-primary">
          {t("orders.cancel.viewOrders")}
        </Link>
      </>
    );
  } else if (!loggedIn && !order) {
    body = <SignInPrompt text={t("orders.signedOut")} action={t("orders.logIn")} returnTo={here} />;
  } else if (loaded.error && !changed && !data?.order) {
    body = (
      <div role="alert" className="error-box">
        <p>
          <strong>{t("orders.detail.loadErrorTitle")}</strong>
        </p>
        <p>{refusalText(loaded.error) || t("orders.detail.loadError")}</p>
        <button type="button" className="btn" onClick={loaded.refetch}>
          {t("orders.retry")}
        </button>
      </div>
    );
  } else if (!order) {
    body = (
      <p role="status">
        <span className="spinner" aria-hidden="true" /> {t("orders.detail.loading")}
      </p>
    );
  } else if (cancelPage) {
    body = <CancelOrder order={order} />;
  } else if (timePage && data?.times) {
    body = (
      <Suspense fallback={<p role="status">{t("orders.times.loading")}</p>}>
        <ChangeTimeForm order={order} times={data.times} />
      </Suspense>
    );
  } else {
    body = (
      <>
        <OrderSummary order={order} onChanged={setChanged} />
        <p>
          <Link to="/account/orders">{t("orders.detail.allOrders")}</Link>
        </p>
      </>
    );
  }

  return (
    <section className="card order-page">
      <h1>{title}</h1>
      {body}
    </section>
  );
}

function CancelOrder({ order }: { order: Order }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // Refused when posted before the app started: the server's message (spec §8).
  const posted = usePostedForm();
  const [error, setError] = useState(() => (posted.failure ? refusalText(posted.failure) || t("orders.cannotChange") : ""));

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError("");
    try {
      await cancelOrder(order.id);
      // The order page loads it again and shows it cancelled.
      navigate(`/account/orders/${order.id}`);
    } catch (e) {
      // Spec §8: a refused cancel shows the server's message.
      setError(refusalText(e) || t("orders.cannotChange"));
      setBusy(false);
    }
  };

  return (
    <>
      <OrderSummary order={order} actions={false} />
      {!order.canChangeOrCancel && <p className="info-box">{t("orders.cannotChange")}</p>}
      {error && (
        <p role="alert" className="error-box">
          {error}
        </p>
      )}
      {busy && (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("orders.cancel.busy")}
        </p>
      )}
      <PostForm onSubmit={confirm}>
        <p className="button-row">
          <Link to="/account/orders" className="btn">
            {t("orders.cancel.viewOrders")}
          </Link>
          {order.canChangeOrCancel && (
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {t("orders.cancel.confirm")}
            </button>
          )}
        </p>
      </PostForm>
    </>
  );
}

function titleOf(data: OrderData | null): string {
  const id = validOrderId(data?.orderId);
  if (data?.view === "cancel") return t("orders.cancel.title");
  if (data?.view === "time") return t(data.times?.delivery ? "times.selectDelivery" : "times.selectDay");
  return id ? t("orders.detail.title", { number: orderNumber(Number(id)) }) : t("orders.title");
}

export function meta(data: OrderData | null): Meta {
  return { title: pageTitle(titleOf(data)), description: t("orders.detail.description") };
}
