//! The cart against inventory and limits (spec §5 "Cart validation", §4 "Selection").

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::Id;
use super::inventory::InventoryLine;
use super::limits::{EffectiveLimit, ItemLimits, LimitStatus, OrderSizeLimit, PastOrder, item_limits};
use super::messages;

/// Units of one inventory item in the cart. The app's cart is a list of single
/// units; callers may pass it as is (quantity 1 each) or already counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CartLine {
    pub inventory_item_id: Id,
    pub quantity: i64,
}

/// Units taken out of the cart, and why (one of the spec's reasons or a limit message).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RemovedLine {
    pub inventory_item_id: Id,
    pub quantity: i64,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CartValidation {
    pub kept: Vec<CartLine>,
    pub removed: Vec<RemovedLine>,
    /// "Items removed from cart" when anything was removed.
    pub message: Option<String>,
}

/// What the cart is checked against: the inventory of the chosen pantry or
/// delivery time, the shopper's past orders there, and the local clock.
#[derive(Debug, Clone, Copy)]
pub struct ShoppingContext<'a> {
    pub inventory: &'a [InventoryLine],
    pub past_orders: &'a [PastOrder],
    /// TEFAP items count as absent for shoppers who may not see them.
    pub tefap_eligible: bool,
    pub now: DateTime<Utc>,
    /// Time zone of the pantry (or food bank, for delivery).
    pub tz: Tz,
}

impl ShoppingContext<'_> {
    /// The inventory line the shopper may order, if any.
    pub fn item(&self, inventory_item_id: Id) -> Option<&InventoryLine> {
        self.inventory.iter().find(|i| i.id == inventory_item_id && i.is_visible(self.tefap_eligible))
    }

    pub fn limits(&self, item: &InventoryLine) -> ItemLimits {
        item_limits(item, self.past_orders, self.now, self.tz)
    }

    /// How many of `count` units may stay, and the reason for the rest, in the
    /// spec's order: gone from inventory, then stock, then the effective limit.
    /// None when all may stay.
    pub fn shortfall(&self, inventory_item_id: Id, count: i64) -> Option<(i64, String)> {
        let Some(item) = self.item(inventory_item_id) else {
            return Some((0, messages::NO_AVAILABLE_STOCK.to_string()));
        };
        if item.quantity < count {
            return Some((item.quantity.max(0), messages::INVENTORY_EXCEEDED.to_string()));
        }
        let EffectiveLimit { limit, message, .. } = self.limits(item).effective_limit;
        (limit < count).then_some((limit, message))
    }
}

/// The cart counted per inventory item, in first-seen order. Lines with no
/// positive quantity are dropped: they cannot be ordered and must not add stock.
pub fn merge_cart(cart: &[CartLine]) -> Vec<CartLine> {
    let mut merged: Vec<CartLine> = Vec::new();
    for line in cart.iter().filter(|l| l.quantity > 0) {
        match merged.iter_mut().find(|m| m.inventory_item_id == line.inventory_item_id) {
            Some(m) => m.quantity += line.quantity,
            None => merged.push(*line),
        }
    }
    merged
}

pub fn cart_units(cart: &[CartLine]) -> i64 {
    cart.iter().map(|l| l.quantity.max(0)).sum()
}

/// Spec §5 cart validation: keeps what may still be ordered, reports the rest.
pub fn validate_cart(cart: &[CartLine], ctx: &ShoppingContext) -> CartValidation {
    let mut kept = Vec::new();
    let mut removed = Vec::new();
    for line in merge_cart(cart) {
        match ctx.shortfall(line.inventory_item_id, line.quantity) {
            None => kept.push(line),
            Some((allowed, reason)) => {
                if allowed > 0 {
                    kept.push(CartLine { quantity: allowed, ..line });
                }
                removed.push(RemovedLine {
                    inventory_item_id: line.inventory_item_id,
                    quantity: line.quantity - allowed,
                    reason,
                });
            }
        }
    }
    let message = (!removed.is_empty()).then(|| messages::ITEMS_REMOVED_FROM_CART.to_string());
    CartValidation { kept, removed, message }
}

