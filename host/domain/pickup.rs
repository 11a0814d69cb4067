//! Pickup times: which are still valid, how they are grouped for display, and
//! the pantry summaries and sort orders of the pantry selector (spec §3, §4, §9).

use std::cmp::Ordering;

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::Id;
use super::messages;
use super::time::local_instant;

/// A day with more than this many times collapses into one range entry.
pub const PICKUP_GROUP_THRESHOLD: usize = 3;
/// Entries shown before "View More".
pub const INITIAL_PICKUP_ENTRIES: usize = 2;

/// A pickup slot, in the pantry's local wall-clock time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PickupTime {
    pub id: Id,
    pub pantry_location_id: Id,
    pub pickup_day: NaiveDate,
    pub pickup_start_time: NaiveTime,
    pub pickup_end_time: NaiveTime,
}

impl PickupTime {
    pub fn starts_at(&self, tz: Tz) -> DateTime<Utc> {
        local_instant(self.pickup_day, self.pickup_start_time, tz)
    }

    /// Spec §4: "Valid pickup times are those later than now". A slot is
    /// identified by its start, so one that has begun is no longer offered.
    pub fn is_valid(&self, now: DateTime<Utc>, tz: Tz) -> bool {
        self.starts_at(tz) > now
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

/// The days a calendar may offer: those with at least one of `valid` times.
pub fn pickup_days(valid: &[PickupTime]) -> Vec<NaiveDate> {
    let mut days: Vec<NaiveDate> = valid.iter().map(|t| t.pickup_day).collect();
    days.sort();
    days.dedup();
    days
}

/// The times of one day, in the order given (soonest first for `valid_pickup_times`).
pub fn times_on_day(valid: &[PickupTime], day: NaiveDate) -> Vec<&PickupTime> {
    valid.iter().filter(|t| t.pickup_day == day).collect()
}

/// How many of a pantry's leading times (soonest first) its card in the pantry list needs: those
/// of its first [`INITIAL_PICKUP_ENTRIES`] days, as every day makes at least one entry. The rest
/// come when the shopper asks to see more, which keeps the list page light on a phone (a pantry
/// may offer hundreds of times).
pub fn times_for_list_card(days: impl IntoIterator<Item = NaiveDate>) -> usize {
    let mut seen: Vec<NaiveDate> = Vec::with_capacity(INITIAL_PICKUP_ENTRIES);
    let mut keep = 0;
    for day in days {
        if !seen.contains(&day) {
            if seen.len() == INITIAL_PICKUP_ENTRIES {
                break;
            }
            seen.push(day);
        }
        keep += 1;
    }
    keep
}

/// One display entry: a single time, or a whole day shown as the range
/// `first_pickup_time.start – last_pickup_time.end`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PickupTimeSummary {
    /// 0-based position in the pantry's entry list.
    pub index: usize,
    pub pantry_location_id: Id,
    pub pickup_times: Vec<PickupTime>,
    pub first_pickup_time: PickupTime,
    pub last_pickup_time: PickupTime,
}

impl PickupTimeSummary {
    pub fn is_range(&self) -> bool {
        self.pickup_times.len() > 1
    }
}

/// Groups `valid` (soonest first) into display entries: a day with more than
/// three times becomes one entry, otherwise each time is its own entry.
pub fn group_pickup_times(valid: &[PickupTime]) -> Vec<PickupTimeSummary> {
    let mut entries: Vec<Vec<PickupTime>> = Vec::new();
    for day in valid.chunk_by(|a, b| a.pickup_day == b.pickup_day) {
        if day.len() > PICKUP_GROUP_THRESHOLD {
            entries.push(day.to_vec());
        } else {
            entries.extend(day.iter().map(|t| vec![t.clone()]));
        }
    }
    entries
        .into_iter()
        .enumerate()
        .map(|(index, times)| PickupTimeSummary {
            index,
            pantry_location_id: times[0].pantry_location_id,
            first_pickup_time: times[0].clone(),
            last_pickup_time: times[times.len() - 1].clone(),
            pickup_times: times,
        })
        .collect()
}

/// Pantry selector sort options; Soonest Available is the default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PantrySort {
    #[default]
    SoonestAvailable,
    ClosestToMe,
}

