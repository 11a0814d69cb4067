// Change time as a page (/account/orders/{id}/time): the times the server offers the order, as a
// list to choose from. It is what a shopper gets before the app runs or without JavaScript (the
// order page's Change opens the time pickers instead once it runs); the form posts to this page.
import { useState, type FormEvent } from "react";
import { useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import { t } from "../../i18n/t";
import { formatDay } from "../../lib/format";
import { changeDeliveryTime, changePickupTime } from "../../lib/api/orders";
import type { Order } from "../../lib/orders";
import { refusalText } from "../../lib/refusal";
import type { OrderTimes } from "../../lib/api/pages";
import { PostForm, usePostedForm } from "../../ui/PostForm";
import { deliveryWindowLabel, pickupTimeLabel } from "../../lib/time-labels";

export default function ChangeTimeForm({ order, times }: { order: Order; times: OrderTimes }) {
  const navigate = useNavigate();
  const delivery = times.delivery ?? null;
  const failed = t(delivery ? "orders.delivery.updateError" : "orders.times.updateError");
  const posted = usePostedForm();
  const [error, setError] = useState(() => (posted.failure ? refusalText(posted.failure) || failed : ""));
  const [busy, setBusy] = useState(false);
  const current = delivery ? order.foodBankDeliveryTime?.id : order.pantryLocationPickupTime?.id;
  const choices = delivery
    ? delivery.map((d) => ({ id: d.id, label: deliveryWindowLabel(d), full: d.remaining === 0 }))
    : (times.pickup ?? []).map((p) => ({ id: p.id, label: `${formatDay(p.pickupDay)} ${pickupTimeLabel(p)}`, full: p.remaining === 0 }));
  const back = `/account/orders/${order.id}`;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const chosen = Number(new FormData(e.currentTarget).get("timeId"));
    if (busy || !chosen) return;
    setBusy(true);
    setError("");
    try {
      await (delivery ? changeDeliveryTime : changePickupTime)(order.id, chosen);
      navigate(back);
    } catch (err) {
      setError(refusalText(err) || failed);
      setBusy(false);
    }
  };

  if (!order.canChangeOrCancel) return <p className="info-box">{t("orders.cannotChange")}</p>;
  return (
    <PostForm onSubmit={(e) => void submit(e)}>
      {choices.length === 0 ? (
        <p>{t("orders.times.none")}</p>
      ) : (
        <fieldset>
          <legend>{t(delivery ? "times.selectDelivery" : "times.selectTime")}</legend>
          {choices.map((c) => (
            <p className="field-check" key={c.id}>
              <label>
                {/* The order's own time is full with its place: it stays choosable. */}
                <input type="radio" name="timeId" value={c.id} defaultChecked={c.id === current} disabled={c.full && c.id !== current} required /> {c.label}
                {c.full && <> · {t("times.full")}</>}
              </label>
            </p>
          ))}
        </fieldset>
      )}
      {error && (
        <p role="alert" className="error-box">
          {error}
        </p>
      )}
      <p className="button-row">
        <Link to={back} className="btn">
          {t("times.cancel")}
        </Link>{" "}
        {choices.length > 0 && (
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t("times.select")}
          </button>
        )}
      </p>
    </PostForm>
  );
}
