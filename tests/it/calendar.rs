//! "Add to calendar" (issue 54) on both databases, each file read back by an independent iCalendar
//! parser (the `ical` crate): an order's event at the pantry's wall-clock time with its zone, whose
//! `VTIMEZONE` gives the right instant across a daylight-saving change (a pickup the week after
//! the spring-forward and after the fall-back), the alarm the day before, a UID that stays while a
//! time change raises SEQUENCE, STATUS:CANCELLED once cancelled, and the file for its owner only;
//! the private feed lists the owner's upcoming orders (by the injected clock) and answers 404 once
//! the owner resets it.
use crate::{
    api_orders::{MAIN, Shopper, fresh, pantry, pickup, place, stock, times},
    api_pick_list::page,
    api_support::TestApp,
    on_both,
    page_forms::{Browser, post_account, send},
};
use axum::{body::Body, http::Request};
use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::America::New_York;
use ical::parser::ical::component::{IcalCalendar, IcalEvent};
use ical::property::Property;
use orderahead::infra::clock::Clock;
use serde_json::{Value, json};

on_both!(
    an_orders_file_keeps_its_uid_raises_its_sequence_and_says_cancelled,
    a_pickup_after_the_clocks_change_reads_at_the_pantrys_time,
    the_feed_lists_upcoming_orders_until_it_is_reset,
);

/// The test app's public URL's host (`Config::for_tests`), which UIDs are made under.
const HOST: &str = "localhost";
const LOCAL: &str = "%Y%m%dT%H%M%S";

fn parse(text: &str) -> IcalCalendar {
    let mut calendars = ical::IcalParser::new(std::io::BufReader::new(text.as_bytes()));
    let calendar = calendars.next().expect("a calendar").unwrap_or_else(|e| panic!("{e}:\n{text}"));
    assert!(calendars.next().is_none(), "one calendar:\n{text}");
    calendar
}

fn prop<'a>(props: &'a [Property], name: &str) -> &'a Property {
    let mut found = props.iter().filter(|p| p.name == name);
    let p = found.next().unwrap_or_else(|| panic!("{name} in {props:?}"));
    assert!(found.next().is_none(), "one {name}");
    p
}

/// A property's text, its RFC 5545 escapes read (the parser leaves them).
fn text(props: &[Property], name: &str) -> String {
    let raw = prop(props, name).value.clone().unwrap_or_default();
    let (mut out, mut chars) = (String::new(), raw.chars());
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n' | 'N') => out.push('\n'),
                Some(other) => out.push(other),
                None => {}
            },
            (c, false) => out.push(c),
        }
    }
    out
}

fn param(p: &Property, name: &str) -> Option<String> {
    p.params.as_ref()?.iter().find(|(k, _)| k == name).map(|(_, v)| v.join(","))
}

fn only_event(cal: &IcalCalendar) -> &IcalEvent {
    assert_eq!(cal.events.len(), 1, "{cal:?}");
    &cal.events[0]
}

/// "-0500" as seconds east of UTC.
fn offset(text: &str) -> i64 {
    let sign = if text.starts_with('-') { -1 } else { 1 };
    let (h, m): (i64, i64) = (text[1..3].parse().unwrap(), text[3..5].parse().unwrap());
    sign * (h * 3600 + m * 60)
}

/// The instant of the event's `name` (DTSTART, DTEND) by the file's own `VTIMEZONE` of its TZID,
/// as a calendar app importing it reckons it: the offset of the last observance begun by then.
fn instant(cal: &IcalCalendar, event: &IcalEvent, name: &str) -> (String, NaiveDateTime, DateTime<Utc>) {
    let p = prop(&event.properties, name);
    let tzid = param(p, "TZID").unwrap_or_else(|| panic!("{name} has a TZID"));
    let local = NaiveDateTime::parse_from_str(p.value.as_deref().unwrap(), LOCAL).unwrap();
    let zone = cal.timezones.iter().find(|z| text(&z.properties, "TZID") == tzid).expect("the TZID's VTIMEZONE");
    let mut in_force: Option<(NaiveDateTime, i64)> = None;
    for t in &zone.transitions {
        let starts = NaiveDateTime::parse_from_str(&text(&t.properties, "DTSTART"), LOCAL).unwrap();
        let (from, to) = (offset(&text(&t.properties, "TZOFFSETFROM")), offset(&text(&t.properties, "TZOFFSETTO")));
        let starts_utc = starts - Duration::seconds(from);
        if local - Duration::seconds(to) >= starts_utc && in_force.is_none_or(|(s, _)| starts_utc > s) {
            in_force = Some((starts_utc, to));
        }
    }
    let (_, to) = in_force.expect("an observance in force");
    (tzid, local, (local - Duration::seconds(to)).and_utc())
}

