import { useEffect, useState } from "react";
import { Link } from "react-router";
import { t } from "../../i18n/t";
import { cartStore } from "../../state/cart";
import { selectionStore } from "../../state/selection";
import { Busy } from "../../ui/Busy";
import type { StepProps } from "./step";
import { RemovedList } from "./LimitsStep";
import { applyRemovals, checkCart, loadInventory, type Removal } from "./validate";

/** Inventory check (spec §2): excess over stock is removed and reported; completes itself when nothing was. */
export function InventoryStep({ done }: StepProps) {
  const [removed, setRemoved] = useState<Removal[] | null>(null);

  useEffect(() => {
    let live = true;
    loadInventory(selectionStore.get()).then(
      (inventory) => {
        const gone = checkCart(cartStore.get().items, inventory, false, {
          noStock: t("checkout.reason.noStock"),
          exceeded: t("checkout.reason.exceeded"),
        }).removed;
        applyRemovals(gone);
        if (!live) return;
        if (gone.length === 0) done();
        else setRemoved(gone);
      },
      // Failure sets a flag only (spec §8): the server checks stock again when the order is placed.
      () => live && done(),
    );
    return () => {
      live = false;
    };
  }, [done]);

  if (!removed) return <Busy text={t("checkout.inventory.checking")} />;
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
