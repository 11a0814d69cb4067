//! Schedules (issue 24 items 1 and 3): a pantry's weekly opening hours and one-off extra days, the
//! pickup times they make for the publishing horizon, the plan that brings the stored times in line
//! with them without ever touching a time that has orders, and the rules on what staff enter
//! (schedule rows, the horizon and closed days).
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

use super::Id;
use super::forms::{FieldCode, FieldError};
use super::time::local_instant;

/// Days ahead a pantry publishes when staff never set it.
pub const DEFAULT_HORIZON_DAYS: i32 = 28;
pub const HORIZON_DAYS: std::ops::RangeInclusive<i32> = 1..=120;
/// A closed day's reason, in characters.
pub const REASON_MAX: usize = 200;
/// Longest slot, in minutes (a whole day).
const SLOT_MINUTES_MAX: i32 = 24 * 60;

/// When a schedule row opens: every week on a weekday (0 = Monday … 6 = Sunday), or on one date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum When {
    Weekday(u8),
    Date(NaiveDate),
}

impl When {
    fn covers(self, day: NaiveDate) -> bool {
        match self {
            Self::Weekday(w) => day.weekday().num_days_from_monday() == u32::from(w),
            Self::Date(d) => d == day,
        }
    }

    /// Whether both can open on the same day.
    fn meets(self, other: Self) -> bool {
        match (self, other) {
            (Self::Weekday(a), Self::Weekday(b)) => a == b,
            (Self::Date(a), Self::Date(b)) => a == b,
            (Self::Weekday(_), Self::Date(d)) => self.covers(d),
            (Self::Date(d), Self::Weekday(_)) => other.covers(d),
        }
    }
}

/// One schedule row (`id` None while it is being created).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleRow {
    pub id: Option<Id>,
    pub when: When,
    pub opens: NaiveTime,
    pub closes: NaiveTime,
    pub slot_minutes: i32,
    /// Orders per slot; None: unlimited.
    pub capacity: Option<i32>,
}

/// A pickup time a schedule row makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    pub schedule_id: Id,
    pub day: NaiveDate,
    pub start: NaiveTime,
    pub end: NaiveTime,
    pub start_at: DateTime<Utc>,
    pub end_at: DateTime<Utc>,
    pub capacity: Option<i32>,
}

/// A stored future pickup time of the pantry, as the plan reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoredTime {
    pub id: Id,
    /// The schedule that made it; None: made by hand or the seed (never changed here).
    pub schedule_id: Option<Id>,
    pub start_at: DateTime<Utc>,
    pub end_at: DateTime<Utc>,
    pub capacity: Option<i32>,
    pub booked: i32,
    /// Any order points at it, whatever its state (a cancelled one still names it).
    pub has_orders: bool,
}

impl StoredTime {
    fn is_empty(&self) -> bool {
        self.booked == 0 && !self.has_orders
    }
}

/// What brings the stored times in line with the schedules: deletes first, then inserts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    pub delete: Vec<Id>,
    pub insert: Vec<Slot>,
    /// Times whose schedule's capacity changed: (id, new capacity), never below what is booked.
    pub recapacity: Vec<(Id, Option<i32>)>,
}

impl Plan {
    pub fn is_empty(&self) -> bool {
        self.delete.is_empty() && self.insert.is_empty() && self.recapacity.is_empty()
    }
}

/// Whether `time` is a real local time on `day` in `tz` (not in the hour clocks skip forward).
fn exists(day: NaiveDate, time: NaiveTime, tz: Tz) -> bool {
    tz.from_local_datetime(&day.and_time(time)).earliest().is_some()
}

/// The pickup times `rows` make on the `days` days from `first` (the pantry's local today), in the
/// pantry's zone `tz`, that start after `now`. A row is cut into slots of its length from its
/// opening; a last slot that would end after closing is not made. A slot whose start or end the
/// clocks skip on a daylight-saving day is not made either (it has no real time to show).
pub fn slots(rows: &[ScheduleRow], tz: Tz, first: NaiveDate, days: i32, now: DateTime<Utc>) -> Vec<Slot> {
    let mut out = Vec::new();
    for offset in 0..i64::from(days.max(0)) {
        let day = first + Duration::days(offset);
        for row in rows.iter().filter(|r| r.when.covers(day)) {
            let (Some(schedule_id), true) = (row.id, row.slot_minutes > 0) else { continue };
            let length = Duration::minutes(i64::from(row.slot_minutes));
            let mut start = row.opens;
            loop {
                let (end, wrapped) = start.overflowing_add_signed(length);
                if wrapped != 0 || end > row.closes || end <= start {
                    break;
                }
                if exists(day, start, tz) && exists(day, end, tz) {
                    let start_at = local_instant(day, start, tz);
                    let end_at = local_instant(day, end, tz);
                    if start_at > now && end_at > start_at {
                        out.push(Slot { schedule_id, day, start, end, start_at, end_at, capacity: row.capacity });
                    }
                }
                start = end;
            }
        }
    }
    out.sort_by_key(|s| (s.start_at, s.schedule_id));
    out
}

