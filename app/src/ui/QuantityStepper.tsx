import { t } from "../i18n/t";

export interface StepperProps {
  /** Product name, for the buttons' accessible names. */
  name: string;
  count: number;
  /** Plus is disabled: at the product's limit or the order's (spec §2 shared widgets). */
  addDisabled: boolean;
  onAdd: () => void;
  onRemove: () => void;
}

/** − count + ; minus is disabled at 0 or less. */
export function QuantityStepper({ name, count, addDisabled, onAdd, onRemove }: StepperProps) {
  return (
    <div className="stepper" role="group" aria-label={t("shop.stepper.count", { count, name })}>
      <button type="button" className="btn btn-small" aria-label={t("shop.stepper.remove", { name })} disabled={count <= 0} onClick={onRemove}>
        −
      </button>
      <output className="stepper-count" aria-live="polite">
        {count}
      </output>
      <button type="button" className="btn btn-small" aria-label={t("shop.stepper.add", { name })} disabled={addDisabled} onClick={onAdd}>
        +
      </button>
    </div>
  );
}
