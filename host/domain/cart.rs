//! The cart against inventory and limits (spec §5 "Cart validation", §4 "Selection").

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::Id;
use super::inventory::InventoryLine;
use super::limits::{EffectiveLimit, ItemLimits, PastOrder, item_limits};
use super::messages;

/// Units of one inventory item in the cart. The app's cart is a list of single
/// units; callers may pass it as is (quantity 1 each) or already counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CartLine {
    pub inventory_item_id: Id,
    pub quantity: i64,
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

#[cfg(test)]
mod tests {
    use super::super::limits::{Limit, LimitKind, LimitScope};
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
    fn a_shortfall_names_the_first_rule_that_holds_units_back() {
        let inv = [item(1, 5, vec![]), item(2, 2, vec![]), item(3, 9, vec![per_order(2)])];
        let c = ctx(&inv, &[]);
        assert_eq!(c.shortfall(9, 1), Some((0, messages::NO_AVAILABLE_STOCK.to_string())), "not stocked");
        assert_eq!(c.shortfall(2, 3), Some((2, messages::INVENTORY_EXCEEDED.to_string())), "over stock");
        let (allowed, reason) = c.shortfall(3, 3).expect("over the per-order limit");
        assert_eq!(allowed, 2);
        assert!(reason.contains('2'), "the limit's own message: {reason}");
        assert_eq!(c.shortfall(1, 5), None, "all may stay");
        assert_eq!(cart_units(&units(1, 4)), 4);
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
}
