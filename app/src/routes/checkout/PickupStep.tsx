import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { PickupTime } from "../../entities";
import { t } from "../../i18n/t";
import { api } from "../../lib/api";
import { selectPickup, selectionStore } from "../../state/selection";
import { PickupTimeModal } from "../../ui/TimePickers";
import { Busy } from "../../ui/Busy";
import { ErrorBox } from "../../ui/ErrorBox";
import type { StepProps } from "./step";

type State = { kind: "checking" } | { kind: "stale"; times: PickupTime[] } | { kind: "none" } | { kind: "error" };

/** Pickup window check (spec §2): the chosen time must still be offered, else pick another. */
export function PickupStep({ done }: StepProps) {
  const [state, setState] = useState<State>({ kind: "checking" });
  const [choosing, setChoosing] = useState(false);

  useEffect(() => {
    let live = true;
    const { pantry, pickupTime } = selectionStore.get();
    if (!pantry) {
      done(); // delivery order: nothing to verify here
      return;
    }
    api<PickupTime[]>("GET", `/locations/${pantry.id}/pickuptimes`).then(
      (times) => {
        if (!live) return;
        if (pickupTime && times.some((x) => x.id === pickupTime.id)) done();
        else setState(times.length ? { kind: "stale", times } : { kind: "none" });
      },
      () => live && setState({ kind: "error" }),
    );
    return () => {
      live = false;
    };
  }, [done]);

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
