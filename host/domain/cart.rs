//! The cart against inventory and limits (spec §5 "Cart validation", §4 "Selection").

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::Id;
use super::inventory::InventoryLine;
use super::limits::{EffectiveLimit, ItemLimits, PastOrder, item_limits};
use super::messages;
use super::refusal::Refusal;

/// Units of one inventory item in the cart. The app's cart is a list of single
/// units; callers may pass it as is (quantity 1 each) or already counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CartLine {
    pub inventory_item_id: Id,
    pub quantity: i64,
}

/// Why units leave the cart (spec §5): the app words each from its catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum RemovalReason {
    /// "No Available Stock": the site no longer offers the item.
    NoStock,
    /// "Inventory Exceeded": fewer on hand than in the cart.
    Exceeded,
    /// Over the item's effective limit for this shopper.
    Limit,
}

/// Units of one cart line that may not be ordered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shortfall {
    pub allowed: i64,
    pub reason: RemovalReason,
    /// The limit that holds the units back (for [`RemovalReason::Limit`]).
    pub limit: Option<EffectiveLimit>,
}

impl Shortfall {
    /// The refusal of an order holding these units.
    pub fn refusal(&self) -> Refusal {
        match (&self.reason, &self.limit) {
            (RemovalReason::NoStock, _) => (&messages::NO_AVAILABLE_STOCK).into(),
            (RemovalReason::Limit, Some(limit)) => limit.refusal(),
            _ => (&messages::INVENTORY_EXCEEDED).into(),
        }
    }
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
        item_limits(item.stocked(), self.past_orders, self.now, self.tz)
    }

    /// How many of `count` units may stay, and why not the rest, in the spec's order: gone from
    /// inventory, then stock, then (when `with_limits`) the effective limit. None when all may stay.
    pub fn shortfall(&self, inventory_item_id: Id, count: i64, with_limits: bool) -> Option<Shortfall> {
        let Some(item) = self.item(inventory_item_id) else {
            return Some(Shortfall { allowed: 0, reason: RemovalReason::NoStock, limit: None });
        };
        if item.quantity < count {
            return Some(Shortfall { allowed: item.quantity.max(0), reason: RemovalReason::Exceeded, limit: None });
        }
        let limit = self.limits(item).effective_limit;
        (with_limits && limit.limit < count).then(|| Shortfall {
            allowed: limit.limit.max(0),
            reason: RemovalReason::Limit,
            limit: Some(limit),
        })
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

/// The checkout's cart check (spec §4, §5): for each line, the units that must leave the cart
/// and why; stock only for the inventory step, stock and limits for the limits step.
pub fn check_cart(cart: &[CartLine], ctx: &ShoppingContext, with_limits: bool) -> Vec<(CartLine, Shortfall)> {
    merge_cart(cart)
        .into_iter()
        .filter_map(|line| {
            let short = ctx.shortfall(line.inventory_item_id, line.quantity, with_limits)?;
            Some((CartLine { quantity: line.quantity - short.allowed, ..line }, short))
        })
        .collect()
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
    fn the_cart_check_names_the_first_rule_that_holds_units_back() {
        let inv = [item(1, 5, vec![]), item(2, 2, vec![]), item(3, 9, vec![per_order(2)])];
        let c = ctx(&inv, &[]);
        let mut cart = units(9, 1);
        cart.extend(units(2, 3));
        cart.extend(units(3, 3));
        cart.extend(units(1, 5));
        let removed = check_cart(&cart, &c, true);
        let got: Vec<(Id, i64, RemovalReason)> =
            removed.iter().map(|(l, s)| (l.inventory_item_id, l.quantity, s.reason)).collect();
        assert_eq!(
            got,
            vec![(9, 1, RemovalReason::NoStock), (2, 1, RemovalReason::Exceeded), (3, 1, RemovalReason::Limit)],
            "item 1 may stay whole"
        );
        assert_eq!(removed[0].1.refusal(), Refusal::from(&messages::NO_AVAILABLE_STOCK));
        assert_eq!(removed[1].1.refusal(), Refusal::from(&messages::INVENTORY_EXCEEDED));
        assert_eq!(removed[2].1.refusal(), messages::limit_per_order(2), "the limit's own refusal");
        assert_eq!(removed[2].1.limit.as_ref().map(|l| l.limit), Some(2));
        let stock_only = check_cart(&cart, &c, false);
        assert_eq!(stock_only.len(), 2, "the inventory step leaves limits to the next step");
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