/// The instant of a wall-clock time in New York, by chrono-tz.
fn in_new_york(day: NaiveDate, time: NaiveTime) -> DateTime<Utc> {
    New_York.from_local_datetime(&day.and_time(time)).single().expect("one instant").with_timezone(&Utc)
}

async fn ics(t: &TestApp, path: &str, token: Option<&str>) -> (u16, String) {
    let (status, headers, body) = page(t, path, token).await;
    if status == 200 {
        assert_eq!(headers["content-type"], "text/calendar; charset=utf-8");
        assert_eq!(headers["cache-control"], "private, no-store");
    }
    (status, body)
}

async fn order_ics(t: &TestApp, order: i64, who: &Shopper) -> IcalCalendar {
    let (status, body) = ics(t, &format!("/account/orders/{order}/calendar.ics"), Some(&who.token)).await;
    assert_eq!(status, 200, "{body}");
    parse(&body)
}

async fn an_order(t: &TestApp, who: &Shopper, time: i64) -> i64 {
    let main = pantry(t, MAIN).await;
    let item = stock(t, main, 10).await;
    place(t, who, pickup(main, time, &[(item, 1)])).await
}

fn sequence(event: &IcalEvent) -> i64 {
    text(&event.properties, "SEQUENCE").parse().unwrap()
}

async fn an_orders_file_keeps_its_uid_raises_its_sequence_and_says_cancelled(t: &TestApp) {
    let main = pantry(t, MAIN).await;
    let (first, second) = {
        let v = times(t, main, 2).await;
        (v[0], v[1])
    };
    let me = fresh(t).await;
    let order = an_order(t, &me, first).await;
    let before = t.clock.now();
    let cal = order_ics(t, order, &me).await;
    let event = only_event(&cal);

    // What the order page says, at the pantry's wall clock in its zone.
    let shown = t.get(&format!("/api/v1/orders/{order}"), Some(&me.token)).await.value().clone();
    let slot = &shown["pantryLocationPickupTime"];
    let day: NaiveDate = slot["pickupDay"].as_str().unwrap().parse().unwrap();
    let start: NaiveTime = slot["pickupStartTime"].as_str().unwrap().parse().unwrap();
    let end: NaiveTime = slot["pickupEndTime"].as_str().unwrap().parse().unwrap();
    let (tzid, local, at) = instant(&cal, event, "DTSTART");
    assert_eq!((tzid.as_str(), local), ("America/New_York", day.and_time(start)));
    assert_eq!(at, in_new_york(day, start));
    assert_eq!(instant(&cal, event, "DTEND").1, day.and_time(end));
    assert_eq!(text(&event.properties, "UID"), format!("order-{order}@{HOST}"));
    assert_eq!(sequence(event), 0);
    assert_eq!(text(&event.properties, "STATUS"), "CONFIRMED");
    let stamp = NaiveDateTime::parse_from_str(&text(&event.properties, "DTSTAMP"), "%Y%m%dT%H%M%SZ").unwrap().and_utc();
    assert!(stamp >= before - Duration::seconds(1) && stamp <= t.clock.now(), "stamped by the clock: {stamp}");
    let summary = text(&event.properties, "SUMMARY");
    assert!(
        summary.starts_with("Food pickup at ") && summary.ends_with(shown["pantryLocation"]["label"].as_str().unwrap())
    );
    let street = shown["pantryLocation"]["address"]["addressLine1"].as_str().unwrap();
    assert!(text(&event.properties, "LOCATION").contains(street), "{event:?}");
    let description = text(&event.properties, "DESCRIPTION");
    assert!(description.contains(&format!("Order number: {order:X}")), "{description}");
    // The alarm: a reminder the day before, in words.
    assert_eq!(event.alarms.len(), 1);
    let alarm = &event.alarms[0].properties;
    assert_eq!(text(alarm, "TRIGGER"), "-P1D");
    assert_eq!(text(alarm, "ACTION"), "DISPLAY");
    assert_eq!(text(alarm, "DESCRIPTION"), format!("Tomorrow: {summary}"));

    // Moved to another time: the same event (UID), a higher SEQUENCE, the new time.
    let moved = t.put(&format!("/api/v1/orders/{order}/pickuptime/{second}"), Some(&me.token), json!({})).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    let cal = order_ics(t, order, &me).await;
    let after_move = only_event(&cal);
    assert_eq!(text(&after_move.properties, "UID"), format!("order-{order}@{HOST}"));
    assert!(sequence(after_move) > 0, "{after_move:?}");
    assert_ne!(instant(&cal, after_move, "DTSTART").2, at);

    // Cancelled: the same event says so, with a higher SEQUENCE again.
    let cancelled = t.delete(&format!("/api/v1/orders/{order}"), Some(&me.token)).await;
    assert_eq!(cancelled.status, 200, "{}", cancelled.body);
    let cal = order_ics(t, order, &me).await;
    let gone = only_event(&cal);
    assert_eq!(text(&gone.properties, "STATUS"), "CANCELLED");
    assert!(sequence(gone) > sequence(after_move));

    // In the shopper's language.
    let (_, es) = ics(t, &format!("/account/orders/{order}/calendar.ics?lang=es"), Some(&me.token)).await;
    let es = parse(&es);
    assert!(text(&only_event(&es).properties, "SUMMARY").starts_with("Recogida de alimentos en "));

    // The owner's only: another shopper's is not found, signed out is asked to sign in.
    let other = fresh(t).await;
    assert_eq!(ics(t, &format!("/account/orders/{order}/calendar.ics"), Some(&other.token)).await.0, 404);
    assert_eq!(ics(t, &format!("/account/orders/{order}/calendar.ics"), None).await.0, 401);
}

