import { useEffect } from "react";
import { useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import { addMessages, pageTitle, t } from "../../i18n/t";
import { loginUrl } from "../../lib/api";
import { useData } from "../../lib/useData";
import { loadOrder } from "../../lib/api/orders";
import { validOrderId } from "../../lib/orders";
import { restoreSession, sessionStore, useLoggedIn } from "../../state/session";
import type { Meta } from "../../types";
import { OrderSummary } from "../../ui/OrderSummary";
import messages from "messages:orders";
import { refusalText } from "../../lib/refusal";
import type { ConfirmationPage } from "../../lib/api/pages";

addMessages(messages);

export type ConfirmationData = ConfirmationPage;

/** /cart/confirmation/{orderId} (spec §2): the placed order's summary, fetched with the token after hydration. */
export default function Confirmation({ data }: { data: ConfirmationData | null }) {
  const navigate = useNavigate();
  const orderId = validOrderId(data?.orderId);
  const loggedIn = useLoggedIn();
  useEffect(() => {
    // The route's effects run before the shell's startup, so the token is restored here first.
    restoreSession();
    if (!orderId) navigate("/", { replace: true });
    else if (!sessionStore.get().token) navigate(loginUrl(location.pathname), { replace: true });
    // Once per order id: navigate changes with the location while this page is still mounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId]);
  const order = useData(orderId && loggedIn ? `/orders/${orderId}` : null, () => loadOrder(Number(orderId)));

  return (
    <section className="card confirmation">
      <h1>{t("orders.confirmed.title")}</h1>
      {order.data ? (
        <>
          <p>{t("orders.confirmed.thanks")}</p>
          <OrderSummary order={order.data} onChanged={order.refetch} />
        </>
      ) : order.error ? (
        <p role="alert" className="error-box">
          {refusalText(order.error) || t("orders.detail.loadError")}
        </p>
      ) : (
        <p role="status">{t("orders.detail.loading")}</p>
      )}
      <p>
        <Link to="/" className="btn btn-primary">
          {t("notFound.goHome")}
        </Link>
      </p>
    </section>
  );
}

export function meta(): Meta {
  return { title: pageTitle(t("orders.confirmed.title")), description: t("orders.confirmed.title") };
}