/// Whether one more unit of a product may be added: not when the cart is at or
/// over the order-size limit, nor when the product's effective limit is 0 or
/// already reached by the units of it in the cart (the stepper's plus button).
pub fn can_add(
    cart_units: i64,
    order_size: &OrderSizeLimit,
    product_in_cart: i64,
    product_limit: &EffectiveLimit,
) -> bool {
    order_size.status(cart_units) == LimitStatus::Under
        && product_limit.limit > 0
        && product_in_cart < product_limit.limit
}

/// Picking a pantry of another food bank while the cart has items clears the
/// cart ("Your cart will be cleared."): inventory is per food bank.
pub fn pantry_change_clears_cart(cart_units: i64, current_food_bank_id: Option<Id>, new_food_bank_id: Id) -> bool {
    cart_units > 0 && current_food_bank_id != Some(new_food_bank_id)
}

/// Picking a delivery window of another delivery program while the cart has
/// items clears the cart ("Your cart will be cleared if you select this window.").
pub fn delivery_change_clears_cart(cart_units: i64, current_program_id: Option<Id>, new_program_id: Id) -> bool {
    cart_units > 0 && current_program_id != Some(new_program_id)
}

#[cfg(test)]
mod tests {
    use super::super::limits::{Limit, LimitKind, LimitScope, PastOrderLine};
    use super::*;
    use chrono_tz::UTC;

    fn item(id: Id, quantity: i64, limits: Vec<Limit>) -> InventoryLine {
        InventoryLine { id, pantry_item_id: id + 1000, quantity, limits, source_code: None }
    }
    fn per_order(v: i64) -> Limit {
        Limit { value: v, scope_amount: 1, scope: LimitScope::Order, kind: LimitKind::Product }
    }
    fn units(id: Id, n: usize) -> Vec<CartLine> {
        vec![CartLine { inventory_item_id: id, quantity: 1 }; n]
    }
    fn ctx<'a>(inventory: &'a [InventoryLine], past: &'a [PastOrder]) -> ShoppingContext<'a> {
        ShoppingContext {
            inventory,
            past_orders: past,
            tefap_eligible: false,
            now: "2025-06-18T12:00:00Z".parse().unwrap(),
            tz: UTC,
        }
    }

    #[test]
    fn merge_counts_units_and_drops_non_positive() {
        let mut cart = units(1, 2);
        cart.push(CartLine { inventory_item_id: 2, quantity: 3 });
        cart.push(CartLine { inventory_item_id: 1, quantity: 1 });
        cart.push(CartLine { inventory_item_id: 3, quantity: -4 });
        cart.push(CartLine { inventory_item_id: 4, quantity: 0 });
        let m = merge_cart(&cart);
        assert_eq!(
            m,
            vec![CartLine { inventory_item_id: 1, quantity: 3 }, CartLine { inventory_item_id: 2, quantity: 3 }]
        );
        assert_eq!(cart_units(&m), 6);
    }

    #[test]
    fn valid_cart_is_kept_whole() {
        let inv = [item(1, 5, vec![per_order(3)])];
        let r = validate_cart(&units(1, 3), &ctx(&inv, &[]));
        assert_eq!(r.kept, vec![CartLine { inventory_item_id: 1, quantity: 3 }]);
        assert!(r.removed.is_empty());
        assert_eq!(r.message, None);
    }

    #[test]
    fn item_gone_from_inventory_removes_all_entries() {
        let inv = [item(1, 5, vec![])];
        let mut cart = units(1, 1);
        cart.extend(units(2, 3));
        let r = validate_cart(&cart, &ctx(&inv, &[]));
        assert_eq!(r.kept, vec![CartLine { inventory_item_id: 1, quantity: 1 }]);
        assert_eq!(
            r.removed,
            vec![RemovedLine { inventory_item_id: 2, quantity: 3, reason: "No Available Stock".into() }]
        );
        assert_eq!(r.message.as_deref(), Some("Items removed from cart"));
    }

