// Changing an order's time (spec §2 "Pickup time change", "Delivery selection"): the times still
// offered load first, the choice goes to the server, which re-checks every rule.
import { useState } from "react";
import type { DeliveryTime, PickupTime } from "../entities";
import { t } from "../i18n/t";
import { loadDeliveryTimes } from "../lib/api/foodbanks";
import { loadPickupTimes } from "../lib/api/locations";
import { changeDeliveryTime, changePickupTime } from "../lib/api/orders";
import type { Order } from "../lib/orders";
import { useData } from "../lib/useData";
import { Modal } from "./Modal";
import { DeliveryWindowModal, PickupTimeModal } from "./TimePickers";
import { refusalText } from "../lib/refusal";

type Times = { kind: "pickup"; times: PickupTime[] } | { kind: "delivery"; times: DeliveryTime[] };
type State = { kind: "loading" } | { kind: "loadError" } | { kind: "choose"; times: Times; updateError?: string; retry?: () => void };

export default function ChangeTime({ order, onClose, onChanged }: { order: Order; onClose: () => void; onChanged: (o: Order) => void }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<{ updateError: string; retry: () => void } | null>(null);
  const delivery = order.foodBankDeliveryTime;
  const loaded = useData<Times>(
    delivery ? `/foodbanks/${delivery.foodBankID}/deliverytimes` : `/locations/${order.pantryLocationID}/pickuptimes`,
    () =>
      delivery
        ? loadDeliveryTimes(delivery.foodBankID).then((all) => ({
            kind: "delivery",
            // The order's stock belongs to its delivery program: only that program's windows can take it.
            times: all.filter((d) => d.entityDeliveryProgramID === delivery.entityDeliveryProgramID),
          }))
        : loadPickupTimes(order.pantryLocationID!).then((times) => ({ kind: "pickup", times })),
  );
  const state: State = loaded.error ? { kind: "loadError" } : loaded.data ? { kind: "choose", times: loaded.data, ...failed } : { kind: "loading" };
  const load = loaded.refetch;

  const update = (id: number) => {
    if (state.kind !== "choose") return;
    const times = state.times;
    const send = () => {
      setBusy(true);
      (times.kind === "delivery" ? changeDeliveryTime(order.id, id) : changePickupTime(order.id, id)).then(onChanged, (e: unknown) => {
        setBusy(false);
        const reason = refusalText(e);
        setFailed({ updateError: reason || t(times.kind === "delivery" ? "orders.delivery.updateError" : "orders.times.updateError"), retry: send });
      });
    };
    send();
  };

  if (state.kind !== "choose" || state.updateError) {
    const error = state.kind === "loadError" ? t(delivery ? "orders.delivery.loadError" : "orders.times.loadError") : state.kind === "choose" ? state.updateError : "";
    const retry = state.kind === "choose" ? state.retry : load;
    return (
      <Modal
        title={t(delivery ? "times.selectDelivery" : "times.selectDay")}
        onClose={onClose}
        actions={
          <>
            {error && (
              <button type="button" className="btn btn-primary" disabled={busy} onClick={retry}>
                {t("orders.retry")}
              </button>
            )}
            <button type="button" className="btn" onClick={onClose}>
              {t("times.cancel")}
            </button>
          </>
        }
      >
        {error ? (
          <p role="alert" className="error-box">
            {error}
          </p>
        ) : (
          <p role="status">{t("orders.times.loading")}</p>
        )}
      </Modal>
    );
  }

  const { times } = state;
  if (times.times.length === 0) {
    return (
      <Modal title={t(delivery ? "times.selectDelivery" : "times.selectDay")} onClose={onClose} actions={<button type="button" className="btn" onClick={onClose}>{t("times.cancel")}</button>}>
        <p>{t("orders.times.none")}</p>
      </Modal>
    );
  }
  return times.kind === "delivery" ? (
    <DeliveryWindowModal times={times.times} current={delivery?.id} busy={busy} onClose={onClose} onPick={(d) => update(d.id)} />
  ) : (
    <PickupTimeModal times={times.times} busy={busy} onClose={onClose} onPick={(p) => update(p.id)} />
  );
}
