import { useState } from "react";
import type { PickupTime } from "../../entities";
import { t } from "../../i18n/t";
import { loadPickupTimes } from "../../lib/api/locations";
import { selectPickup, selectionStore } from "../../state/selection";
import { PickupTimeModal } from "../../ui/TimePickers";
import type { StepProps } from "./step";
import { WindowCheck } from "./WindowCheck";

/** Pickup window check (spec §2): the chosen time must still be offered, else pick another. */
export function PickupStep({ done }: StepProps) {
  // The selection as the step found it: the flow restored it before its first step.
  const [{ pantry, pickupTime }] = useState(() => selectionStore.get());
  const choose = (time: PickupTime) => {
    const { pantry, foodBank } = selectionStore.get();
    selectPickup(pantry!, time, foodBank ?? undefined);
    done();
  };
  return (
    <WindowCheck<PickupTime>
      // A delivery order has nothing to verify here.
      offered={pantry ? { key: `/locations/${pantry.id}/pickuptimes`, load: () => loadPickupTimes(pantry.id) } : null}
      chosenId={pickupTime?.id}
      done={done}
      texts={{
        checking: t("checkout.pickup.checking"),
        error: t("checkout.pickup.error"),
        stale: t("checkout.pickup.stale"),
        none: t("checkout.pickup.none"),
        noneLink: t("checkout.changeLocation"),
      }}
      picker={(times, close) => (
        <PickupTimeModal
          times={times}
          onPick={(time) => {
            close();
            choose(time);
          }}
          onClose={close}
        />
      )}
    />
  );
}