    #[test]
    fn surplus_over_stock_removed_as_inventory_exceeded() {
        let inv = [item(1, 2, vec![per_order(1)]), item(2, 0, vec![])];
        let mut cart = units(1, 5);
        cart.extend(units(2, 1));
        let r = validate_cart(&cart, &ctx(&inv, &[]));
        // Stock is checked before the (smaller) product limit.
        assert_eq!(r.kept, vec![CartLine { inventory_item_id: 1, quantity: 2 }]);
        assert_eq!(
            r.removed,
            vec![
                RemovedLine { inventory_item_id: 1, quantity: 3, reason: "Inventory Exceeded".into() },
                RemovedLine { inventory_item_id: 2, quantity: 1, reason: "Inventory Exceeded".into() },
            ]
        );
    }

    #[test]
    fn surplus_over_limit_removed_with_limit_message() {
        let inv = [item(
            1,
            10,
            vec![Limit { value: 4, scope_amount: 1, scope: LimitScope::Account, kind: LimitKind::Product }],
        )];
        let past = [PastOrder {
            id: 9,
            created: "2024-01-01T00:00:00Z".parse().unwrap(),
            is_cancelled: false,
            lines: vec![PastOrderLine { pantry_item_id: 1001, quantity: 3 }],
        }];
        let r = validate_cart(&units(1, 3), &ctx(&inv, &past));
        assert_eq!(r.kept, vec![CartLine { inventory_item_id: 1, quantity: 1 }]);
        assert_eq!(
            r.removed,
            vec![RemovedLine {
                inventory_item_id: 1,
                quantity: 2,
                reason: "This item has a limit of 4 per account".into()
            }]
        );
        // Allowance used up: nothing kept.
        let r = validate_cart(&units(1, 1), &ctx(&inv, &[past[0].clone(), past[0].clone()]));
        assert!(r.kept.is_empty());
        assert_eq!(r.removed[0].quantity, 1);
    }

    #[test]
    fn hidden_tefap_item_counts_as_no_stock() {
        let mut tefap = item(1, 5, vec![]);
        tefap.source_code = Some("TEFAP".into());
        let inv = [tefap];
        let r = validate_cart(&units(1, 1), &ctx(&inv, &[]));
        assert_eq!(r.removed[0].reason, "No Available Stock");
        let eligible = ShoppingContext { tefap_eligible: true, ..ctx(&inv, &[]) };
        assert!(validate_cart(&units(1, 1), &eligible).removed.is_empty());
    }

    #[test]
    fn add_rules() {
        let size = OrderSizeLimit { limit: Some(5), message: String::new() };
        let lim = |l| EffectiveLimit::stock(l);
        assert!(can_add(4, &size, 0, &lim(3)));
        assert!(!can_add(5, &size, 0, &lim(3)), "at the order limit");
        assert!(!can_add(6, &size, 0, &lim(3)), "over the order limit");
        assert!(!can_add(0, &size, 0, &lim(0)), "effective limit 0");
        assert!(!can_add(3, &size, 3, &lim(3)), "product limit reached");
        let none = OrderSizeLimit { limit: None, message: String::new() };
        assert!(can_add(500, &none, 0, &lim(1)));
    }

    #[test]
    fn switching_clears_cart_only_with_items_and_a_different_owner() {
        assert!(pantry_change_clears_cart(1, Some(1), 2));
        assert!(pantry_change_clears_cart(1, None, 2));
        assert!(!pantry_change_clears_cart(1, Some(2), 2));
        assert!(!pantry_change_clears_cart(0, Some(1), 2));
        assert!(delivery_change_clears_cart(2, Some(7), 8));
        assert!(!delivery_change_clears_cart(2, Some(8), 8));
        assert!(!delivery_change_clears_cart(0, Some(7), 8));
    }
}
