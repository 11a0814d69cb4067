//! The iCalendar text of orders' events, built with the `icalendar` crate: one `VEVENT` per order
//! at its wall-clock time with the `TZID` of its place, one `VTIMEZONE` per zone (`zone.rs`), and a
//! display alarm the day before.
use super::zone;
use crate::domain::Id;
use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};
use chrono_tz::Tz;
use icalendar::{Alarm, Calendar, CalendarDateTime, Component, EventLike, EventStatus, Property, Trigger};
use std::collections::BTreeMap;

/// What one order's event says, in the shopper's words already.
#[derive(Debug, Clone)]
pub struct EventFacts {
    pub order_id: Id,
    pub sequence: i32,
    pub tz: Tz,
    pub day: NaiveDate,
    pub start: NaiveTime,
    pub end: NaiveTime,
    pub summary: String,
    pub description: String,
    pub location: Option<String>,
    pub geo: Option<(f64, f64)>,
    pub url: String,
    pub reminder: String,
    pub cancelled: bool,
}

impl EventFacts {
    fn starts_at(&self) -> DateTime<Utc> {
        crate::domain::time::local_instant(self.day, self.start, self.tz)
    }

    fn ends_at(&self) -> DateTime<Utc> {
        crate::domain::time::local_instant(self.day, self.end, self.tz)
    }
}

/// The event's UID: the order's, under the site's host name, so every file and the feed name the
/// same event and a calendar app updates it in place.
pub fn uid(order_id: Id, host: &str) -> String {
    format!("order-{order_id}@{host}")
}

fn local(day: NaiveDate, time: NaiveTime, tz: Tz) -> CalendarDateTime {
    CalendarDateTime::WithTimezone { date_time: day.and_time(time), tzid: tz.name().to_owned() }
}

/// The calendar of `events` (a feed when `name` is given), stamped `now`.
pub fn calendar(events: &[EventFacts], host: &str, now: DateTime<Utc>, name: Option<&str>) -> String {
    let stamp = now.format("%Y%m%dT%H%M%SZ").to_string();
    let mut cal = Calendar::empty();
    cal.append_property(("VERSION", "2.0"))
        .append_property(("PRODID", "-//OrderAhead//Orders//EN"))
        .append_property(("CALSCALE", "GREGORIAN"))
        .append_property(("METHOD", "PUBLISH"));
    if let Some(name) = name {
        cal.name(name);
        // Feeds are fetched again by the subscriber; hours are soon enough for a pickup time.
        cal.ttl(&Duration::hours(1));
    }
    let mut zones: BTreeMap<&str, (Tz, DateTime<Utc>, DateTime<Utc>)> = BTreeMap::new();
    for e in events {
        let (from, to) = (e.starts_at() - Duration::days(1), e.ends_at());
        zones
            .entry(e.tz.name())
            .and_modify(|z| {
                z.1 = z.1.min(from);
                z.2 = z.2.max(to);
            })
            .or_insert((e.tz, from, to));
    }
    for (tz, from, to) in zones.into_values() {
        cal.push(zone::vtimezone(tz, from, to, &stamp));
    }
    for e in events {
        let mut alarm = Alarm::display(&e.reminder, Trigger::before_start(Duration::days(1)));
        // A nominal day (-P1D), not the crate's 86,400 seconds (-PT86400S): the same wall-clock
        // time the day before even when the clocks change in between (RFC 5545 §3.3.6).
        alarm.append_property(Property::new("TRIGGER", "-P1D").add_parameter("RELATED", "START").done());
        // RFC 9074 gives an alarm a UID; the crate writes a random one unless given.
        alarm.uid(&format!("order-{}-reminder@{host}", e.order_id)).append_property(("DTSTAMP", stamp.as_str()));
        let mut event = icalendar::Event::new();
        event
            .uid(&uid(e.order_id, host))
            .append_property(("DTSTAMP", stamp.as_str()))
            .sequence(u32::try_from(e.sequence).unwrap_or(0))
            .starts(local(e.day, e.start, e.tz))
            .ends(local(e.day, e.end, e.tz))
            .summary(&e.summary)
            .description(&e.description)
            .url(&e.url)
            .status(if e.cancelled { EventStatus::Cancelled } else { EventStatus::Confirmed })
            .alarm(alarm);
        if let Some(location) = &e.location {
            event.location(location);
        }
        if let Some((lat, lng)) = e.geo {
            event.append_property(("GEO", format!("{lat};{lng}").as_str()));
        }
        cal.push(event.done());
    }
    cal.done().to_string()
}