impl PantrySort {
    pub fn label(self) -> &'static str {
        match self {
            Self::SoonestAvailable => messages::SORT_SOONEST_AVAILABLE,
            Self::ClosestToMe => messages::SORT_CLOSEST_TO_ME,
        }
    }
}

/// A pantry found by a search, with what the summary needs; `pantry` is the
/// caller's own row or DTO and is handed back untouched.
#[derive(Debug, Clone)]
pub struct PantryCandidate<P> {
    pub pantry: P,
    pub time_zone: Tz,
    pub distance_miles: Option<f64>,
    pub pickup_times: Vec<PickupTime>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PantrySummary<P> {
    /// 1-based position in the sorted list (the map marker number).
    pub index: usize,
    pub pantry: P,
    pub distance_miles: Option<f64>,
    pub has_available_pickups: bool,
    pub first_available_pickup: Option<PickupTime>,
    pub valid_pickup_times: Vec<PickupTime>,
    pub pickup_time_summaries: Vec<PickupTimeSummary>,
}

/// Summaries of `candidates`, sorted and numbered. Soonest Available orders by
/// first available pickup (as an instant, so pantries in other time zones
/// compare fairly), then distance; pantries without pickups come last.
/// Closest to Me orders by distance; unknown distances come last.
pub fn summarize_pantries<P>(
    candidates: Vec<PantryCandidate<P>>,
    sort: PantrySort,
    now: DateTime<Utc>,
) -> Vec<PantrySummary<P>> {
    let mut keyed: Vec<(Option<DateTime<Utc>>, PantrySummary<P>)> = candidates
        .into_iter()
        .map(|c| {
            let valid = valid_pickup_times(&c.pickup_times, now, c.time_zone);
            let first = valid.first().cloned();
            let soonest = first.as_ref().map(|t| t.starts_at(c.time_zone));
            let summary = PantrySummary {
                index: 0,
                pantry: c.pantry,
                distance_miles: c.distance_miles,
                has_available_pickups: first.is_some(),
                first_available_pickup: first,
                pickup_time_summaries: group_pickup_times(&valid),
                valid_pickup_times: valid,
            };
            (soonest, summary)
        })
        .collect();
    let by_distance =
        |a: &PantrySummary<P>, b: &PantrySummary<P>| none_last(a.distance_miles, b.distance_miles, f64::total_cmp);
    match sort {
        PantrySort::SoonestAvailable => {
            keyed.sort_by(|(sa, a), (sb, b)| none_last(*sa, *sb, |x, y| x.cmp(y)).then_with(|| by_distance(a, b)))
        }
        PantrySort::ClosestToMe => keyed.sort_by(|(_, a), (_, b)| by_distance(a, b)),
    }
    keyed.into_iter().enumerate().map(|(i, (_, summary))| PantrySummary { index: i + 1, ..summary }).collect()
}

fn none_last<T: Copy>(a: Option<T>, b: Option<T>, cmp: impl Fn(&T, &T) -> Ordering) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => cmp(&a, &b),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_list_card_gets_the_times_of_its_first_two_days() {
        let d = |n| NaiveDate::from_ymd_opt(2026, 11, n).unwrap();
        assert_eq!(times_for_list_card([d(1), d(1), d(1), d(1), d(2), d(3), d(3)]), 5);
        assert_eq!(times_for_list_card([d(4), d(5)]), 2);
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
    }

    #[test]
    fn valid_times_are_sorted_soonest_first() {
        let times = [pt(1, 20, 9), pt(2, 19, 15), pt(3, 19, 11)];
        let v = valid_pickup_times(&times, now(), New_York);
        assert_eq!(v.iter().map(|t| t.id).collect::<Vec<_>>(), vec![3, 2, 1]);
        assert_eq!(pickup_days(&v), vec![d(19), d(20)]);
        assert_eq!(times_on_day(&v, d(19)).len(), 2);
    }

