//! A pantry's (or delivery program's) weekly hours as HSDS schedules.
//!
//! HSDS 3 schedules carry RFC 5545 recurrence fields but no EXDATE, and its field guidance
//! ("Exceptional Schedules") says to end the regular schedule's `valid_to` on the last day it
//! runs and add entries for the exception. So the weekly hours are cut into validity periods
//! around each closed range, each period one WEEKLY entry per set of hours, and each closed range
//! gets an entry of its own without hours (its reason in `notes`), so a reader sees the closure
//! instead of a gap that could mean "no data". The periods that meet a closure say so in `notes`.
//!
//! HSDS's `timezone` is one UTC offset and `opens_at` carries one (`09:00-05:00`), so a period is
//! also cut where the zone's offset changes (daylight saving time): each entry is exact for every
//! day it covers. The entries run a year ahead (`HORIZON_DAYS`); the last one's `valid_to` tells
//! readers when to look again, as the guidance describes.
use crate::{
    db::repo::schedules::ClosedDayRow,
    domain::schedule::{ScheduleRow, When},
    model::hsds::Schedule,
};
use chrono::{Days, NaiveDate, NaiveTime, Offset, TimeZone};
use chrono_tz::Tz;
use std::collections::BTreeMap;

/// How far ahead the recurrences are published.
pub const HORIZON_DAYS: u64 = 365;

const BYDAY: [&str; 7] = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
const DAY_NAMES: [&str; 7] = ["Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays"];

/// Whose schedules these are: the link field and the key part of their ids.
pub enum Owner<'a> {
    ServiceAtLocation(&'a str),
    Service(&'a str),
}

/// What the schedules of one owner are made from.
pub struct Hours<'a> {
    pub owner: Owner<'a>,
    pub tz: Tz,
    /// The owner's local date today.
    pub today: NaiveDate,
    pub rows: &'a [ScheduleRow],
    pub closed: &'a [ClosedDayRow],
    pub link: Option<String>,
    pub attending: &'a str,
    /// Said when there are no hours to publish (the times are offered one by one).
    pub without_hours: &'a str,
}

/// A run of days with one UTC offset and no closed day.
struct Period {
    from: NaiveDate,
    to: NaiveDate,
    offset_secs: i32,
}

fn offset_on(tz: Tz, day: NaiveDate) -> i32 {
    let noon = day.and_time(NaiveTime::from_hms_opt(12, 0, 0).unwrap_or_default());
    tz.from_local_datetime(&noon).earliest().map_or(0, |t| t.offset().fix().local_minus_utc())
}

fn offset_text(secs: i32) -> String {
    let sign = if secs < 0 { '-' } else { '+' };
    let abs = secs.unsigned_abs() / 60;
    format!("{sign}{:02}:{:02}", abs / 60, abs % 60)
}

fn clock(t: NaiveTime) -> String {
    t.format("%-I:%M%P").to_string()
}

fn closed_on(closed: &[ClosedDayRow], day: NaiveDate) -> Option<&ClosedDayRow> {
    closed.iter().find(|c| c.first_day <= day && day <= c.last_day)
}

fn closure_text(c: &ClosedDayRow) -> String {
    let range = if c.first_day == c.last_day {
        format!("Closed on {}", c.first_day)
    } else {
        format!("Closed from {} to {}", c.first_day, c.last_day)
    };
    if c.reason.trim().is_empty() { format!("{range}.") } else { format!("{range}: {}.", c.reason.trim()) }
}

fn periods(tz: Tz, today: NaiveDate, horizon: NaiveDate, closed: &[ClosedDayRow]) -> Vec<Period> {
    let mut out: Vec<Period> = Vec::new();
    let mut day = today;
    while day <= horizon {
        if closed_on(closed, day).is_none() {
            let offset_secs = offset_on(tz, day);
            match out.last_mut() {
                Some(p) if p.to + Days::new(1) == day && p.offset_secs == offset_secs => p.to = day,
                _ => out.push(Period { from: day, to: day, offset_secs }),
            }
        }
        day = day + Days::new(1);
    }
    out
}

