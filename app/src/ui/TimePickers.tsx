// The pickup-time and delivery-window pickers shared by the checkout and the order screens.
import { useState } from "react";
import type { DeliveryTime, PickupTime } from "../entities";
import { addMessages, t, tn } from "../i18n/t";
import { formatDay } from "../lib/format";
import { hasRoom } from "../lib/seats";
import { deliveryWindowLabel, pickupTimeLabel } from "../lib/time-labels";
import { Modal } from "./Modal";
import messages from "messages:times";

addMessages(messages);


/** Day first, then that day's times (spec §2 "Select Pickup Day", "Select Pickup Time"). */
export function PickupTimeModal(props: { times: PickupTime[]; onPick: (t: PickupTime) => void; onClose: () => void; busy?: boolean }) {
  const days = [...new Set(props.times.map((x) => x.pickupDay))];
  const [day, setDay] = useState<string | null>(days.length === 1 ? days[0] : null);
  const dayTimes = props.times.filter((x) => x.pickupDay === day);
  return (
    <Modal
      title={t(day ? "times.selectTime" : "times.selectDay")}
      onClose={props.onClose}
      actions={
        <>
          {day && days.length > 1 && (
            <button type="button" className="btn" onClick={() => setDay(null)}>
              {t("times.back")}
            </button>
          )}
          <button type="button" className="btn" onClick={props.onClose}>
            {t("times.cancel")}
          </button>
        </>
      }
    >
      {/* Full times are listed, as Full, and cannot be chosen; only the others are available. */}
      {day && <p>{formatDay(day)}: {tn("times.available", dayTimes.filter(hasRoom).length)}</p>}
      <ul className="choice-list">
        {day
          ? dayTimes.map((x) => (
              <li key={x.id}>
                <button type="button" className="btn" disabled={props.busy || !hasRoom(x)} onClick={() => props.onPick(x)}>
                  {pickupTimeLabel(x)}
                  {!hasRoom(x) && <> · {t("times.full")}</>}
                </button>
              </li>
            ))
          : days.map((d) => {
              const full = !props.times.some((x) => x.pickupDay === d && hasRoom(x));
              return (
                <li key={d}>
                  <button type="button" className="btn" disabled={full} onClick={() => setDay(d)}>
                    {formatDay(d)}
                    {full && <> · {t("times.full")}</>}
                  </button>
                </li>
              );
            })}
      </ul>
    </Modal>
  );
}

/** Delivery windows as a choice with Select and Cancel (spec §2 "Delivery selection"). */
export function DeliveryWindowModal(props: { times: DeliveryTime[]; current?: number; onPick: (d: DeliveryTime) => void; onClose: () => void; busy?: boolean }) {
  const [chosen, setChosen] = useState<number | null>(
    props.times.some((x) => x.id === props.current) ? props.current! : (props.times.find(hasRoom)?.id ?? null),
  );
  const pick = props.times.find((x) => x.id === chosen);
  return (
    <Modal
      title={t("times.selectDelivery")}
      onClose={props.onClose}
      actions={
        <>
          <button type="button" className="btn btn-primary" disabled={!pick || props.busy} onClick={() => pick && props.onPick(pick)}>
            {t("times.select")}
          </button>
          <button type="button" className="btn" onClick={props.onClose}>
            {t("times.cancel")}
          </button>
        </>
      }
    >
      <fieldset className="choice-list">
        <legend className="sr-only">{t("times.selectDelivery")}</legend>
        {props.times.map((x) => (
          <label key={x.id} className="choice">
            <input type="radio" name="delivery-window" checked={x.id === chosen} disabled={!hasRoom(x) && x.id !== props.current} onChange={() => setChosen(x.id)} />{" "}
            {deliveryWindowLabel(x)}
            {!hasRoom(x) && <> · {t("times.full")}</>}
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}
