//! Stock in and out (issue 24 item 4): why an inventory row's quantity moved, and what a staff
//! entry (units received, a recount, units damaged or given out) changes it by. The change itself
//! is the repository's conditional UPDATE, backed by `CHECK (quantity >= 0)`; these rules only say
//! what it is and refuse a result below zero before it is tried.
use serde::{Deserialize, Serialize};

/// `stock_movements.reason`: why an inventory row's quantity moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
/// Serialised as stored.
#[serde(rename_all = "snake_case")]
pub enum StockReason {
    /// Staff: a delivery came in.
    Received,
    /// Staff: counted on the shelf; the count replaces the quantity.
    Recount,
    /// Staff: thrown away (damaged or expired).
    Damaged,
    /// Staff: handed out without an order.
    GivenOut,
    /// A shopper placed an order.
    OrderPlaced,
    /// The shopper or the pantry cancelled an order (who says which).
    OrderCancelled,
    /// The shopper moved an order to another pantry: its units leave one stock for another's.
    OrderMoved,
    /// An order was marked No-Show (by staff or the server's job).
    NoShow,
    /// A line was packed short: the units not packed went back.
    ShortLine,
}

impl StockReason {
    pub const ALL: [Self; 9] = [
        Self::Received,
        Self::Recount,
        Self::Damaged,
        Self::GivenOut,
        Self::OrderPlaced,
        Self::OrderCancelled,
        Self::OrderMoved,
        Self::NoShow,
        Self::ShortLine,
    ];

    /// As stored (the CHECK of migration 22 lists the same).
    pub fn code(self) -> &'static str {
        match self {
            Self::Received => "received",
            Self::Recount => "recount",
            Self::Damaged => "damaged",
            Self::GivenOut => "given_out",
            Self::OrderPlaced => "order_placed",
            Self::OrderCancelled => "order_cancelled",
            Self::OrderMoved => "order_moved",
            Self::NoShow => "no_show",
            Self::ShortLine => "short_line",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.code() == code)
    }

    /// The reasons staff record by hand (the others come from orders).
    pub fn is_manual(self) -> bool {
        matches!(self, Self::Received | Self::Recount | Self::Damaged | Self::GivenOut)
    }
}

/// The most units one entry may name: well inside the column's `i32`.
pub const MAX_UNITS: i64 = 1_000_000;

/// What staff record for one item: `units` received, damaged or given out, or the count of a recount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StockEntry {
    pub reason: StockReason,
    pub units: i64,
}

/// Why an entry cannot be recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryRefusal {
    /// Not one of the staff's reasons.
    Reason,
    /// Units out of 1..=MAX_UNITS (0..=MAX_UNITS for a recount).
    Units,
    /// The quantity would go below zero.
    BelowZero,
}

impl StockEntry {
    /// The change to `on_hand` this entry makes: a recount's count is absolute, so its change is
    /// computed from the quantity read in the writing transaction.
    pub fn delta(&self, on_hand: i64) -> Result<i64, EntryRefusal> {
        if !self.reason.is_manual() {
            return Err(EntryRefusal::Reason);
        }
        let least = if self.reason == StockReason::Recount { 0 } else { 1 };
        if !(least..=MAX_UNITS).contains(&self.units) {
            return Err(EntryRefusal::Units);
        }
        let delta = match self.reason {
            StockReason::Received => self.units,
            StockReason::Recount => self.units - on_hand,
            _ => -self.units,
        };
        if on_hand + delta < 0 {
            return Err(EntryRefusal::BelowZero);
        }
        Ok(delta)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(reason: StockReason, units: i64) -> StockEntry {
        StockEntry { reason, units }
    }

    #[test]
    fn each_reason_moves_the_stock_its_way() {
        assert_eq!(entry(StockReason::Received, 5).delta(3), Ok(5));
        assert_eq!(entry(StockReason::Damaged, 2).delta(3), Ok(-2));
        assert_eq!(entry(StockReason::GivenOut, 3).delta(3), Ok(-3));
        assert_eq!(entry(StockReason::Recount, 10).delta(3), Ok(7));
        assert_eq!(entry(StockReason::Recount, 0).delta(3), Ok(-3));
    }

    #[test]
    fn below_zero_bad_units_and_order_reasons_are_refused() {
        assert_eq!(entry(StockReason::Damaged, 4).delta(3), Err(EntryRefusal::BelowZero));
        assert_eq!(entry(StockReason::Received, 0).delta(3), Err(EntryRefusal::Units));
        assert_eq!(entry(StockReason::Recount, -1).delta(3), Err(EntryRefusal::Units));
        assert_eq!(entry(StockReason::Received, MAX_UNITS + 1).delta(0), Err(EntryRefusal::Units));
        assert_eq!(entry(StockReason::OrderPlaced, 1).delta(3), Err(EntryRefusal::Reason));
    }

    #[test]
    fn codes_round_trip() {
        for r in StockReason::ALL {
            assert_eq!(StockReason::from_code(r.code()), Some(r));
        }
    }
}
