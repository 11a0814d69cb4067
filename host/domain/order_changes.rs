//! The rules on a placed order the shopper cancels or moves (spec §4 "Order statuses", §9):
//! whether it may still change, and whether a new pickup time, pantry or delivery window fits it.
//! The store reads the rows and asks these for every decision, in the order they are listed
//! here, so a request that breaks several rules always gets the same answer.

use std::fmt;

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use super::Id;
use super::access::{AccessGrants, Pantry, check_pantry_access};
use super::delivery::{DeliveryTime, delivery_allowed};
use super::messages;
use super::orders::OrderFacts;
use super::pickup::PickupTime;
use super::refusal::Refusal;

/// Why a change or cancel is refused; [`ChangeRefusal::refusal`] is the refusal to answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChangeRefusal {
    /// Completed, cancelled, timeless, or past the cutoff (or changed by someone else meanwhile).
    CannotChange,
    NotAPickupOrder,
    NotADeliveryOrder,
    /// The new pickup time is not one of the order's pantry (or the pantry is gone).
    InvalidPickupTime,
    PickupTimeNoLongerAvailable,
    DeliveryTimeNoLongerAvailable,
    /// The new time has no room left (its capacity is booked).
    PickupTimeFull,
    /// The pantry closed the new time's day.
    PickupTimeClosed,
    DeliveryTimeFull,
    /// The shopper may no longer get delivery from the order's food bank.
    DeliveryNotAvailable,
    OtherFoodBank,
    OtherDeliveryProgram,
    ReferralCodeRequired(Refusal),
}

impl ChangeRefusal {
    pub fn refusal(&self) -> Refusal {
        let kind = match self {
            Self::CannotChange => &messages::ORDER_CANNOT_CHANGE,
            Self::NotAPickupOrder => &messages::NOT_A_PICKUP_ORDER,
            Self::NotADeliveryOrder => &messages::NOT_A_DELIVERY_ORDER,
            Self::InvalidPickupTime => &messages::INVALID_PICKUP_TIME,
            Self::PickupTimeNoLongerAvailable => &messages::PICKUP_TIME_NO_LONGER_AVAILABLE,
            Self::DeliveryTimeNoLongerAvailable => &messages::DELIVERY_TIME_NO_LONGER_AVAILABLE,
            Self::PickupTimeFull => &messages::PICKUP_TIME_FULL,
            Self::PickupTimeClosed => &messages::PICKUP_TIME_CLOSED,
            Self::DeliveryTimeFull => &messages::DELIVERY_TIME_FULL,
            Self::DeliveryNotAvailable => &messages::NO_AVAILABLE_DELIVERY_TIMES,
            Self::OtherFoodBank => &messages::OTHER_FOOD_BANK,
            Self::OtherDeliveryProgram => &messages::OTHER_DELIVERY_PROGRAM,
            Self::ReferralCodeRequired(refusal) => return refusal.clone(),
        };
        kind.into()
    }
}

impl fmt::Display for ChangeRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.refusal().fmt(f)
    }
}

impl std::error::Error for ChangeRefusal {}

/// Cancel is allowed while the order may change (see [`OrderFacts::can_change_or_cancel`]).
pub fn check_cancel(order: &OrderFacts, now: DateTime<Utc>) -> Result<(), ChangeRefusal> {
    if order.can_change_or_cancel(now) { Ok(()) } else { Err(ChangeRefusal::CannotChange) }
}

/// The pantry of a pickup order that may still change (`pantry_location_id` is the order's). The
/// kind of order is checked first: asking a delivery order for a new pickup time is wrong whatever its time.
pub fn check_pickup_change(
    order: &OrderFacts,
    pantry_location_id: Option<Id>,
    now: DateTime<Utc>,
) -> Result<Id, ChangeRefusal> {
    let pantry_id = pantry_location_id.filter(|_| order.pickup_time.is_some()).ok_or(ChangeRefusal::NotAPickupOrder)?;
    check_cancel(order, now)?;
    Ok(pantry_id)
}

