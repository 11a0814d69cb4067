import { useState } from "react";
import type { DeliveryTime } from "../../entities";
import { t } from "../../i18n/t";
import { loadDeliveryTimes } from "../../lib/api/foodbanks";
import { selectDelivery, selectDeliveryAddress, selectionStore } from "../../state/selection";
import { Modal } from "../../ui/Modal";
import { deliveryWindowLabel as label } from "../../lib/time-labels";
import { hasRoom } from "../../lib/seats";
import type { StepProps } from "./step";
import { WindowCheck } from "./WindowCheck";

/** Delivery window check (spec §2): the chosen window must still be offered, else pick another. */
export function DeliveryStep({ done }: StepProps) {
  // The selection as the step found it: the flow restored it before its first step.
  const [{ deliveryTime }] = useState(() => selectionStore.get());
  const choose = (time: DeliveryTime) => {
    // selectDelivery keeps the rest of the selection; the address chosen in the step before stays.
    const address = selectionStore.get().deliveryAddress;
    selectDelivery(time, selectionStore.get().foodBank ?? undefined);
    selectDeliveryAddress(address);
    done();
  };
  return (
    <WindowCheck<DeliveryTime>
      // A pickup order has nothing to verify here.
      offered={
        deliveryTime
          ? { key: `/foodbanks/${deliveryTime.foodBankID}/deliverytimes`, load: () => loadDeliveryTimes(deliveryTime.foodBankID) }
          : null
      }
      chosenId={deliveryTime?.id}
      done={done}
      texts={{
        checking: t("checkout.delivery.checking"),
        error: t("checkout.delivery.error"),
        stale: t("checkout.delivery.stale"),
        none: t("checkout.delivery.none"),
        noneLink: t("checkout.switchToPickup"),
      }}
      picker={(times, close) => (
        <Modal title={t("checkout.delivery.select")} onClose={close}>
          <ul className="choice-list">
            {times.map((x) => (
              <li key={x.id}>
                <button
                  type="button"
                  className="btn"
                  disabled={!hasRoom(x)}
                  onClick={() => {
                    close();
                    choose(x);
                  }}
                >
                  {label(x)}
                  {!hasRoom(x) && <> · {t("times.full")}</>}
                </button>
              </li>
            ))}
          </ul>
        </Modal>
      )}
    />
  );
}
