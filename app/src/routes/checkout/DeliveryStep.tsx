import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { DeliveryTime } from "../../entities";
import { t } from "../../i18n/t";
import { useApi } from "../../lib/useData";
import { selectDelivery, selectDeliveryAddress, selectionStore } from "../../state/selection";
import { Modal } from "../../ui/Modal";
import { deliveryWindowLabel as label } from "../../ui/TimePickers";
import { Busy } from "../../ui/Busy";
import { ErrorBox } from "../../ui/ErrorBox";
import type { StepProps } from "./step";

type State = { kind: "checking" } | { kind: "stale"; times: DeliveryTime[] } | { kind: "none" } | { kind: "error" };

/** Delivery window check (spec §2): the chosen window must still be offered, else pick another. */
export function DeliveryStep({ done }: StepProps) {
  // The selection as the step found it: the flow restored it before its first step.
  const [{ deliveryTime }] = useState(() => selectionStore.get());
  const times = useApi<DeliveryTime[]>(deliveryTime ? `/foodbanks/${deliveryTime.foodBankID}/deliverytimes` : null);
  const [choosing, setChoosing] = useState(false);
  // A pickup order has nothing to verify here.
  const valid = !deliveryTime || !!times.data?.some((x) => x.id === deliveryTime.id);
  useEffect(() => {
    if (valid) done();
  }, [valid, done]);
  const state: State = times.error
    ? { kind: "error" }
    : !times.data || valid
      ? { kind: "checking" }
      : times.data.length
        ? { kind: "stale", times: times.data }
        : { kind: "none" };

  const choose = (time: DeliveryTime) => {
    // selectDelivery keeps the rest of the selection; the address chosen in the step before stays.
    const address = selectionStore.get().deliveryAddress;
    selectDelivery(time, selectionStore.get().foodBank ?? undefined);
    selectDeliveryAddress(address);
    setChoosing(false);
    done();
  };

  switch (state.kind) {
    case "checking":
      return <Busy text={t("checkout.delivery.checking")} />;
    case "error":
      return <ErrorBox>{t("checkout.delivery.error")}</ErrorBox>;
    case "none":
      return (
        <div>
          <p>{t("checkout.delivery.none")}</p>
          <Link to="/pantries">{t("checkout.switchToPickup")}</Link>
        </div>
      );
    case "stale":
      return (
        <div>
          <p>{t("checkout.delivery.stale")}</p>
          <button type="button" className="btn btn-primary" onClick={() => setChoosing(true)}>
            {t("checkout.chooseTime")}
          </button>
          {choosing && (
            <Modal title={t("checkout.delivery.select")} onClose={() => setChoosing(false)}>
              <ul className="choice-list">
                {state.times.map((x) => (
                  <li key={x.id}>
                    <button type="button" className="btn" onClick={() => choose(x)}>
                      {label(x)}
                    </button>
                  </li>
                ))}
              </ul>
            </Modal>
          )}
        </div>
      );
  }
}