/// The owner's schedules: weekly recurrences by period, closed ranges, one-off extra days.
pub fn schedules(hours: &Hours, id: &dyn Fn(&str) -> String) -> Vec<Schedule> {
    let (owner_key, service_id, sal_id) = match hours.owner {
        Owner::ServiceAtLocation(sal) => (sal, None, Some(sal.to_owned())),
        Owner::Service(service) => (service, Some(service.to_owned()), None),
    };
    let horizon = hours.today + Days::new(HORIZON_DAYS);
    let blank = |key: String, description: String| Schedule {
        id: id(&key),
        service_id: service_id.clone(),
        service_at_location_id: sal_id.clone(),
        valid_from: None,
        valid_to: None,
        dtstart: None,
        timezone: None,
        wkst: None,
        freq: None,
        byday: None,
        description,
        opens_at: None,
        closes_at: None,
        schedule_link: hours.link.clone(),
        attending_type: None,
        notes: None,
    };
    // Rows with the same hours on several weekdays are one recurrence.
    let mut weekly: BTreeMap<(NaiveTime, NaiveTime), Vec<u8>> = BTreeMap::new();
    for row in hours.rows {
        if let When::Weekday(w) = row.when {
            let days = weekly.entry((row.opens, row.closes)).or_default();
            if !days.contains(&w) && usize::from(w) < BYDAY.len() {
                days.push(w);
            }
        }
    }
    let closed: Vec<&ClosedDayRow> =
        hours.closed.iter().filter(|c| c.last_day >= hours.today && c.first_day <= horizon).collect();
    let mut out = Vec::new();
    if !weekly.is_empty() {
        for period in periods(hours.tz, hours.today, horizon, hours.closed) {
            let before =
                period.from.pred_opt().and_then(|d| closed_on(hours.closed, d)).filter(|_| period.from > hours.today);
            let after = period.to.succ_opt().and_then(|d| closed_on(hours.closed, d));
            let mut notes = Vec::new();
            if let Some(c) = before {
                notes.push(format!("{} These hours resume on {}.", closure_text(c), period.from));
            }
            if let Some(c) = after {
                notes.push(format!("{} These hours stop after {}.", closure_text(c), period.to));
            }
            // Keyed by the period's end, which stays put as days pass (its start moves with today).
            let end = if period.to == horizon { "horizon".to_owned() } else { period.to.to_string() };
            for ((opens, closes), days) in &weekly {
                let mut days = days.clone();
                days.sort_unstable();
                let byday: Vec<&str> = days.iter().map(|d| BYDAY[usize::from(*d)]).collect();
                let names: Vec<&str> = days.iter().map(|d| DAY_NAMES[usize::from(*d)]).collect();
                let key = format!("hours:{owner_key}:{opens}-{closes}:{}:{end}", byday.join(","));
                let offset = offset_text(period.offset_secs);
                out.push(Schedule {
                    valid_from: Some(period.from),
                    valid_to: Some(period.to),
                    timezone: Some(f64::from(period.offset_secs) / 3600.0),
                    wkst: Some("MO"),
                    freq: Some("WEEKLY"),
                    byday: Some(byday.join(",")),
                    opens_at: Some(format!("{}{offset}", opens.format("%H:%M"))),
                    closes_at: Some(format!("{}{offset}", closes.format("%H:%M"))),
                    attending_type: Some(hours.attending.to_owned()),
                    notes: (!notes.is_empty()).then(|| notes.join(" ")),
                    ..blank(key, format!("{}, {} to {}", names.join(", "), clock(*opens), clock(*closes)))
                });
            }
        }
    }
    for c in &closed {
        out.push(Schedule {
            valid_from: Some(c.first_day),
            valid_to: Some(c.last_day),
            notes: Some(closure_text(c)),
            ..blank(format!("closed:{owner_key}:{}", c.id), "Closed".to_owned())
        });
    }
    for row in hours.rows {
        let When::Date(day) = row.when else { continue };
        if day < hours.today || day > horizon || closed_on(hours.closed, day).is_some() {
            continue;
        }
        let offset_secs = offset_on(hours.tz, day);
        let offset = offset_text(offset_secs);
        out.push(Schedule {
            valid_from: Some(day),
            valid_to: Some(day),
            dtstart: Some(day),
            timezone: Some(f64::from(offset_secs) / 3600.0),
            opens_at: Some(format!("{}{offset}", row.opens.format("%H:%M"))),
            closes_at: Some(format!("{}{offset}", row.closes.format("%H:%M"))),
            attending_type: Some(hours.attending.to_owned()),
            ..blank(
                format!("day:{owner_key}:{day}:{}", row.opens),
                format!("{}, {} to {}", day.format("%A, %B %-d, %Y"), clock(row.opens), clock(row.closes)),
            )
        });
    }
    if out.is_empty() && hours.link.is_some() {
        out.push(blank(format!("link:{owner_key}"), hours.without_hours.to_owned()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::New_York;

    fn d(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    fn hm(s: &str) -> NaiveTime {
        NaiveTime::parse_from_str(s, "%H:%M").unwrap()
    }

    fn row(when: When, opens: &str, closes: &str) -> ScheduleRow {
        ScheduleRow { id: None, when, opens: hm(opens), closes: hm(closes), slot_minutes: 30, capacity: None }
    }

    #[test]
    fn weekly_hours_are_cut_at_closures_and_daylight_saving_changes() {
        let rows = [
            row(When::Weekday(0), "09:00", "12:00"),
            row(When::Weekday(2), "09:00", "12:00"),
            row(When::Weekday(4), "15:00", "17:00"),
        ];
        let closed = [ClosedDayRow {
            id: 7,
            pantry_id: 1,
            first_day: d("2026-12-24"),
            last_day: d("2026-12-26"),
            reason: "Holiday".into(),
        }];
        let hours = Hours {
            owner: Owner::ServiceAtLocation("sal"),
            tz: New_York,
            today: d("2026-12-05"),
            rows: &rows,
            closed: &closed,
            link: Some("https://food.example.org/pantries/1".into()),
            attending: "In person",
            without_hours: "See the page",
        };
        let id = |key: &str| key.to_owned();
        let all = schedules(&hours, &id);
        let weekly: Vec<_> = all.iter().filter(|s| s.freq == Some("WEEKLY")).collect();
        // Periods: to the closure, to the March change, to the November change, to the horizon.
        let ranges: Vec<_> = weekly
            .iter()
            .filter(|s| s.byday.as_deref() == Some("MO,WE"))
            .map(|s| (s.valid_from.unwrap(), s.valid_to.unwrap(), s.opens_at.clone().unwrap()))
            .collect();
        assert_eq!(
            ranges,
            vec![
                (d("2026-12-05"), d("2026-12-23"), "09:00-05:00".to_owned()),
                (d("2026-12-27"), d("2027-03-13"), "09:00-05:00".to_owned()),
                (d("2027-03-14"), d("2027-11-06"), "09:00-04:00".to_owned()),
                (d("2027-11-07"), d("2027-12-05"), "09:00-05:00".to_owned()),
            ]
        );
        assert_eq!(
            weekly[0].notes.as_deref(),
            Some("Closed from 2026-12-24 to 2026-12-26: Holiday. These hours stop after 2026-12-23.")
        );
        assert_eq!(weekly[0].description, "Mondays, Wednesdays, 9:00am to 12:00pm");
        assert_eq!(weekly[0].timezone, Some(-5.0));
        assert!(
            weekly.iter().any(|s| s.byday.as_deref() == Some("FR") && s.closes_at.as_deref() == Some("17:00-05:00"))
        );
        let closure = all.iter().find(|s| s.description == "Closed").expect("the closed range");
        assert_eq!(
            (closure.valid_from, closure.valid_to, closure.freq),
            (Some(d("2026-12-24")), Some(d("2026-12-26")), None)
        );
        assert_eq!(closure.notes.as_deref(), Some("Closed from 2026-12-24 to 2026-12-26: Holiday."));
        assert!(all.iter().all(|s| s.service_at_location_id.as_deref() == Some("sal") && s.service_id.is_none()));
    }

    #[test]
    fn without_weekly_hours_the_link_is_the_schedule() {
        let extra =
            [row(When::Date(d("2026-12-12")), "10:00", "11:00"), row(When::Date(d("2026-12-01")), "10:00", "11:00")];
        let hours = Hours {
            owner: Owner::Service("svc"),
            tz: New_York,
            today: d("2026-12-05"),
            rows: &extra,
            closed: &[],
            link: Some("https://x/".into()),
            attending: "At home",
            without_hours: "See the page",
        };
        let all = schedules(&hours, &|k: &str| k.to_owned());
        assert_eq!(all.len(), 1, "the past day is left out");
        assert_eq!(all[0].description, "Saturday, December 12, 2026, 10:00am to 11:00am");
        let none = Hours { rows: &[], ..hours };
        let all = schedules(&none, &|k: &str| k.to_owned());
        assert_eq!((all.len(), all[0].description.as_str()), (1, "See the page"));
    }
}
