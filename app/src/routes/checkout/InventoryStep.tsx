import { useEffect } from "react";
import { Link } from "../../ui/Link";
import { t } from "../../i18n/t";
import { cartStore } from "../../state/cart";
import { selectionStore } from "../../state/selection";
import { useData } from "../../lib/useData";
import { Busy } from "../../ui/Busy";
import type { StepProps } from "./step";
import { RemovedList } from "./LimitsStep";
import { applyRemovals, cartRemovals, type Removal } from "./validate";

/** Takes out of the cart what the site no longer stocks; what was taken out. */
async function checkInventory(): Promise<Removal[]> {
  const gone = await cartRemovals(selectionStore.get(), cartStore.get().items, false, {
    noStock: t("checkout.reason.noStock"),
    exceeded: t("checkout.reason.exceeded"),
  });
  applyRemovals(gone);
  return gone;
}

/** Inventory check (spec §2): excess over stock is removed and reported; completes itself when nothing was. */
export function InventoryStep({ done }: StepProps) {
  const check = useData("inventory", checkInventory);
  const removed = check.data;
  // Failure sets a flag only (spec §8): the server checks stock again when the order is placed.
  const clear = check.error !== null || removed?.length === 0;
  useEffect(() => {
    if (clear) done();
  }, [clear, done]);

  if (!removed || clear) return <Busy text={t("checkout.inventory.checking")} />;
  return (
    <div>
      <p>{t("checkout.limits.removed")}</p>
      <RemovedList removed={removed} />
      <p>{t("checkout.inventory.modified")}</p>
      <p className="checkout-actions">
        <Link to="/products" className="btn">
          {t("checkout.continueShopping")}
        </Link>{" "}
        <button type="button" className="btn btn-primary" onClick={done} disabled={cartStore.get().items.length === 0}>
          {t("checkout.checkout")}
        </button>
      </p>
    </div>
  );
}