    #[test]
    fn days_with_more_than_three_times_collapse() {
        let mut times: Vec<PickupTime> = (0..4).map(|i| pt(10 + i, 19, 9 + i as u32)).collect();
        times.extend((0..3).map(|i| pt(20 + i, 20, 9 + i as u32)));
        let g = group_pickup_times(&valid_pickup_times(&times, now(), New_York));
        assert_eq!(g.len(), 4);
        assert!(g[0].is_range());
        assert_eq!(g[0].pickup_times.len(), 4);
        assert_eq!((g[0].first_pickup_time.id, g[0].last_pickup_time.id), (10, 13));
        assert_eq!(g[0].last_pickup_time.pickup_end_time, hm(13, 0));
        // Exactly three stay separate.
        assert!(g[1..].iter().all(|e| !e.is_range() && e.first_pickup_time == e.last_pickup_time));
        assert_eq!(g.iter().map(|e| e.index).collect::<Vec<_>>(), vec![0, 1, 2, 3]);
        assert!(group_pickup_times(&[]).is_empty());
    }

    fn cand(name: &'static str, tz: Tz, miles: Option<f64>, times: Vec<PickupTime>) -> PantryCandidate<&'static str> {
        PantryCandidate { pantry: name, time_zone: tz, distance_miles: miles, pickup_times: times }
    }

    #[test]
    fn pantry_summary_fields() {
        let s = summarize_pantries(
            vec![cand("a", New_York, Some(1.0), vec![pt(2, 19, 9), pt(1, 18, 9)])],
            PantrySort::default(),
            now(),
        );
        assert_eq!(s[0].index, 1);
        assert!(s[0].has_available_pickups);
        assert_eq!(s[0].first_available_pickup.as_ref().map(|t| t.id), Some(2));
        assert_eq!(s[0].valid_pickup_times.len(), 1);
        assert_eq!(s[0].pickup_time_summaries.len(), 1);
        let none = summarize_pantries(vec![cand("b", New_York, None, vec![pt(1, 1, 9)])], PantrySort::default(), now());
        assert!(!none[0].has_available_pickups);
        assert_eq!(none[0].first_available_pickup, None);
    }

    #[test]
    fn soonest_available_then_distance_then_no_pickups() {
        let s = summarize_pantries(
            vec![
                cand("none-near", New_York, Some(0.5), vec![]),
                cand("later", New_York, Some(1.0), vec![pt(1, 20, 9)]),
                cand("soon-far", New_York, Some(9.0), vec![pt(1, 19, 9)]),
                cand("soon-near", New_York, Some(2.0), vec![pt(1, 19, 9)]),
                // 19th 08:00 Chicago = 09:00 New York: same instant as the two above, nearer.
                cand("soon-chicago", Chicago, Some(1.5), vec![pt(1, 19, 8)]),
            ],
            PantrySort::SoonestAvailable,
            now(),
        );
        let order: Vec<_> = s.iter().map(|p| (p.index, p.pantry)).collect();
        assert_eq!(order, vec![(1, "soon-chicago"), (2, "soon-near"), (3, "soon-far"), (4, "later"), (5, "none-near")]);
    }

    #[test]
    fn closest_to_me_by_distance_unknown_last() {
        let s = summarize_pantries(
            vec![
                cand("x", New_York, None, vec![]),
                cand("far", New_York, Some(8.0), vec![]),
                cand("near", New_York, Some(0.2), vec![pt(1, 30, 9)]),
            ],
            PantrySort::ClosestToMe,
            now(),
        );
        assert_eq!(s.iter().map(|p| p.pantry).collect::<Vec<_>>(), vec!["near", "far", "x"]);
        assert_eq!(PantrySort::ClosestToMe.label(), "Closest to Me");
        assert_eq!(PantrySort::default().label(), "Soonest Available");
    }
}
