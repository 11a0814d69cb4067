import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { PickupTime } from "../../entities";
import { t } from "../../i18n/t";
import { useApi } from "../../lib/useData";
import { selectPickup, selectionStore } from "../../state/selection";
import { PickupTimeModal } from "../../ui/TimePickers";
import { Busy } from "../../ui/Busy";
import { ErrorBox } from "../../ui/ErrorBox";
import type { StepProps } from "./step";

type State = { kind: "checking" } | { kind: "stale"; times: PickupTime[] } | { kind: "none" } | { kind: "error" };

/** Pickup window check (spec §2): the chosen time must still be offered, else pick another. */
export function PickupStep({ done }: StepProps) {
  // The selection as the step found it: the flow restored it before its first step.
  const [{ pantry, pickupTime }] = useState(() => selectionStore.get());
  const times = useApi<PickupTime[]>(pantry ? `/locations/${pantry.id}/pickuptimes` : null);
  const [choosing, setChoosing] = useState(false);
  // A delivery order has nothing to verify here.
  const valid = !pantry || (!!pickupTime && !!times.data?.some((x) => x.id === pickupTime.id));
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

  const choose = (time: PickupTime) => {
    const { pantry, foodBank } = selectionStore.get();
    selectPickup(pantry!, time, foodBank ?? undefined);
    setChoosing(false);
    done();
  };

  switch (state.kind) {
    case "checking":
      return <Busy text={t("checkout.pickup.checking")} />;
    case "error":
      return <ErrorBox>{t("checkout.pickup.error")}</ErrorBox>;
    case "none":
      return (
        <div>
          <p>{t("checkout.pickup.none")}</p>
          <Link to="/pantries">{t("checkout.changeLocation")}</Link>
        </div>
      );
    case "stale":
      return (
        <div>
          <p>{t("checkout.pickup.stale")}</p>
          <button type="button" className="btn btn-primary" onClick={() => setChoosing(true)}>
            {t("checkout.chooseTime")}
          </button>
          {choosing && <PickupTimeModal times={state.times} onPick={choose} onClose={() => setChoosing(false)} />}
        </div>
      );
  }
}
