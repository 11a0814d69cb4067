import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { PickupTime } from "../../entities";
import { t } from "../../i18n/t";
import { api } from "../../lib/api";
import { formatDay, formatTime } from "../../lib/format";
import { selectPickup, selectionStore } from "../../state/selection";
import { Modal } from "../../ui/Modal";
import { Busy, ErrorBox, type StepProps } from "./common";

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

/** Day first, then that day's times (spec §2 "a day-selection modal"). */
export function PickupTimeModal(props: { times: PickupTime[]; onPick: (t: PickupTime) => void; onClose: () => void }) {
  const days = [...new Set(props.times.map((x) => x.pickupDay))];
  const [day, setDay] = useState<string | null>(days.length === 1 ? days[0] : null);
  return (
    <Modal title={t(day ? "checkout.pickup.selectTime" : "checkout.pickup.selectDay")} onClose={props.onClose}>
      <ul className="choice-list">
        {day
          ? props.times
              .filter((x) => x.pickupDay === day)
              .map((x) => (
                <li key={x.id}>
                  <button type="button" className="btn" onClick={() => props.onPick(x)}>
                    {formatTime(x.pickupStartTime)} - {formatTime(x.pickupEndTime)}
                  </button>
                </li>
              ))
          : days.map((d) => (
              <li key={d}>
                <button type="button" className="btn" onClick={() => setDay(d)}>
                  {formatDay(d)}
                </button>
              </li>
            ))}
      </ul>
    </Modal>
  );
}
