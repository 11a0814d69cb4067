//! Delivery windows and who may use delivery (spec §3, §4, §6).

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::Id;
use super::access::AccessGrants;
use super::seats::Seats;
use super::time::local_instant;

/// A delivery window, in the food bank's local wall-clock time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryTime {
    pub id: Id,
    pub food_bank_id: Id,
    pub entity_delivery_program_id: Id,
    pub delivery_day: NaiveDate,
    pub delivery_start_time: NaiveTime,
    pub delivery_end_time: NaiveTime,
    #[serde(default)]
    pub seats: Seats,
}

impl DeliveryTime {
    pub fn starts_at(&self, tz: Tz) -> DateTime<Utc> {
        local_instant(self.delivery_day, self.delivery_start_time, tz)
    }

    /// A window is valid while its start is later than now.
    pub fn is_valid(&self, now: DateTime<Utc>, tz: Tz) -> bool {
        self.starts_at(tz) > now
    }
}

/// The valid windows, soonest first.
pub fn valid_delivery_times(times: &[DeliveryTime], now: DateTime<Utc>, tz: Tz) -> Vec<DeliveryTime> {
    let mut valid: Vec<DeliveryTime> = times.iter().filter(|t| t.is_valid(now, tz)).cloned().collect();
    valid.sort_by_key(|t| (t.delivery_day, t.delivery_start_time, t.delivery_end_time, t.id));
    valid
}

/// Delivery is offered only by food banks in the profile's
/// `foodBankIdsWithDeliveryEnabled`, or through a held referral code whose
/// food bank entry has delivery enabled.
pub fn delivery_allowed(grants: &AccessGrants, food_bank_id: Id) -> bool {
    grants.food_bank_ids_with_delivery_enabled.contains(&food_bank_id)
        || grants
            .referral_codes
            .iter()
            .flat_map(|c| &c.food_banks)
            .any(|f| f.food_bank_id == food_bank_id && f.is_delivery_enabled)
}

/// Food banks the shopper may get delivery from, profile ones first, without
/// repeats; "Switch to Delivery" opens the picker for the first.
pub fn delivery_food_bank_ids(grants: &AccessGrants) -> Vec<Id> {
    let from_codes = grants
        .referral_codes
        .iter()
        .flat_map(|c| &c.food_banks)
        .filter(|f| f.is_delivery_enabled)
        .map(|f| f.food_bank_id);
    let mut ids: Vec<Id> = Vec::new();
    for id in grants.food_bank_ids_with_delivery_enabled.iter().copied().chain(from_codes) {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::super::access::{ReferralCode, ReferralFoodBank};
    use super::*;
    use chrono_tz::America::Los_Angeles;

    fn window(id: Id, day: u32, hour: u32) -> DeliveryTime {
        DeliveryTime {
            id,
            food_bank_id: 1,
            entity_delivery_program_id: 1,
            delivery_day: NaiveDate::from_ymd_opt(2025, 6, day).unwrap(),
            delivery_start_time: NaiveTime::from_hms_opt(hour, 0, 0).unwrap(),
            delivery_end_time: NaiveTime::from_hms_opt(hour + 2, 0, 0).unwrap(),
            seats: Default::default(),
        }
    }

    #[test]
    fn valid_when_start_later_than_now_in_food_bank_zone() {
        // 2025-06-18 10:00 in Los Angeles (PDT, UTC-7).
        let now = "2025-06-18T17:00:00Z".parse().unwrap();
        let times = [window(1, 19, 9), window(2, 18, 10), window(3, 18, 11), window(4, 17, 12)];
        let ids: Vec<Id> = valid_delivery_times(&times, now, Los_Angeles).iter().map(|t| t.id).collect();
        assert_eq!(ids, vec![3, 1]);
    }

    fn code(fb: Id, enabled: bool) -> ReferralCode {
        ReferralCode {
            food_banks: vec![ReferralFoodBank { food_bank_id: fb, is_delivery_enabled: enabled }],
            ..Default::default()
        }
    }

    #[test]
    fn delivery_via_profile_or_referral_code() {
        let none = AccessGrants::default();
        assert!(!delivery_allowed(&none, 1));
        let profile = AccessGrants { food_bank_ids_with_delivery_enabled: vec![1], ..Default::default() };
        assert!(delivery_allowed(&profile, 1));
        assert!(!delivery_allowed(&profile, 2));
        let codes = AccessGrants { referral_codes: vec![code(2, true), code(3, false)], ..Default::default() };
        assert!(delivery_allowed(&codes, 2));
        assert!(!delivery_allowed(&codes, 3), "code without delivery enabled");
        // Restricted-pantry authorisation does not grant delivery.
        let authorised = AccessGrants { authorized_location_ids: vec![1], ..Default::default() };
        assert!(!delivery_allowed(&authorised, 1));
    }

    #[test]
    fn delivery_food_banks_profile_first_without_repeats() {
        let g = AccessGrants {
            food_bank_ids_with_delivery_enabled: vec![4, 2],
            referral_codes: vec![code(2, true), code(9, false), code(7, true)],
            ..Default::default()
        };
        assert_eq!(delivery_food_bank_ids(&g), vec![4, 2, 7]);
    }
}
