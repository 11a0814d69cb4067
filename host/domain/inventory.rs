//! The facts about one inventory item that the rules read (spec §3 "Inventory item").

use serde::{Deserialize, Serialize};

use super::Id;
use super::limits::Limit;

/// `pantryInventoryItemSource.code`: where stock came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The Emergency Food Assistance Program: shown only to eligible shoppers.
    Tefap,
    Donated,
    Purchased,
}

impl Source {
    pub fn code(self) -> &'static str {
        match self {
            Self::Tefap => "TEFAP",
            Self::Donated => "DONATED",
            Self::Purchased => "PURCHASED",
        }
    }

    /// Whether a stored source code names TEFAP stock.
    pub fn is_tefap(code: Option<&str>) -> bool {
        code.is_some_and(|c| c.trim().eq_ignore_ascii_case(Self::Tefap.code()))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InventoryLine {
    /// Inventory item id: what a cart line and an order line point at.
    pub id: Id,
    /// The product; limits are counted per product so that orders placed at
    /// other pantries of the same food bank (other inventory ids) still count.
    pub pantry_item_id: Id,
    /// Quantity on hand.
    pub quantity: i64,
    /// The product's limits (`pantryItem.limits`); ITEM-type limits are ignored here.
    pub limits: Vec<Limit>,
    /// `pantryInventoryItemSource.code`, if any.
    pub source_code: Option<String>,
}

impl InventoryLine {
    pub fn is_tefap(&self) -> bool {
        Source::is_tefap(self.source_code.as_deref())
    }

    /// What `limits::item_limits` reads of the line: its stock, its product and their limits.
    pub fn stocked(&self) -> (i64, Id, &[Limit]) {
        (self.quantity, self.pantry_item_id, &self.limits)
    }

    /// TEFAP items are hidden from shoppers who are not TEFAP-eligible (spec §5).
    pub fn is_visible(&self, tefap_eligible: bool) -> bool {
        tefap_eligible || !self.is_tefap()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(id: Id, source: Option<&str>) -> InventoryLine {
        InventoryLine { id, pantry_item_id: id, quantity: 1, limits: vec![], source_code: source.map(str::to_string) }
    }

    #[test]
    fn tefap_stock_shows_only_to_eligible_shoppers() {
        let tefap = line(1, Some(" tefap "));
        assert!(!tefap.is_visible(false));
        assert!(tefap.is_visible(true));
        assert!(line(2, Some("DONATED")).is_visible(false));
        assert!(line(3, None).is_visible(false));
    }
}