/// The plan from the `stored` future times of a pantry to the `wanted` ones. A time a schedule
/// made that is no longer wanted goes when it is empty; one with orders stays as it is. A wanted
/// time is made unless a stored one already starts then (made by hand, by another row, or
/// booked and kept). Running the plan twice changes nothing the second time.
pub fn plan(wanted: &[Slot], stored: &[StoredTime]) -> Plan {
    let mut plan = Plan::default();
    let mut kept: HashMap<DateTime<Utc>, &StoredTime> = HashMap::new();
    let wanted_at: HashMap<DateTime<Utc>, &Slot> = wanted.iter().map(|s| (s.start_at, s)).collect();
    for t in stored {
        let Some(schedule_id) = t.schedule_id else {
            kept.insert(t.start_at, t);
            continue;
        };
        let same = wanted_at.get(&t.start_at).filter(|s| s.schedule_id == schedule_id && s.end_at == t.end_at);
        match same {
            Some(s) => {
                if s.capacity != t.capacity && s.capacity.is_none_or(|c| c >= t.booked) {
                    plan.recapacity.push((t.id, s.capacity));
                }
                kept.insert(t.start_at, t);
            }
            None if t.is_empty() => plan.delete.push(t.id),
            None => {
                kept.insert(t.start_at, t);
            }
        }
    }
    plan.insert = wanted.iter().filter(|s| !kept.contains_key(&s.start_at)).copied().collect();
    // Two rows wanting the same start (rows of a weekday and a date on it): the first is made.
    plan.insert.dedup_by_key(|s| s.start_at);
    plan
}

/// The plan that deletes only the empty future times row `row_id` made, from the times `wanted`
/// without it: the row's own times go with it, while the rest of the plan is left to the job.
pub fn row_removal(wanted: &[Slot], stored: &[StoredTime], row_id: Id) -> Plan {
    let mut p = plan(wanted, stored);
    let mine: Vec<Id> = stored.iter().filter(|t| t.schedule_id == Some(row_id)).map(|t| t.id).collect();
    p.delete.retain(|id| mine.contains(id));
    p.insert.clear();
    p.recapacity.clear();
    p
}

fn field(field: &'static str, code: FieldCode, message: &str) -> FieldError {
    FieldError::new(field, code, message)
}

/// The rules on a schedule row, against the pantry's `others` (the row itself left out) and the
/// most orders already booked on a time it made (`booked`): every broken one, at its field.
pub fn check_row(row: &ScheduleRow, others: &[ScheduleRow], booked: i32) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if let When::Weekday(w) = row.when
        && w > 6
    {
        errors.push(FieldError::choice("weekday"));
    }
    if row.closes <= row.opens {
        errors.push(field("closes", FieldCode::ClosesBeforeOpens, "The closing time must be after the opening time."));
    } else if !(1..=SLOT_MINUTES_MAX).contains(&row.slot_minutes) {
        errors.push(field("slotMinutes", FieldCode::OutOfRange, "Enter a slot length of at least 1 minute."));
    } else if (row.closes - row.opens) < Duration::minutes(i64::from(row.slot_minutes)) {
        errors.push(field("slotMinutes", FieldCode::SlotTooLong, "The slot is longer than the opening hours."));
    } else if others
        .iter()
        .any(|o| o.id != row.id && o.when.meets(row.when) && o.opens < row.closes && row.opens < o.closes)
    {
        errors.push(field("opens", FieldCode::Overlaps, "These hours overlap other hours of the same day."));
    }
    match row.capacity {
        Some(c) if c < 0 => {
            errors.push(field("capacity", FieldCode::OutOfRange, "Enter a capacity of 0 or more, or leave it empty."))
        }
        Some(c) if c < booked => errors.push(field(
            "capacity",
            FieldCode::BelowBooked,
            &format!("A time of these hours already has {booked} orders; the capacity cannot be lower."),
        )),
        _ => {}
    }
    errors
}

