// What the stock pages share: a movement's reason and change in words, and the form recording
// stock in or out of one item (posted to the page it is on; the host answers 303 or 422).
import { t, type MessageKey } from "../i18n/t";
import { fieldErrorText, serverFieldErrors } from "../lib/forms";
import { refusalText } from "../lib/refusal";
import { formatDateTime } from "../lib/format";
import { PostForm, usePostedForm } from "./PostForm";

/** The reasons staff record by hand, as the server's codes. */
export const MANUAL_REASONS = ["received", "recount", "damaged", "given_out"] as const;

export const reasonName = (code: string): string => {
  const key = `staff.stock.reason.${code}` as MessageKey;
  const text = t(key);
  return text === key ? code : text;
};

export const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

export const when = formatDateTime;

/** The form posts to this page, which answers 303 back. */
const native = () => undefined;

/** Stock in or out of `item`; a refusal (e.g. below zero) shows at its field with the typed values.
 * `moveKey` is the render's key from the server: the same form posted twice moves the stock once. */
export function StockEntryForm({ item, product, moveKey }: { item: number; product: string; moveKey: string }) {
  const posted = usePostedForm("entry");
  const mine = posted.failure && posted.values.item === String(item);
  const fields = mine ? serverFieldErrors(posted.failure?.value) : {};
  const fieldText = (name: string) => {
    if (!fields[name]) return undefined;
    // A coded refusal of its own (stockBelowZero) says more than the field's generic code.
    return posted.failure?.code && posted.failure.code !== "verifyRequiredFields" ? refusalText(posted.failure) : fieldErrorText(fields[name]);
  };
  const id = `entry-${item}`;
  return (
    <PostForm onSubmit={native} intent="entry" className="staff-filter stock-entry" aria-describedby={undefined}>
      <input type="hidden" name="item" value={item} />
      <input type="hidden" name="moveKey" value={`${moveKey}-${item}`} />
      <label>
        {t("staff.stock.reason")}
        <select name="reason" defaultValue={mine ? posted.values.reason : "received"} aria-label={`${t("staff.stock.reason")}: ${product}`}>
          {MANUAL_REASONS.map((r) => (
            <option key={r} value={r}>
              {reasonName(r)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("staff.stock.units")}
        <input
          type="number"
          name="units"
          min={0}
          max={1000000}
          inputMode="numeric"
          required
          defaultValue={mine ? posted.values.units : ""}
          aria-label={`${t("staff.stock.units")}: ${product}`}
          aria-invalid={fields.units ? true : undefined}
          aria-describedby={fields.units ? `${id}-units-error` : undefined}
        />
        {fields.units && (
          <span id={`${id}-units-error`} className="field-error" role="alert">
            {fieldText("units")}
          </span>
        )}
      </label>
      <button type="submit" className="btn">
        {t("staff.stock.save")}
      </button>
    </PostForm>
  );
}
