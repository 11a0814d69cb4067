import { useEffect, useState } from "react";
import type { SavedAddress } from "../../entities";
import { t } from "../../i18n/t";
import { useData } from "../../lib/useData";
import { loadAddresses } from "../../lib/api/addresses";
import { selectDeliveryAddress, selectionStore } from "../../state/selection";
import { sessionStore } from "../../state/session";
import { Busy } from "../../ui/Busy";
import { ErrorBox } from "../../ui/ErrorBox";
import { AddressForm } from "../../ui/AddressForm";
import type { StepProps } from "./step";

/** Delivery address (spec §2): pick a saved address, or save the first one. */
export function AddressStep({ done }: StepProps) {
  // A pickup, or an address chosen already: nothing to ask (the selection as the step found it).
  const [needed] = useState(() => {
    const { deliveryTime, deliveryAddress } = selectionStore.get();
    return !!deliveryTime && !deliveryAddress;
  });
  useEffect(() => {
    if (!needed) done();
  }, [needed, done]);
  const addresses = useData(needed ? "/account/addresses" : null, loadAddresses);
  const list = addresses.data;

  const pick = (a: SavedAddress) => {
    selectDeliveryAddress(a);
    done();
  };

  if (addresses.error) return <ErrorBox>{t("checkout.address.loadError")}</ErrorBox>;
  if (!list) return <Busy text={t("checkout.address.loading")} />;
  if (list.length === 0) {
    const zip = sessionStore.get().profile?.postalCode;
    return <AddressForm address={null} title={t("checkout.deliveryLocation")} defaultZip={typeof zip === "string" ? zip : ""} primary onSaved={pick} />;
  }
  return (
    <div>
      <h2>{t("checkout.deliveryLocation")}</h2>
      <ul className="choice-list">
        {list.map((a) => (
          <li key={a.id}>
            <button type="button" className="btn" onClick={() => pick(a)}>
              <bdi>
                {a.name} - {a.address.addressLine1}, {a.address.city}, {a.address.province} {a.address.postalCode}
              </bdi>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