/// The rule on the publishing horizon.
pub fn check_horizon(days: i32) -> Vec<FieldError> {
    if HORIZON_DAYS.contains(&days) {
        Vec::new()
    } else {
        vec![field("horizonDays", FieldCode::OutOfRange, "Enter a number of days from 1 to 120.")]
    }
}

/// The rules on a closed range from `first` to `last` entered on the pantry's local `today`.
pub fn check_closed(first: NaiveDate, last: NaiveDate, reason: &str, today: NaiveDate) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if first < today {
        errors.push(field("firstDay", FieldCode::InPast, "The first closed day cannot be in the past."));
    }
    if last < first {
        errors.push(field("lastDay", FieldCode::EndBeforeStart, "The last closed day cannot be before the first."));
    }
    let reason = reason.trim();
    if reason.is_empty() {
        errors.push(FieldError::required("reason"));
    } else if reason.chars().count() > REASON_MAX {
        errors.push(FieldError::too_long("reason", REASON_MAX));
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::New_York;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }
    fn hm(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }
    fn row(
        id: Id,
        when: When,
        opens: NaiveTime,
        closes: NaiveTime,
        minutes: i32,
        capacity: Option<i32>,
    ) -> ScheduleRow {
        ScheduleRow { id: Some(id), when, opens, closes, slot_minutes: minutes, capacity }
    }
    fn at(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }
    /// The stored times after a plan ran over `stored` (new ids after the largest, from 1000).
    fn apply(stored: &[StoredTime], plan: &Plan) -> Vec<StoredTime> {
        let next = stored.iter().map(|t| t.id + 1).max().unwrap_or(1000).max(1000);
        let mut out: Vec<StoredTime> = stored.iter().filter(|t| !plan.delete.contains(&t.id)).copied().collect();
        for t in &mut out {
            if let Some((_, c)) = plan.recapacity.iter().find(|(id, _)| *id == t.id) {
                t.capacity = *c;
            }
        }
        for (i, s) in plan.insert.iter().enumerate() {
            out.push(StoredTime {
                id: next + i as Id,
                schedule_id: Some(s.schedule_id),
                start_at: s.start_at,
                end_at: s.end_at,
                capacity: s.capacity,
                booked: 0,
                has_orders: false,
            });
        }
        out
    }

    #[test]
    fn slots_follow_the_wall_clock_across_the_spring_daylight_saving_change() {
        // Saturday 2026-03-07 is EST (UTC-5), Monday 2026-03-09 EDT (UTC-4); clocks jump on Sunday 8th.
        let rows = [
            row(1, When::Weekday(5), hm(9, 0), hm(10, 0), 30, Some(2)),
            row(2, When::Weekday(0), hm(9, 0), hm(10, 0), 60, None),
        ];
        let s = slots(&rows, New_York, d(2026, 3, 7), 3, at("2026-03-01T00:00:00Z"));
        let starts: Vec<_> = s.iter().map(|s| (s.day, s.start, s.start_at)).collect();
        assert_eq!(
            starts,
            vec![
                (d(2026, 3, 7), hm(9, 0), at("2026-03-07T14:00:00Z")),
                (d(2026, 3, 7), hm(9, 30), at("2026-03-07T14:30:00Z")),
                (d(2026, 3, 9), hm(9, 0), at("2026-03-09T13:00:00Z")),
            ]
        );
        assert_eq!(s[0].capacity, Some(2));
        assert_eq!(s[2].end_at, at("2026-03-09T14:00:00Z"));
    }

    #[test]
    fn no_slot_is_made_in_the_hour_the_clocks_skip_and_the_repeated_hour_keeps_its_order() {
        // Sunday 2026-03-08: 02:00–03:00 does not exist in New York.
        let rows = [row(1, When::Date(d(2026, 3, 8)), hm(1, 0), hm(4, 0), 60, None)];
        let s = slots(&rows, New_York, d(2026, 3, 8), 1, at("2026-03-01T00:00:00Z"));
        let starts: Vec<_> = s.iter().map(|s| s.start).collect();
        assert_eq!(starts, vec![hm(3, 0)], "01:00–02:00 ends and 02:00–03:00 starts in the skipped hour");
        // Sunday 2026-11-01: 01:00–02:00 happens twice; every slot still ends after it starts.
        let rows = [row(1, When::Date(d(2026, 11, 1)), hm(0, 30), hm(3, 0), 30, None)];
        let s = slots(&rows, New_York, d(2026, 11, 1), 1, at("2026-10-01T00:00:00Z"));
        assert_eq!(s.len(), 5);
        assert!(s.iter().all(|s| s.end_at > s.start_at));
        assert!(s.windows(2).all(|w| w[0].start_at < w[1].start_at));
    }

    #[test]
    fn a_last_slot_that_does_not_fit_before_closing_is_not_made() {
        let rows = [row(1, When::Weekday(2), hm(9, 0), hm(10, 40), 30, None)];
        let s = slots(&rows, New_York, d(2026, 6, 3), 1, at("2026-06-01T00:00:00Z"));
        let ends: Vec<_> = s.iter().map(|s| s.end).collect();
        assert_eq!(ends, vec![hm(9, 30), hm(10, 0), hm(10, 30)]);
    }

    #[test]
    fn only_times_ahead_of_now_and_inside_the_horizon_are_made() {
        let rows = [row(1, When::Weekday(2), hm(9, 0), hm(11, 0), 60, None)];
        // Wednesday 2026-06-03 09:30 EDT: the 9:00 slot has started; 7 days reach no second Wednesday.
        let s = slots(&rows, New_York, d(2026, 6, 3), 7, at("2026-06-03T13:30:00Z"));
        assert_eq!(s.iter().map(|s| (s.day, s.start)).collect::<Vec<_>>(), vec![(d(2026, 6, 3), hm(10, 0))]);
        assert_eq!(slots(&rows, New_York, d(2026, 6, 3), 8, at("2026-06-03T13:30:00Z")).len(), 3);
    }

    #[test]
    fn the_plan_is_idempotent() {
        let rows = [row(1, When::Weekday(2), hm(9, 0), hm(11, 0), 30, Some(2))];
        let now = at("2026-06-01T00:00:00Z");
        let wanted = slots(&rows, New_York, d(2026, 6, 1), 14, now);
        let first = plan(&wanted, &[]);
        assert_eq!(first.insert.len(), 8);
        let stored = apply(&[], &first);
        assert!(plan(&wanted, &stored).is_empty());
    }

    #[test]
    fn removing_a_row_deletes_only_its_own_empty_times() {
        let now = at("2026-06-01T00:00:00Z");
        let rows = [
            row(1, When::Weekday(2), hm(9, 0), hm(10, 0), 30, None),
            row(2, When::Weekday(3), hm(9, 0), hm(10, 0), 30, Some(2)),
        ];
        let mut stored = apply(&[], &plan(&slots(&rows, New_York, d(2026, 6, 1), 7, now), &[]));
        let mine = |t: &StoredTime| t.schedule_id == Some(1);
        let booked = stored.iter().position(mine).unwrap();
        stored[booked].booked = 1;
        stored[booked].has_orders = true;
        // Row 2's capacity changed too: that is the job's to publish, not the removal's.
        let others = [row(2, When::Weekday(3), hm(9, 0), hm(10, 0), 30, Some(5))];
        let p = row_removal(&slots(&others, New_York, d(2026, 6, 1), 7, now), &stored, 1);
        let empty_mine: Vec<Id> = stored.iter().filter(|t| mine(t) && t.is_empty()).map(|t| t.id).collect();
        assert_eq!(p.delete, empty_mine);
        assert!(p.insert.is_empty() && p.recapacity.is_empty());
    }

    #[test]
    fn booked_times_are_never_moved_or_deleted_and_hand_made_ones_are_left_alone() {
        let now = at("2026-06-01T00:00:00Z");
        let old = [row(1, When::Weekday(2), hm(9, 0), hm(10, 0), 30, Some(3))];
        let stored = apply(&[], &plan(&slots(&old, New_York, d(2026, 6, 1), 7, now), &[]));
        let mut stored: Vec<StoredTime> = stored;
        stored[0].booked = 2;
        stored[0].has_orders = true;
        let hand = StoredTime {
            id: 7,
            schedule_id: None,
            start_at: at("2026-06-03T15:00:00Z"),
            end_at: at("2026-06-03T15:30:00Z"),
            capacity: None,
            booked: 0,
            has_orders: false,
        };
        stored.push(hand);
        // The row moves to 10:00–12:00 with capacity 1: the empty 9:30 goes, the booked 9:00 stays
        // (its capacity is not lowered below its orders), 11:00 (the hand-made time) is not made again.
        let new = [row(1, When::Weekday(2), hm(10, 0), hm(12, 0), 30, Some(1))];
        let p = plan(&slots(&new, New_York, d(2026, 6, 1), 7, now), &stored);
        assert_eq!(p.delete, vec![stored[1].id]);
        assert!(p.recapacity.is_empty());
        let starts: Vec<_> = p.insert.iter().map(|s| s.start).collect();
        assert_eq!(starts, vec![hm(10, 0), hm(10, 30), hm(11, 30)]);
        // The schedule removed: only the empty times it made go.
        let after = apply(&stored, &p);
        let gone = plan(&[], &after);
        assert_eq!(gone.delete.len(), 3);
        assert!(!gone.delete.contains(&stored[0].id) && !gone.delete.contains(&7));
    }

    #[test]
    fn a_capacity_change_reaches_the_times_made_when_it_holds_their_orders() {
        let now = at("2026-06-01T00:00:00Z");
        let rows = [row(1, When::Weekday(2), hm(9, 0), hm(10, 0), 30, Some(3))];
        let mut stored = apply(&[], &plan(&slots(&rows, New_York, d(2026, 6, 1), 7, now), &[]));
        stored[0].booked = 1;
        let rows = [row(1, When::Weekday(2), hm(9, 0), hm(10, 0), 30, Some(1))];
        let p = plan(&slots(&rows, New_York, d(2026, 6, 1), 7, now), &stored);
        assert_eq!(p.recapacity, vec![(stored[0].id, Some(1)), (stored[1].id, Some(1))]);
        assert!(p.insert.is_empty() && p.delete.is_empty());
    }

    #[test]
    fn rows_are_refused_at_their_field() {
        let codes = |e: Vec<FieldError>| e.into_iter().map(|e| (e.field, e.code)).collect::<Vec<_>>();
        let tue = row(1, When::Weekday(1), hm(9, 0), hm(12, 0), 30, None);
        let mut new = ScheduleRow { id: None, ..tue };
        new.opens = hm(11, 0);
        new.closes = hm(13, 0);
        assert_eq!(codes(check_row(&new, &[tue], 0)), vec![("opens", FieldCode::Overlaps)]);
        // A date that falls on a Tuesday overlaps the Tuesday row too; touching hours do not.
        new.when = When::Date(d(2026, 6, 2));
        assert_eq!(codes(check_row(&new, &[tue], 0)), vec![("opens", FieldCode::Overlaps)]);
        new.opens = hm(12, 0);
        assert!(check_row(&new, &[tue], 0).is_empty());
        // Editing a row never overlaps itself.
        assert!(check_row(&tue, &[tue], 0).is_empty());
        let mut bad = tue;
        bad.closes = hm(9, 0);
        assert_eq!(codes(check_row(&bad, &[], 0)), vec![("closes", FieldCode::ClosesBeforeOpens)]);
        bad.closes = hm(9, 20);
        assert_eq!(codes(check_row(&bad, &[], 0)), vec![("slotMinutes", FieldCode::SlotTooLong)]);
        let mut full = tue;
        full.capacity = Some(1);
        assert_eq!(codes(check_row(&full, &[], 2)), vec![("capacity", FieldCode::BelowBooked)]);
        full.capacity = None;
        assert!(check_row(&full, &[], 2).is_empty());
        assert_eq!(codes(check_horizon(0)), vec![("horizonDays", FieldCode::OutOfRange)]);
        assert_eq!(codes(check_horizon(121)), vec![("horizonDays", FieldCode::OutOfRange)]);
        assert!(check_horizon(120).is_empty() && check_horizon(1).is_empty());
    }

    #[test]
    fn closed_ranges_start_today_or_later_and_end_after_they_start() {
        let codes = |e: Vec<FieldError>| e.into_iter().map(|e| (e.field, e.code)).collect::<Vec<_>>();
        let today = d(2026, 12, 20);
        assert!(check_closed(d(2026, 12, 24), d(2026, 12, 26), "Holiday", today).is_empty());
        assert!(check_closed(today, today, "Holiday", today).is_empty());
        assert_eq!(
            codes(check_closed(d(2026, 12, 19), d(2026, 12, 26), "x", today)),
            vec![("firstDay", FieldCode::InPast)]
        );
        assert_eq!(
            codes(check_closed(d(2026, 12, 26), d(2026, 12, 24), "x", today)),
            vec![("lastDay", FieldCode::EndBeforeStart)]
        );
        assert_eq!(codes(check_closed(today, today, "  ", today)), vec![("reason", FieldCode::Required)]);
    }
}