/// The shopper's order moved (as any writer of the table might) to a new pickup time at the Main
/// Library on `day` at 10:00-10:30 New York time.
async fn moved_to(t: &TestApp, order: i64, day: &str) -> DateTime<Utc> {
    let main = pantry(t, MAIN).await;
    let (day, start, end): (NaiveDate, _, _) =
        (day.parse().unwrap(), NaiveTime::from_hms_opt(10, 0, 0).unwrap(), NaiveTime::from_hms_opt(10, 30, 0).unwrap());
    let time = t.state.store.test_add_pickup_time(main, day, start, end, New_York).await.unwrap();
    t.state.store.test_set_pickup_time(order, time).await.unwrap();
    in_new_york(day, start)
}

async fn a_pickup_after_the_clocks_change_reads_at_the_pantrys_time(t: &TestApp) {
    let main = pantry(t, MAIN).await;
    let me = fresh(t).await;
    let order = an_order(t, &me, times(t, main, 2).await[0]).await;

    // The week after the spring-forward (Sunday 14 March 2027): 10:00 is EDT, UTC-4.
    let starts = moved_to(t, order, "2027-03-16").await;
    assert_eq!(starts, "2027-03-16T14:00:00Z".parse::<DateTime<Utc>>().unwrap());
    let cal = order_ics(t, order, &me).await;
    let event = only_event(&cal);
    assert_eq!(
        instant(&cal, event, "DTSTART"),
        ("America/New_York".into(), "2027-03-16T10:00:00".parse().unwrap(), starts)
    );
    assert_eq!(instant(&cal, event, "DTEND").2, starts + Duration::minutes(30));
    let zone = &cal.timezones[0];
    let spring = zone
        .transitions
        .iter()
        .find(|t| text(&t.properties, "DTSTART") == "20270314T020000")
        .expect("the spring-forward's observance");
    assert!(matches!(spring.transition, ical::parser::ical::component::IcalTimeZoneTransitionType::DAYLIGHT));
    assert_eq!(
        (text(&spring.properties, "TZOFFSETFROM"), text(&spring.properties, "TZOFFSETTO")),
        ("-0500".into(), "-0400".into())
    );
    // A change made in SQL, not by the app, still raises the SEQUENCE (the trigger counts it).
    assert!(sequence(event) > 0);

    // The week after the fall-back (Sunday 1 November 2026): 10:00 is EST, UTC-5.
    let starts = moved_to(t, order, "2026-11-03").await;
    assert_eq!(starts, "2026-11-03T15:00:00Z".parse::<DateTime<Utc>>().unwrap());
    let cal = order_ics(t, order, &me).await;
    let event = only_event(&cal);
    assert_eq!(instant(&cal, event, "DTSTART").2, starts);
    let fall = cal.timezones[0]
        .transitions
        .iter()
        .find(|t| text(&t.properties, "DTSTART") == "20261101T020000")
        .expect("the fall-back's observance");
    assert!(matches!(fall.transition, ical::parser::ical::component::IcalTimeZoneTransitionType::STANDARD));
    assert_eq!(
        (text(&fall.properties, "TZOFFSETFROM"), text(&fall.properties, "TZOFFSETTO")),
        ("-0400".into(), "-0500".into())
    );
}

