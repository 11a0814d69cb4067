//! A place's time zone as an iCalendar `VTIMEZONE` (RFC 5545 §3.6.5), made from the zone's own
//! transitions in chrono-tz (the IANA database the rest of the host reads times with), so the file
//! says exactly what the order page says. Each transition between the first and last instant the
//! file needs is one `STANDARD` or `DAYLIGHT` observance with its own `DTSTART` (no `RRULE`): a
//! rule would claim to know years the database may yet change, and a few observances per year are
//! cheap. The observance in force at the earliest instant is always included, so a calendar app
//! never has to guess the offset of a time before the first change listed.
use chrono::{DateTime, Duration, NaiveDateTime, Offset, TimeZone, Utc};
use chrono_tz::{OffsetComponents, OffsetName, Tz};
use icalendar::parser::{Component, Property};

/// One observance: from `starts` (UTC) on, the zone is `offset` seconds east of UTC.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Observance {
    pub starts: DateTime<Utc>,
    /// The offset before `starts`, in seconds.
    pub offset_from: i32,
    pub offset_to: i32,
    pub daylight: bool,
    pub name: Option<String>,
}

impl Observance {
    /// The wall-clock time the observance starts at, read with the offset before it (RFC 5545:
    /// `DTSTART` of an observance is local time in `TZOFFSETFROM`).
    pub fn local_start(&self) -> NaiveDateTime {
        self.starts.naive_utc() + Duration::seconds(i64::from(self.offset_from))
    }
}

fn offset_at(tz: Tz, at: DateTime<Utc>) -> i32 {
    tz.offset_from_utc_datetime(&at.naive_utc()).fix().local_minus_utc()
}

fn observance_at(tz: Tz, at: DateTime<Utc>, offset_from: i32) -> Observance {
    let offset = tz.offset_from_utc_datetime(&at.naive_utc());
    Observance {
        starts: at,
        offset_from,
        offset_to: offset.fix().local_minus_utc(),
        daylight: !offset.dst_offset().is_zero(),
        name: offset.abbreviation().map(str::to_owned),
    }
}

/// The observances of `tz` that cover `from..=to`: the one in force at `from` and the one before it
/// (from their transitions within a year before, or the offset at `from` itself when there is
/// none), then every transition up to `to`.
pub fn observances(tz: Tz, from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<Observance> {
    let scan_from = from - Duration::days(366);
    let mut found = Vec::new();
    let mut at = scan_from;
    // Zones change at most a few times a year and never twice within a day, so a daily step finds
    // every change, and halving the day finds its second.
    // Seconds are enough: every transition falls on a whole second.
    while at < to {
        let next = at + Duration::days(1);
        let (before, after) = (offset_at(tz, at), offset_at(tz, next));
        if before != after {
            let (mut lo, mut hi) = (at.timestamp(), next.timestamp());
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                let mid_at = DateTime::from_timestamp(mid, 0).unwrap_or(at);
                if offset_at(tz, mid_at) == before { lo = mid } else { hi = mid }
            }
            found.push(observance_at(tz, DateTime::from_timestamp(hi, 0).unwrap_or(next), before));
        }
        at = next;
    }
    let last_before = found.iter().rposition(|o| o.starts <= from);
    match last_before {
        // With the change before it too, so that the zone's standard and daylight time both
        // appear (some calendar apps read the zone's rules from the pair).
        Some(i) => found.split_off(i.saturating_sub(1)),
        None => {
            let offset = offset_at(tz, from);
            let mut all = vec![observance_at(tz, from, offset)];
            all.extend(found.into_iter().filter(|o| o.starts > from));
            all
        }
    }
}

/// "+0100", "-0430": a UTC offset as `TZOFFSETFROM`/`TZOFFSETTO` write it.
pub fn utc_offset(seconds: i32) -> String {
    let sign = if seconds < 0 { '-' } else { '+' };
    let minutes = seconds.abs() / 60;
    format!("{sign}{:02}{:02}", minutes / 60, minutes % 60)
}

/// The `VTIMEZONE` component of `tz` for `from..=to`, stamped `stamp` (the crate writes a
/// `DTSTAMP` into every component it prints; given, it is the file's and not the wall clock's).
pub fn vtimezone(tz: Tz, from: DateTime<Utc>, to: DateTime<Utc>, stamp: &str) -> Component<'static> {
    let prop = |name: &'static str, value: String| Property { name: name.into(), val: value.into(), params: vec![] };
    let parts = observances(tz, from, to)
        .into_iter()
        .map(|o| {
            let mut properties = vec![
                prop("DTSTART", o.local_start().format("%Y%m%dT%H%M%S").to_string()),
                prop("TZOFFSETFROM", utc_offset(o.offset_from)),
                prop("TZOFFSETTO", utc_offset(o.offset_to)),
                prop("DTSTAMP", stamp.to_owned()),
            ];
            if let Some(name) = o.name {
                properties.push(prop("TZNAME", name));
            }
            Component { name: if o.daylight { "DAYLIGHT" } else { "STANDARD" }.into(), properties, components: vec![] }
        })
        .collect();
    Component {
        name: "VTIMEZONE".into(),
        properties: vec![prop("TZID", tz.name().to_owned()), prop("DTSTAMP", stamp.to_owned())],
        components: parts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::{New_York, Phoenix};

    fn at(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }

    #[test]
    fn new_york_in_march_2027_has_the_fall_back_before_and_the_spring_forward() {
        let o = observances(New_York, at("2027-03-16T14:00:00Z"), at("2027-03-16T14:30:00Z"));
        assert_eq!(o.len(), 2, "{o:?}");
        assert_eq!(o[0].starts, at("2026-11-01T06:00:00Z"));
        assert_eq!(o[0].local_start().to_string(), "2026-11-01 02:00:00");
        assert_eq!((o[0].offset_from, o[0].offset_to, o[0].daylight), (-4 * 3600, -5 * 3600, false));
        assert_eq!(o[0].name.as_deref(), Some("EST"));
        assert_eq!(o[1].starts, at("2027-03-14T07:00:00Z"));
        assert_eq!(o[1].local_start().to_string(), "2027-03-14 02:00:00");
        assert_eq!((o[1].offset_from, o[1].offset_to, o[1].daylight), (-5 * 3600, -4 * 3600, true));
        assert_eq!(utc_offset(o[1].offset_to), "-0400");
    }

    #[test]
    fn a_zone_without_daylight_saving_has_one_observance() {
        let o = observances(Phoenix, at("2027-03-16T14:00:00Z"), at("2027-11-16T14:00:00Z"));
        assert_eq!(o.len(), 1, "{o:?}");
        assert_eq!((o[0].offset_from, o[0].offset_to, o[0].daylight), (-7 * 3600, -7 * 3600, false));
        assert_eq!(utc_offset(5 * 3600 + 30 * 60), "+0530");
    }
}
