//! Pickup and delivery times are stored as local wall-clock values of the
//! pantry (or food bank); rules compare them with `now` as instants, so every
//! conversion goes through here.

use chrono::{DateTime, Duration, FixedOffset, NaiveDate, NaiveTime, SubsecRound, TimeZone, Utc};
use chrono_tz::Tz;

/// The instant of a local date and time in `tz`.
///
/// Daylight-saving edges: an ambiguous time (clocks go back) is the earlier
/// instant, so a slot never looks later than it is; a skipped time (clocks go
/// forward) is read with the offset in force just before the jump.
pub fn local_instant(day: NaiveDate, time: NaiveTime, tz: Tz) -> DateTime<Utc> {
    let local = day.and_time(time);
    if let Some(t) = tz.from_local_datetime(&local).earliest() {
        return t.with_timezone(&Utc);
    }
    tz.from_local_datetime(&(local - Duration::hours(1)))
        .earliest()
        .map(|t| t.with_timezone(&Utc) + Duration::hours(1))
        .unwrap_or_else(|| local.and_utc())
}

/// Midnight at the start of `day` in `tz`.
pub fn start_of_day(day: NaiveDate, tz: Tz) -> DateTime<Utc> {
    local_instant(day, NaiveTime::MIN, tz)
}

/// The calendar date of `now` in `tz`.
pub fn local_today(now: DateTime<Utc>, tz: Tz) -> NaiveDate {
    now.with_timezone(&tz).date_naive()
}

/// An instant as the people of a place read it: the place's wall clock with the offset in force
/// then, sent as RFC 3339 ("2026-12-03T14:22:00-05:00"). The app's formatters read the wall-clock
/// fields and never convert, so the server's HTML and the browser's (in any zone) say the same.
pub type PlaceTime = DateTime<FixedOffset>;

/// `at` in the zone of its place (the pantry's, else the food bank's), to the millisecond: a
/// person reads no finer, and HTML's `datetime` takes at most three digits of a second.
pub fn place_time(at: DateTime<Utc>, tz: Tz) -> PlaceTime {
    at.trunc_subsecs(3).with_timezone(&tz).fixed_offset()
}

/// Serde for `chrono_tz::Tz` as its IANA name; the crate's own serde feature is not enabled.
pub mod tz_serde {
    use chrono_tz::Tz;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(tz: &Tz, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(tz.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Tz, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(|_| D::Error::custom(format!("unknown time zone {name}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::New_York;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }
    fn t(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    #[test]
    fn converts_local_time_with_offset() {
        // EDT is UTC-4 in June.
        assert_eq!(local_instant(d(2025, 6, 2), t(9, 0), New_York).to_rfc3339(), "2025-06-02T13:00:00+00:00");
    }

    #[test]
    fn ambiguous_time_takes_earlier_instant() {
        // 2025-11-02 01:30 happens twice in New York; the first is EDT (UTC-4).
        assert_eq!(local_instant(d(2025, 11, 2), t(1, 30), New_York).to_rfc3339(), "2025-11-02T05:30:00+00:00");
    }

    #[test]
    fn skipped_time_uses_offset_before_jump() {
        // 2025-03-09 02:30 does not exist in New York; read as EST (UTC-5).
        assert_eq!(local_instant(d(2025, 3, 9), t(2, 30), New_York).to_rfc3339(), "2025-03-09T07:30:00+00:00");
    }

    #[test]
    fn a_place_time_is_the_wall_clock_with_its_offset() {
        let at: DateTime<Utc> = "2026-12-03T19:22:00Z".parse().unwrap();
        assert_eq!(place_time(at, New_York).to_rfc3339(), "2026-12-03T14:22:00-05:00");
        let summer: DateTime<Utc> = "2026-07-03T19:22:00Z".parse().unwrap();
        assert_eq!(place_time(summer, New_York).to_rfc3339(), "2026-07-03T15:22:00-04:00");
        // The same instant: a client comparing times still can.
        assert_eq!(place_time(at, New_York).with_timezone(&Utc), at);
        assert_eq!(serde_json::to_string(&place_time(at, New_York)).unwrap(), r#""2026-12-03T14:22:00-05:00""#);
    }

    #[test]
    fn today_is_local_date() {
        let now = "2025-06-02T02:00:00Z".parse().unwrap();
        assert_eq!(local_today(now, New_York), d(2025, 6, 1));
        assert_eq!(start_of_day(d(2025, 6, 1), New_York).to_rfc3339(), "2025-06-01T04:00:00+00:00");
    }

    #[test]
    fn tz_round_trips_through_serde() {
        #[derive(serde::Serialize, serde::Deserialize)]
        struct W {
            #[serde(with = "tz_serde")]
            tz: Tz,
        }
        let json = serde_json::to_string(&W { tz: New_York }).unwrap();
        assert_eq!(json, r#"{"tz":"America/New_York"}"#);
        assert_eq!(serde_json::from_str::<W>(&json).unwrap().tz, New_York);
        assert!(serde_json::from_str::<W>(r#"{"tz":"Mars/Base"}"#).is_err());
    }
}
