import type { Limit } from "../entities";
import { t, tn } from "../i18n/t";

/**
 * A limit's message from the catalog, from the rule the API sends with it (its English `message`
 * otherwise: the shop's items leave it out, a cart entry stored before rules were sent has it).
 */
export function limitText(limit: (Pick<Limit, "limit" | "rule"> & { message?: string }) | null | undefined): string {
  const rule = limit?.rule;
  if (!rule) return limit?.message ?? "";
  switch (rule.kind) {
    case "stock":
      return rule.quantity > 0 ? t("shop.limitOf", { n: rule.quantity }) : t("shop.outOfStock");
    case "perOrder":
      return t("shop.limit.perOrder", { n: rule.value });
    case "perAccount":
      return t("shop.limit.perAccount", { n: rule.value });
    case "every": {
      // "every N orders" has no singular: one order is worded "per order".
      const unit = rule.unit === "order" ? t("shop.limit.unit.order.other") : tn(`shop.limit.unit.${rule.unit}`, rule.amount);
      return t("shop.limit.every", { n: rule.value, m: rule.amount, unit });
    }
  }
}
