// The selector's distance and zip modals (spec §2). Loaded on first use: the page works without
// them (its GET form and the link home), so they stay out of the first-load JavaScript.
import { useId, useState } from "react";
import { t } from "../../i18n/t";
import { Modal } from "../../ui/Modal";
import { UseMyLocation } from "../../ui/UseMyLocation";
import { ZipSearch } from "../../ui/ZipSearch";

export function DistanceModal(props: { radii: number[]; radius: number; onPick: (radius: number) => void; onClose: () => void }) {
  const [radius, setRadius] = useState(props.radius);
  const name = useId();
  return (
    <Modal
      title={t("pantries.distance")}
      onClose={props.onClose}
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={() => props.onPick(radius)}>
            {t("pantries.ok")}
          </button>
          <button type="button" className="btn" onClick={props.onClose}>
            {t("pantries.cancel")}
          </button>
        </>
      }
    >
      <fieldset className="choice-list">
        <legend className="sr-only">{t("pantries.distance")}</legend>
        {props.radii.map((r) => (
          <label key={r} className="choice">
            <input type="radio" name={name} value={r} checked={r === radius} onChange={() => setRadius(r)} /> {t("pantries.miles", { miles: r })}
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}

/** Another zip, or the device's location; `onSearch` gets the /pantries query. */
export function ZipModal(props: { onSearch: (query: string) => void; onClose: () => void }) {
  const [zip, setZip] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal title={t("pantries.changeLocation")} onClose={props.onClose}>
      <ZipSearch value={zip} onChange={setZip} onComplete={(z) => props.onSearch(`zip=${z}`)} />
      <UseMyLocation onLocated={({ lat, lng }) => props.onSearch(`lat=${lat.toFixed(4)}&lng=${lng.toFixed(4)}`)} onError={setError} />
      {error !== null && (
        <p role="alert" className="error-box">
          {t("home.errorIntro")} {error}
        </p>
      )}
    </Modal>
  );
}

/** Spec §2 pickup-or-delivery choice: offered to a shopper who may also have the groceries delivered. */
export function PickupOrDelivery(props: { onPickup: () => void; onDelivery: () => void }) {
  return (
    <Modal
      title={t("pantries.choice.title")}
      onClose={props.onPickup}
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={props.onPickup}>
            {t("pantries.choice.pickup")}
          </button>
          <button type="button" className="btn btn-primary" onClick={props.onDelivery}>
            {t("pantries.choice.delivery")}
          </button>
        </>
      }
    >
      <p>{t("pantries.choice.text")}</p>
    </Modal>
  );
}