/// The current window of a delivery order that may still change.
pub fn check_delivery_change(order: &OrderFacts, now: DateTime<Utc>) -> Result<&DeliveryTime, ChangeRefusal> {
    let current =
        order.delivery_time.as_ref().filter(|_| order.pickup_time.is_none()).ok_or(ChangeRefusal::NotADeliveryOrder)?;
    check_cancel(order, now)?;
    Ok(current)
}

/// A new pickup time for a pickup order at `pantry_id` (from [`check_pickup_change`]): a valid
/// time of that same pantry, which the shopper may still order at. `pantry` and `time` are
/// `None` when their rows are gone; `tz` is the pantry's zone.
pub fn check_new_pickup_time(
    pantry_id: Id,
    pantry: Option<&Pantry>,
    time: Option<&PickupTime>,
    tz: Tz,
    grants: &AccessGrants,
    now: DateTime<Utc>,
) -> Result<(), ChangeRefusal> {
    let pantry = pantry.filter(|p| p.id == pantry_id && p.offers_pickup).ok_or(ChangeRefusal::InvalidPickupTime)?;
    let time = time.filter(|t| t.pantry_location_id == pantry_id).ok_or(ChangeRefusal::InvalidPickupTime)?;
    if time.closed {
        return Err(ChangeRefusal::PickupTimeClosed);
    }
    if !time.is_valid(now, tz) {
        return Err(ChangeRefusal::PickupTimeNoLongerAvailable);
    }
    if time.seats.is_full() {
        return Err(ChangeRefusal::PickupTimeFull);
    }
    check_pantry_access(grants, pantry).map_err(ChangeRefusal::ReferralCodeRequired)
}

/// A new window for a delivery order whose window is `current` (from [`check_delivery_change`]):
/// the order's stock belongs to its delivery program, so the window must be of the same food bank
/// and program, still ahead (`tz` is the food bank's zone), and delivery still open to the shopper.
pub fn check_new_delivery_time(
    food_bank_id: Id,
    current: &DeliveryTime,
    new: &DeliveryTime,
    tz: Tz,
    grants: &AccessGrants,
    now: DateTime<Utc>,
) -> Result<(), ChangeRefusal> {
    if new.food_bank_id != food_bank_id || new.entity_delivery_program_id != current.entity_delivery_program_id {
        return Err(ChangeRefusal::OtherDeliveryProgram);
    }
    if !new.is_valid(now, tz) {
        return Err(ChangeRefusal::DeliveryTimeNoLongerAvailable);
    }
    if new.seats.is_full() {
        return Err(ChangeRefusal::DeliveryTimeFull);
    }
    if !delivery_allowed(grants, food_bank_id) {
        return Err(ChangeRefusal::DeliveryNotAvailable);
    }
    Ok(())
}

