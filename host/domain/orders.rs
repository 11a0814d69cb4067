//! Order status and the time rules on placed orders (spec §4 "Order statuses", §9).

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::Id;
use super::delivery::DeliveryTime;
use super::pickup::PickupTime;
use super::time::{local_today, tz_serde};

/// How long after the anchor (see [`OrderFacts::anchor`]) an order may still be changed or cancelled.
pub const CHANGE_CUTOFF: Duration = Duration::hours(2);
/// How long after the anchor an in-progress order still counts as a nearest pickup.
pub const NEAREST_PICKUP_WINDOW: Duration = Duration::days(1);
/// Nearest pickups shown.
pub const NEAREST_PICKUPS: usize = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum OrderStatus {
    /// Green badge.
    Completed,
    /// Red badge.
    Cancelled,
    /// Primary badge.
    InProgress,
    /// A status type with none of the three flags set.
    Other,
}

impl OrderStatus {
    /// From `pantryOrderStatusType` flags. Cancelled wins over completed so a
    /// badly flagged status can never be reopened for change.
    pub fn from_flags(is_successfully_completed: bool, is_cancelled: bool, is_in_progress: bool) -> Self {
        match (is_cancelled, is_successfully_completed, is_in_progress) {
            (true, _, _) => Self::Cancelled,
            (_, true, _) => Self::Completed,
            (_, _, true) => Self::InProgress,
            _ => Self::Other,
        }
    }
}

/// The order status types every database holds (`order_status_types`, seeded with these ids),
/// and the flags that map each to an [`OrderStatus`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusType {
    Submitted,
    Packing,
    Ready,
    OutForDelivery,
    /// Picked up (or delivered): the green badge. Code PICKED_UP (COMPLETED before the staff side).
    Completed,
    Cancelled,
    /// Not picked up by the end of its window and a grace period: counted as cancelled.
    NoShow,
}

impl StatusType {
    pub const ALL: [Self; 7] = [
        Self::Submitted,
        Self::Packing,
        Self::Ready,
        Self::OutForDelivery,
        Self::Completed,
        Self::Cancelled,
        Self::NoShow,
    ];

    /// The status of a row id; None for an id no status has.
    pub fn from_id(id: Id) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.id() == id)
    }

    /// The row id.
    pub fn id(self) -> Id {
        match self {
            Self::Submitted => 1,
            Self::Packing => 2,
            Self::Ready => 3,
            Self::OutForDelivery => 4,
            Self::Completed => 5,
            Self::Cancelled => 6,
            Self::NoShow => 7,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Self::Submitted => "SUBMITTED",
            Self::Packing => "PACKING",
            Self::Ready => "READY",
            Self::OutForDelivery => "OUT_FOR_DELIVERY",
            Self::Completed => "PICKED_UP",
            Self::Cancelled => "CANCELLED",
            Self::NoShow => "NO_SHOW",
        }
    }

    /// The name a pantry sees (the app shows its own catalog's).
    pub fn name(self) -> &'static str {
        match self {
            Self::Submitted => "Submitted",
            Self::Packing => "Being Packed",
            Self::Ready => "Ready for Pickup",
            Self::OutForDelivery => "Out for Delivery",
            Self::Completed => "Picked Up",
            Self::Cancelled => "Cancelled",
            Self::NoShow => "No-Show",
        }
    }

    pub fn status(self) -> OrderStatus {
        match self {
            Self::Completed => OrderStatus::Completed,
            Self::Cancelled | Self::NoShow => OrderStatus::Cancelled,
            _ => OrderStatus::InProgress,
        }
    }
}

/// What the order rules read from an order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderFacts {
    pub id: Id,
    pub created: DateTime<Utc>,
    pub status: OrderStatus,
    /// Present for pickup orders (a pickup time id means pickup).
    pub pickup_time: Option<PickupTime>,
    /// Present for delivery orders.
    pub delivery_time: Option<DeliveryTime>,
    /// The pantry's zone for pickup, the food bank's for delivery.
    #[serde(with = "tz_serde")]
    pub time_zone: Tz,
}

