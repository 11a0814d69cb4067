//! Pickup times: which are still valid, how they are grouped for display, and
//! the pantry summaries and sort orders of the pantry selector (spec §3, §4, §9).

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::Id;
use super::seats::Seats;
use super::time::local_instant;

/// Entries shown before "View More".
pub const INITIAL_PICKUP_ENTRIES: usize = 2;
/// A day with more times than this is one entry of a pantry's list (its times go to a picker);
/// a day with fewer makes an entry per time (spec §9; the app's `COLLAPSE_OVER`).
pub const COLLAPSE_OVER: usize = 3;

/// A pickup slot, in the pantry's local wall-clock time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PickupTime {
    pub id: Id,
    pub pantry_location_id: Id,
    pub pickup_day: NaiveDate,
    pub pickup_start_time: NaiveTime,
    pub pickup_end_time: NaiveTime,
    #[serde(default)]
    pub seats: Seats,
    /// A closed range of the pantry covers its day (issue 24): it is not offered.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub closed: bool,
}

impl PickupTime {
    pub fn starts_at(&self, tz: Tz) -> DateTime<Utc> {
        local_instant(self.pickup_day, self.pickup_start_time, tz)
    }

    /// Spec §4: "Valid pickup times are those later than now". A slot is
    /// identified by its start, so one that has begun is no longer offered; nor is one on a day
    /// the pantry closed.
    pub fn is_valid(&self, now: DateTime<Utc>, tz: Tz) -> bool {
        !self.closed && self.starts_at(tz) > now
    }

    fn sort_key(&self) -> (NaiveDate, NaiveTime, NaiveTime, Id) {
        (self.pickup_day, self.pickup_start_time, self.pickup_end_time, self.id)
    }
}

/// The valid times of one pantry, soonest first.
pub fn valid_pickup_times(times: &[PickupTime], now: DateTime<Utc>, tz: Tz) -> Vec<PickupTime> {
    let mut valid: Vec<PickupTime> = times.iter().filter(|t| t.is_valid(now, tz)).cloned().collect();
    valid.sort_by_key(PickupTime::sort_key);
    valid
}

/// How many of a pantry's leading times (soonest first) its card in the pantry list needs: those
/// of its first [`INITIAL_PICKUP_ENTRIES`] entries. A collapsed day needs all its times (the
/// picker shows them); a day of a few times needs only those that make the entries, and the rest
/// of that day cannot change how the kept ones group, since a day it cuts has at most
/// [`COLLAPSE_OVER`] times. The rest come when the shopper asks to see more, which keeps the list
/// page light on a phone (a pantry may offer hundreds of times).
pub fn times_for_list_card(days: impl IntoIterator<Item = NaiveDate>) -> usize {
    let days: Vec<NaiveDate> = days.into_iter().collect();
    let (mut keep, mut entries) = (0, 0);
    while keep < days.len() && entries < INITIAL_PICKUP_ENTRIES {
        let of_day = days[keep..].iter().take_while(|d| **d == days[keep]).count();
        if of_day > COLLAPSE_OVER {
            keep += of_day;
            entries += 1;
        } else {
            let taken = of_day.min(INITIAL_PICKUP_ENTRIES - entries);
            keep += taken;
            entries += taken;
        }
    }
    keep
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_list_card_gets_the_times_of_its_first_two_entries() {
        let d = |n| NaiveDate::from_ymd_opt(2026, 11, n).unwrap();
        // A collapsed day (4 times) is one entry with all its times; the next day's first time the second.
        assert_eq!(times_for_list_card([d(1), d(1), d(1), d(1), d(2), d(3), d(3)]), 5);
        assert_eq!(times_for_list_card([d(1), d(2), d(2), d(2), d(2), d(2)]), 6);
        // Two times of the first day are the two entries: the second day is not needed.
        assert_eq!(times_for_list_card([d(1), d(1), d(2), d(2)]), 2);
        assert_eq!(times_for_list_card([d(1), d(1), d(1), d(2)]), 2);
        assert_eq!(times_for_list_card([d(4), d(5), d(5)]), 2);
        assert_eq!(times_for_list_card([d(4)]), 1);
        assert_eq!(times_for_list_card([]), 0);
    }

    use super::*;
    use chrono_tz::America::{Chicago, New_York};

    fn d(day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2025, 6, day).unwrap()
    }
    fn hm(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }
    fn pt(id: Id, day: u32, start: u32) -> PickupTime {
        PickupTime {
            id,
            pantry_location_id: 1,
            pickup_day: d(day),
            pickup_start_time: hm(start, 0),
            pickup_end_time: hm(start + 1, 0),
            seats: Default::default(),
            closed: false,
        }
    }
    // 2025-06-18 10:00 in New York (EDT, UTC-4) = 09:00 in Chicago.
    fn now() -> DateTime<Utc> {
        "2025-06-18T14:00:00Z".parse().unwrap()
    }

    #[test]
    fn valid_only_when_start_is_later_than_now_in_pantry_zone() {
        let times = [pt(1, 18, 10), pt(2, 18, 11), pt(3, 17, 15), pt(4, 18, 9)];
        let ids = |v: Vec<PickupTime>| v.iter().map(|t| t.id).collect::<Vec<_>>();
        // In New York 10:00 has started; in Chicago it is still 09:00.
        assert_eq!(ids(valid_pickup_times(&times, now(), New_York)), vec![2]);
        assert_eq!(ids(valid_pickup_times(&times, now(), Chicago)), vec![1, 2]);
        let mut closed = times.clone();
        closed[1].closed = true;
        assert_eq!(ids(valid_pickup_times(&closed, now(), Chicago)), vec![1]);
    }
}