/// A pickup order moves only between pantries of its food bank. The new pantry's time, access,
/// stock and limits are then the submission's checks (`submission::check_order`).
pub fn check_new_pantry(food_bank_id: Id, pantry: &Pantry) -> Result<(), ChangeRefusal> {
    if pantry.food_bank_id == food_bank_id { Ok(()) } else { Err(ChangeRefusal::OtherFoodBank) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::access::ReferralFoodBank;
    use crate::domain::orders::OrderStatus;
    use chrono::{NaiveDate, NaiveTime};
    use chrono_tz::America::Denver;

    // Denver is UTC-6 in June; the orders are for June 20: a 15:00 pickup may change until 23:00Z, a
    // 10:00 delivery until 18:00Z.
    const BEFORE: &str = "2025-06-19T20:00:00Z";
    /// Past both: two hours and a second after the pickup starts.
    const AFTER_CUTOFF: &str = "2025-06-20T23:00:01Z";

    fn at(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }
    fn hm(h: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, 0, 0).unwrap()
    }
    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2025, 6, d).unwrap()
    }
    fn pickup_time(id: Id, pantry: Id, d: u32) -> PickupTime {
        PickupTime {
            id,
            pantry_location_id: pantry,
            pickup_day: day(d),
            pickup_start_time: hm(15),
            pickup_end_time: hm(16),
            seats: Default::default(),
            closed: false,
        }
    }
    fn window(id: Id, food_bank: Id, program: Id, d: u32) -> DeliveryTime {
        DeliveryTime {
            id,
            food_bank_id: food_bank,
            entity_delivery_program_id: program,
            delivery_day: day(d),
            delivery_start_time: hm(10),
            delivery_end_time: hm(12),
            seats: Default::default(),
        }
    }
    fn facts(status: OrderStatus, pickup: Option<PickupTime>, delivery: Option<DeliveryTime>) -> OrderFacts {
        OrderFacts {
            id: 1,
            created: at("2025-06-01T12:00:00Z"),
            status,
            pickup_time: pickup,
            delivery_time: delivery,
            time_zone: Denver,
        }
    }
    fn pickup_facts(status: OrderStatus) -> OrderFacts {
        facts(status, Some(pickup_time(7, 5, 20)), None)
    }
    fn delivery_facts(status: OrderStatus) -> OrderFacts {
        facts(status, None, Some(window(9, 1, 3, 20)))
    }
    fn pantry(id: Id, food_bank: Id, restricted: bool) -> Pantry {
        Pantry {
            id,
            label: "Hope Pantry".into(),
            food_bank_id: food_bank,
            is_restricted: restricted,
            offers_pickup: true,
        }
    }

    #[test]
    fn cancel_follows_the_change_cutoff_and_status() {
        let open = pickup_facts(OrderStatus::InProgress);
        assert_eq!(check_cancel(&open, at(BEFORE)), Ok(()));
        assert_eq!(check_cancel(&open, at(AFTER_CUTOFF)), Err(ChangeRefusal::CannotChange));
        for closed in [OrderStatus::Completed, OrderStatus::Cancelled] {
            assert_eq!(check_cancel(&pickup_facts(closed), at(BEFORE)), Err(ChangeRefusal::CannotChange));
        }
        assert_eq!(
            check_cancel(&facts(OrderStatus::InProgress, None, None), at(BEFORE)),
            Err(ChangeRefusal::CannotChange)
        );
    }

    #[test]
    fn only_an_open_pickup_order_changes_its_pickup() {
        let open = pickup_facts(OrderStatus::InProgress);
        assert_eq!(check_pickup_change(&open, Some(5), at(BEFORE)), Ok(5));
        assert_eq!(check_pickup_change(&open, Some(5), at(AFTER_CUTOFF)), Err(ChangeRefusal::CannotChange));
        // A delivery order is told so even when it is past its cutoff.
        let delivery = delivery_facts(OrderStatus::Completed);
        assert_eq!(check_pickup_change(&delivery, None, at(BEFORE)), Err(ChangeRefusal::NotAPickupOrder));
        // A pickup time without a pantry is not a pickup order either.
        assert_eq!(check_pickup_change(&open, None, at(BEFORE)), Err(ChangeRefusal::NotAPickupOrder));
    }

    #[test]
    fn only_an_open_delivery_order_changes_its_window() {
        let open = delivery_facts(OrderStatus::InProgress);
        assert_eq!(check_delivery_change(&open, at(BEFORE)).map(|w| w.id), Ok(9));
        let past = at("2025-06-20T18:00:01Z"); // 2 h after the 10:00 MDT window start
        assert_eq!(check_delivery_change(&open, past), Err(ChangeRefusal::CannotChange));
        let pickup = pickup_facts(OrderStatus::Cancelled);
        assert_eq!(check_delivery_change(&pickup, at(BEFORE)), Err(ChangeRefusal::NotADeliveryOrder));
    }

    #[test]
    fn a_new_pickup_time_is_a_valid_time_of_the_same_accessible_pantry() {
        let now = at(BEFORE);
        let open = pantry(5, 1, false);
        let grants = AccessGrants::default();
        let ok = pickup_time(8, 5, 21);
        assert_eq!(check_new_pickup_time(5, Some(&open), Some(&ok), Denver, &grants, now), Ok(()));
        let invalid = Err(ChangeRefusal::InvalidPickupTime);
        assert_eq!(check_new_pickup_time(5, None, Some(&ok), Denver, &grants, now), invalid);
        assert_eq!(check_new_pickup_time(5, Some(&open), None, Denver, &grants, now), invalid);
        let elsewhere = pickup_time(8, 6, 21);
        assert_eq!(check_new_pickup_time(5, Some(&open), Some(&elsewhere), Denver, &grants, now), invalid);
        // 15:00 MDT on June 19 is 21:00Z, an hour after `now`.
        let started = pickup_time(8, 5, 19);
        assert_eq!(check_new_pickup_time(5, Some(&open), Some(&started), Denver, &grants, now), Ok(()));
        assert_eq!(
            check_new_pickup_time(5, Some(&open), Some(&started), Denver, &grants, at("2025-06-19T21:00:00Z")),
            Err(ChangeRefusal::PickupTimeNoLongerAvailable)
        );
        let restricted = pantry(5, 1, true);
        let refused = check_new_pickup_time(5, Some(&restricted), Some(&ok), Denver, &grants, now).unwrap_err();
        assert_eq!(refused.to_string(), "Hope Pantry requires a referral code");
        let authorised = AccessGrants { authorized_location_ids: vec![5], ..Default::default() };
        assert_eq!(check_new_pickup_time(5, Some(&restricted), Some(&ok), Denver, &authorised, now), Ok(()));
    }

    #[test]
    fn a_new_window_is_a_valid_one_of_the_same_program_with_delivery_still_open() {
        let now = at(BEFORE);
        let current = window(9, 1, 3, 20);
        let grants = AccessGrants { food_bank_ids_with_delivery_enabled: vec![1], ..Default::default() };
        let ok = window(10, 1, 3, 22);
        assert_eq!(check_new_delivery_time(1, &current, &ok, Denver, &grants, now), Ok(()));
        let other = Err(ChangeRefusal::OtherDeliveryProgram);
        assert_eq!(check_new_delivery_time(1, &current, &window(10, 1, 4, 22), Denver, &grants, now), other);
        assert_eq!(check_new_delivery_time(1, &current, &window(10, 2, 3, 22), Denver, &grants, now), other);
        assert_eq!(
            check_new_delivery_time(1, &current, &window(10, 1, 3, 19), Denver, &grants, now),
            Err(ChangeRefusal::DeliveryTimeNoLongerAvailable)
        );
        assert_eq!(
            check_new_delivery_time(1, &current, &ok, Denver, &AccessGrants::default(), now),
            Err(ChangeRefusal::DeliveryNotAvailable)
        );
        let by_code = AccessGrants {
            referral_codes: vec![crate::domain::access::ReferralCode {
                food_banks: vec![ReferralFoodBank { food_bank_id: 1, is_delivery_enabled: true }],
                ..Default::default()
            }],
            ..Default::default()
        };
        assert_eq!(check_new_delivery_time(1, &current, &ok, Denver, &by_code, now), Ok(()));
    }

    #[test]
    fn a_new_pantry_is_of_the_same_food_bank() {
        assert_eq!(check_new_pantry(1, &pantry(6, 1, true)), Ok(()));
        assert_eq!(check_new_pantry(1, &pantry(6, 2, false)), Err(ChangeRefusal::OtherFoodBank));
    }

    #[test]
    fn refusals_word_the_rule_texts() {
        assert_eq!(ChangeRefusal::CannotChange.to_string(), "This order can no longer be changed or cancelled.");
        assert_eq!(ChangeRefusal::OtherFoodBank.to_string(), "The new pickup site must belong to the same food bank.");
        assert_eq!(ChangeRefusal::DeliveryNotAvailable.to_string(), "Sorry, there are no available delivery times");
    }
}