impl OrderFacts {
    /// The instant the time rules count from. Spec §9: "2 hours after pickup
    /// day or delivery start". Both are measured from when the shopper's time
    /// starts: a pickup from its slot's start on the pickup day (not local
    /// midnight, which would end a 4 pm pickup's changes at 2 am), a delivery
    /// from its window's start. None without a time.
    pub fn anchor(&self) -> Option<DateTime<Utc>> {
        match (&self.pickup_time, &self.delivery_time) {
            (Some(p), _) => Some(p.starts_at(self.time_zone)),
            (None, Some(d)) => Some(d.starts_at(self.time_zone)),
            (None, None) => None,
        }
    }

    /// Change or cancel is allowed only if the order is not completed or
    /// cancelled, has a pickup or delivery time, and its anchor is not more
    /// than two hours past (so a 4 pm pickup can be changed until 6 pm local
    /// on its pickup day).
    pub fn can_change_or_cancel(&self, now: DateTime<Utc>) -> bool {
        !matches!(self.status, OrderStatus::Completed | OrderStatus::Cancelled)
            && self.anchor().is_some_and(|a| now - a <= CHANGE_CUTOFF)
    }

    /// Non-cancelled with a pickup or delivery day of today or later (local).
    pub fn is_upcoming(&self, now: DateTime<Utc>) -> bool {
        let day =
            self.pickup_time.as_ref().map(|p| p.pickup_day).or(self.delivery_time.as_ref().map(|d| d.delivery_day));
        self.status != OrderStatus::Cancelled && day.is_some_and(|d| d >= local_today(now, self.time_zone))
    }
}

/// Upcoming orders, in the order given.
pub fn upcoming_orders(orders: &[OrderFacts], now: DateTime<Utc>) -> Vec<&OrderFacts> {
    orders.iter().filter(|o| o.is_upcoming(now)).collect()
}