/// The account page's data as the signed-in shopper's browser gets it.
async fn account(t: &TestApp, who: &Shopper) -> Value {
    let req = Request::get("/account").header("cookie", format!("oa_session={}", who.token));
    let reply = send(t, req.body(Body::empty()).unwrap()).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.payload()["data"].clone()
}

/// The account page's Calendar form posted: the feed's new path, shown once on the page it answers.
async fn reset_feed(t: &TestApp, who: &Shopper) -> String {
    let browser = Browser::open(t, "/account").await;
    let reply = post_account(t, &who.token, &browser, &[("intent", "calendarFeed")]).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let feed = &reply.payload()["data"]["calendarFeed"];
    assert_eq!(feed["active"], true, "{feed}");
    let url = feed["url"].as_str().expect("the new address").to_owned();
    url.strip_prefix("http://localhost").expect("on the public URL").to_owned()
}

async fn the_feed_lists_upcoming_orders_until_it_is_reset(t: &TestApp) {
    let main = pantry(t, MAIN).await;
    let me = fresh(t).await;
    let soon = an_order(t, &me, times(t, main, 2).await[0]).await;
    let past = an_order(t, &me, times(t, main, 2).await[1]).await;
    moved_to(t, past, "2026-11-03").await;
    // Someone else's order is never in my feed.
    let other = fresh(t).await;
    an_order(t, &other, times(t, main, 2).await[2]).await;

    assert_eq!(account(t, &me).await["calendarFeed"], json!({ "active": false }));
    let path = reset_feed(t, &me).await;
    assert!(path.starts_with("/calendar/") && path.ends_with("/orders.ics"), "{path}");
    // Shown once: the page afterwards knows only that there is one.
    assert_eq!(account(t, &me).await["calendarFeed"], json!({ "active": true }));

    // No session: the address is the key. Only the upcoming order, by the test's clock.
    let (status, body) = ics(t, &path, None).await;
    assert_eq!(status, 200, "{body}");
    let cal = parse(&body);
    assert_eq!(text(&cal.properties, "X-WR-CALNAME"), "My food orders");
    assert_eq!(text(&only_event(&cal).properties, "UID"), format!("order-{soon}@{HOST}"));
    let ends = t.state.store.test_pickup_ends(soon).await.unwrap().unwrap();
    t.clock.advance(ends - t.clock.now() + Duration::minutes(1));
    assert!(parse(&ics(t, &path, None).await.1).events.is_empty(), "over once its time has ended");
    t.clock.reset();

    // In the owner's language, whoever fetches it.
    let me_id = t.get("/api/v1/account/profile", Some(&me.token)).await.value()["id"].as_i64().unwrap();
    t.state.store.test_contact(me_id, "es", true).await.unwrap();
    let cal = parse(&ics(t, &path, None).await.1);
    assert_eq!(text(&cal.properties, "X-WR-CALNAME"), "Mis pedidos de alimentos");

    // Reset: a new address; the old one is not found from then on.
    let new_path = reset_feed(t, &me).await;
    assert_ne!(new_path, path);
    assert_eq!(ics(t, &path, None).await.0, 404);
    assert_eq!(ics(t, &new_path, None).await.0, 200);
    assert_eq!(ics(t, "/calendar/not-a-token/orders.ics", None).await.0, 404);
}
