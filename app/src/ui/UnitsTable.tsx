import { addMessages, t } from "../i18n/t";
import messages from "messages:staff";

addMessages(messages);

type StockItem = { id: number; name: string; onHand: number };

/**
 * A stock list with a units field per item (`units.<stock row id>`), as the walk-in visit and
 * the phone order forms post it; `kept`: the units typed before a refusal, by item id.
 */
export function UnitsTable({ items, caption, column, label, kept = {} }: { items: StockItem[]; caption: string; column: string; label: (item: string) => string; kept?: Record<string, string> }) {
  return (
    <table className="staff-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("staff.households.item")}</th>
          <th scope="col">{t("staff.households.onHand")}</th>
          <th scope="col">{column}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr key={i.id}>
            <th scope="row">{i.name}</th>
            <td data-label={t("staff.households.onHand")}>{i.onHand}</td>
            <td data-label={column}>
              <input type="number" name={`units.${i.id}`} min={0} max={Math.min(999, i.onHand)} inputMode="numeric" aria-label={label(i.name)} defaultValue={kept[String(i.id)] ?? ""} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