/// In-progress orders whose anchor is not more than a day past, newest
/// (latest created) first, at most two.
pub fn nearest_pickups(orders: &[OrderFacts], now: DateTime<Utc>) -> Vec<&OrderFacts> {
    let mut near: Vec<&OrderFacts> = orders
        .iter()
        .filter(|o| o.status == OrderStatus::InProgress && o.anchor().is_some_and(|a| now - a <= NEAREST_PICKUP_WINDOW))
        .collect();
    near.sort_by_key(|o| std::cmp::Reverse(o.created));
    near.truncate(NEAREST_PICKUPS);
    near
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{NaiveDate, NaiveTime};
    use chrono_tz::America::Denver;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2025, 6, d).unwrap()
    }
    fn hm(h: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, 0, 0).unwrap()
    }
    fn pickup_order(id: Id, status: OrderStatus, d: u32) -> OrderFacts {
        OrderFacts {
            id,
            created: format!("2025-06-{:02}T12:00:00Z", id).parse().unwrap(),
            status,
            pickup_time: Some(PickupTime {
                id: 1,
                pantry_location_id: 1,
                pickup_day: day(d),
                pickup_start_time: hm(15),
                pickup_end_time: hm(16),
                seats: Default::default(),
                closed: false,
            }),
            delivery_time: None,
            time_zone: Denver,
        }
    }
    fn delivery_order(id: Id, status: OrderStatus, d: u32, h: u32) -> OrderFacts {
        OrderFacts {
            pickup_time: None,
            delivery_time: Some(DeliveryTime {
                id: 1,
                food_bank_id: 1,
                entity_delivery_program_id: 1,
                delivery_day: day(d),
                delivery_start_time: hm(h),
                delivery_end_time: hm(h + 2),
                seats: Default::default(),
            }),
            ..pickup_order(id, status, d)
        }
    }
    // Denver is UTC-6 in June.
    fn at(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }

    #[test]
    fn status_from_flags() {
        assert_eq!(OrderStatus::from_flags(true, false, false), OrderStatus::Completed);
        assert_eq!(OrderStatus::from_flags(false, true, false), OrderStatus::Cancelled);
        assert_eq!(OrderStatus::from_flags(true, true, false), OrderStatus::Cancelled);
        assert_eq!(OrderStatus::from_flags(false, false, true), OrderStatus::InProgress);
        assert_eq!(OrderStatus::from_flags(false, false, false), OrderStatus::Other);
    }

    #[test]
    fn pickup_change_cutoff_is_two_hours_after_the_pickup_starts() {
        // A 4 pm pickup on June 20 in Denver (UTC-6): 16:00 MDT = 22:00Z; cutoff 18:00 MDT = 00:00Z June 21.
        let o = OrderFacts {
            pickup_time: Some(PickupTime {
                id: 1,
                pantry_location_id: 1,
                pickup_day: day(20),
                pickup_start_time: hm(16),
                pickup_end_time: hm(17),
                seats: Default::default(),
                closed: false,
            }),
            ..pickup_order(1, OrderStatus::InProgress, 20)
        };
        assert!(o.can_change_or_cancel(at("2025-06-19T20:00:00Z")), "the day before");
        // Past local midnight and 2 am of the pickup day: still the shopper's to change.
        assert!(o.can_change_or_cancel(at("2025-06-20T08:00:01Z")), "2:00:01 am that day");
        assert!(o.can_change_or_cancel(at("2025-06-20T21:00:00Z")), "3 pm that day");
        assert!(o.can_change_or_cancel(at("2025-06-21T00:00:00Z")), "6 pm sharp, two hours after the start");
        assert!(!o.can_change_or_cancel(at("2025-06-21T00:01:00Z")), "6:01 pm");
    }

    #[test]
    fn delivery_change_cutoff_is_two_hours_after_window_start() {
        let o = delivery_order(1, OrderStatus::InProgress, 20, 10);
        // 10:00 MDT = 16:00Z; cutoff 18:00Z.
        assert!(o.can_change_or_cancel(at("2025-06-20T18:00:00Z")));
        assert!(!o.can_change_or_cancel(at("2025-06-20T18:00:01Z")));
    }

    #[test]
    fn completed_cancelled_or_timeless_orders_cannot_change() {
        let now = at("2025-06-01T00:00:00Z");
        assert!(!pickup_order(1, OrderStatus::Completed, 20).can_change_or_cancel(now));
        assert!(!pickup_order(1, OrderStatus::Cancelled, 20).can_change_or_cancel(now));
        assert!(pickup_order(1, OrderStatus::Other, 20).can_change_or_cancel(now));
        let timeless = OrderFacts { pickup_time: None, ..pickup_order(1, OrderStatus::InProgress, 20) };
        assert!(!timeless.can_change_or_cancel(now));
    }

    #[test]
    fn upcoming_is_non_cancelled_today_or_later_local() {
        // 2025-06-20 03:00Z is still June 19 in Denver.
        let now = at("2025-06-20T03:00:00Z");
        let orders = [
            pickup_order(1, OrderStatus::InProgress, 19),
            pickup_order(2, OrderStatus::Completed, 25),
            pickup_order(3, OrderStatus::Cancelled, 25),
            pickup_order(4, OrderStatus::InProgress, 18),
            delivery_order(5, OrderStatus::InProgress, 19, 8),
            OrderFacts { pickup_time: None, ..pickup_order(6, OrderStatus::InProgress, 30) },
        ];
        let ids: Vec<Id> = upcoming_orders(&orders, now).iter().map(|o| o.id).collect();
        assert_eq!(ids, vec![1, 2, 5]);
    }

    #[test]
    fn nearest_pickups_in_progress_within_a_day_newest_first_top_two() {
        // 2025-06-20 12:00 MDT.
        let now = at("2025-06-20T18:00:00Z");
        let orders = [
            pickup_order(1, OrderStatus::InProgress, 19), // anchor 06-19 06:00Z, 36 h ago
            pickup_order(2, OrderStatus::InProgress, 20), // today
            pickup_order(3, OrderStatus::InProgress, 26),
            pickup_order(4, OrderStatus::Completed, 26),
            delivery_order(5, OrderStatus::InProgress, 19, 13), // 06-19 19:00Z, 23 h ago
            pickup_order(6, OrderStatus::InProgress, 28),
        ];
        let ids: Vec<Id> = nearest_pickups(&orders, now).iter().map(|o| o.id).collect();
        assert_eq!(ids, vec![6, 5]);
        let ids: Vec<Id> = nearest_pickups(&orders[..3], now).iter().map(|o| o.id).collect();
        assert_eq!(ids, vec![3, 2]);
    }
}
