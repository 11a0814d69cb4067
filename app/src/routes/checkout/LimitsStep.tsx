import { useEffect } from "react";
import { useNavigate } from "../../lib/router";
import { Link } from "../../ui/Link";
import { t } from "../../i18n/t";
import { ApiFailure } from "../../lib/api";
import { checkDeliveryLimits, checkPantryLimits } from "../../lib/api/limits";
import type { components } from "../../lib/api/schema.gen";
import { refusalText } from "../../lib/refusal";
import { formatDate } from "../../lib/format";
import { useData } from "../../lib/useData";
import { cartStore } from "../../state/cart";
import { changeSite, selectionStore } from "../../state/selection";
import { Modal } from "../../ui/Modal";
import { Busy } from "../../ui/Busy";
import type { StepProps } from "./step";
import { applyRemovals, cartRemovals, type Removal } from "./validate";

/** A refusal's value: the limit reached and the next date an order may be placed. */
type LimitResult = Partial<components["schemas"]["OrderLimitResult"]>;

/** Reloads inventory, drops what no longer fits, then asks for the order-limit check. */
async function checkLimits(): Promise<{ gone: Removal[]; over: LimitResult | null }> {
  const sel = selectionStore.get();
  let gone: Removal[] = [];
  try {
    gone = await cartRemovals(sel, cartStore.get().items, true, {
      noStock: t("checkout.reason.noStock"),
      exceeded: t("checkout.reason.exceeded"),
    });
    applyRemovals(gone);
  } catch {
    // Inventory check failure: flag only, nothing shown (spec §8); the order is checked on submit.
  }
  let over: LimitResult | null = null;
  // The limits Place Order will enforce: the pantry's (or the delivery program's) and the food bank's.
  try {
    await (sel.pantry ? checkPantryLimits(sel.pantry.id) : checkDeliveryLimits(sel.deliveryTime!.id));
  } catch (err) {
    // Only a refusal with its result counts; a failed load is silently ignored (spec §8).
    // The words come from the catalog by the refusal's code; the value keeps the next available date.
    if (err instanceof ApiFailure && err.status === 422) over = { ...(err.value as LimitResult | null), message: refusalText(err) };
  }
  return { gone, over };
}

/**
 * Limits (spec §4 "Cart check at checkout"): reload inventory, drop what no longer fits, then the
 * order-limit check. Advances by itself when nothing was removed and the shopper may order.
 */
export function LimitsStep({ done }: StepProps) {
  const navigate = useNavigate();
  const check = useData("limits", checkLimits);
  // The check catches its own failures, so it always answers.
  const clear = !!check.data && !check.data.over && check.data.gone.length === 0;
  useEffect(() => {
    if (clear) done();
  }, [clear, done]);
  const refusal = check.data?.over ?? null;
  const removed = check.data && !clear ? check.data.gone : null;

  if (refusal) {
    const next = formatDate(refusal.nextAvailableOrderDate ?? null);
    return (
      <Modal
        title={t("checkout.limit.title")}
        onClose={() => navigate("/cart")}
        actions={
          <Link to="/pantries" className="btn btn-primary" onClick={changeSite}>
            {t("checkout.limit.changeSite")}
          </Link>
        }
      >
        <p>{refusal.message || t("checkout.limit.default")}</p>
        {next && <p>{t("checkout.limit.next", { date: next })}</p>}
      </Modal>
    );
  }
  if (!removed) return <Busy text={t("checkout.limits.checking")} />;
  // Spec §4: the removals are a modal; closing it goes back to the cart to review what is left.
  return (
    <Modal
      title={t("checkout.limits.removedTitle")}
      onClose={() => navigate("/cart")}
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={done} disabled={cartStore.get().items.length === 0}>
            {t("checkout.continue")}
          </button>
          <Link to="/products" className="btn">
            {t("checkout.continueShopping")}
          </Link>
        </>
      }
    >
      <p>{t("checkout.limits.removed")}</p>
      <RemovedList removed={removed} />
    </Modal>
  );
}

export function RemovedList({ removed }: { removed: readonly Removal[] }) {
  return (
    <ul>
      {removed.map((r) => (
        <li key={r.pantryItemID}>
          {r.name} ({r.quantity}) - {r.reason}
        </li>
      ))}
    </ul>
  );
}
