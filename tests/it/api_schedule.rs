//! Schedules and closed days through the staff API, on both databases (issue 24 items 1 and 3):
//! weekly hours make pickup times shoppers see at once, the job adds nothing on a second run, an
//! edit never moves or deletes a time with orders, every bad input is refused at its field with
//! nothing written, and a closed day hides its times, refuses new orders in it and asks each booked
//! shopper (message and e-mail) to move, which Change Time then does.
use crate::{
    api_orders::{CHICAGO, MAIN, Shopper, fresh, pantry, pickup, stock},
    api_staff::token_of,
    api_support::TestApp,
    on_both,
};
use chrono::{Datelike, Duration, NaiveDate, Utc};
use chrono_tz::America::New_York;
use orderahead::db::seed::DEMO_STAFF_EMAIL;
use serde_json::{Value, json};

on_both!(
    weekly_hours_make_times_and_edits_never_move_booked_ones,
    bad_input_is_refused_at_its_field_and_nothing_is_written,
    a_closed_day_hides_its_times_and_asks_booked_shoppers_to_move,
);

/// A day three days ahead in the pantry's zone (past the change cutoff) and its weekday.
fn ahead(days: i64) -> (NaiveDate, u32) {
    let day = Utc::now().with_timezone(&New_York).date_naive() + Duration::days(days);
    (day, day.weekday().num_days_from_monday())
}

/// The pantry's times shoppers are offered that start at hour `hour` (local), as (id, day, remaining).
async fn offered_at(t: &TestApp, pantry_id: i64, hours: &[&str]) -> Vec<(i64, String, Value)> {
    let r = t.get(&format!("/api/v1/locations/{pantry_id}"), None).await;
    r.value()["pantryLocationPickupTimes"]
        .as_array()
        .expect("pickup times")
        .iter()
        .filter(|x| hours.iter().any(|h| x["pickupStartTime"].as_str().unwrap_or_default().starts_with(h)))
        .map(|x| (x["id"].as_i64().unwrap(), x["pickupDay"].as_str().unwrap().to_owned(), x["remaining"].clone()))
        .collect()
}

async fn order_at(t: &TestApp, shopper: &Shopper, pantry_id: i64, time: i64) -> crate::api_support::ApiReply {
    let item = stock(t, pantry_id, 10).await;
    t.post("/api/v1/order", Some(&shopper.token), pickup(pantry_id, time, &[(item, 1)])).await
}

async fn audit_actions(t: &TestApp, pantry_id: i64) -> Vec<String> {
    let site = t.state.store.schedule_site(pantry_id).await.unwrap().expect("pantry");
    let rows = t.state.store.audit_entries(vec![site.food_bank_id], Some(pantry_id), None, 100).await.unwrap();
    rows.into_iter().rev().map(|r| r.action).collect()
}

/// The fields a refusal (400, as every API field error) names, with their codes.
fn refused_fields(r: &crate::api_support::ApiReply) -> Vec<(String, String)> {
    assert_eq!(r.status, 400, "{}", r.body);
    r.body["value"]["errors"]
        .as_array()
        .unwrap_or_else(|| panic!("field errors: {}", r.body))
        .iter()
        .map(|e| (e["field"].as_str().unwrap().to_owned(), e["code"].as_str().unwrap().to_owned()))
        .collect()
}

async fn weekly_hours_make_times_and_edits_never_move_booked_ones(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let (day, weekday) = ahead(3);
    let row = json!({ "pantryId": main, "weekday": weekday, "opens": "05:00", "closes": "06:00", "slotMinutes": 30, "capacity": 2 });
    let r = t.post("/api/v1/staff/schedule", Some(&staff), row).await;
    let id = r.value()["id"].as_i64().expect("row id");
    // The default horizon is 28 days: four of each weekday, two slots each.
    assert_eq!(r.value()["timesMade"], 8, "{}", r.body);
    let offered = offered_at(t, main, &["05:"]).await;
    assert_eq!(offered.len(), 8, "shoppers see the new times at once: {offered:?}");
    assert!(offered.iter().all(|o| o.2 == 2), "with their capacity: {offered:?}");

    // The job, run again, makes nothing more (it is idempotent).
    let ran = t.state.run_due_jobs("host-a").await.unwrap();
    assert!(ran.contains(&("schedules", 0)), "{ran:?}");
    assert_eq!(offered_at(t, main, &["05:"]).await.len(), 8);

    // Two orders in the first 05:00 slot.
    let first = offered.iter().find(|o| o.1 == day.to_string()).expect("a time on the day").0;
    for _ in 0..2 {
        order_at(t, &fresh(t).await, main, first).await.value();
    }
    // A capacity below them is refused at its field; nothing changes.
    let lower = json!({ "pantryId": main, "weekday": weekday, "opens": "05:00", "closes": "06:00", "slotMinutes": 30, "capacity": 1 });
    let r = t.put(&format!("/api/v1/staff/schedule/{id}"), Some(&staff), lower).await;
    assert_eq!(refused_fields(&r), vec![("capacity".to_owned(), "belowBooked".to_owned())]);

    // The hours move half an hour later: the booked 05:00 stays, the empty ones go, 06:00s come.
    let later = json!({ "pantryId": main, "weekday": weekday, "opens": "05:30", "closes": "06:30", "slotMinutes": 30, "capacity": 3 });
    let r = t.put(&format!("/api/v1/staff/schedule/{id}"), Some(&staff), later).await;
    assert_eq!((r.value()["timesRemoved"].as_i64(), r.value()["timesMade"].as_i64()), (Some(3), Some(4)), "{}", r.body);
    let now = offered_at(t, main, &["05:", "06:"]).await;
    assert_eq!(now.len(), 9, "{now:?}");
    assert!(now.iter().any(|o| o.0 == first), "the booked time is never moved: {now:?}");
    assert_eq!(t.state.store.test_booked(first).await.unwrap(), 2);

    // The row removed: only the times with orders stay.
    let r = t.delete(&format!("/api/v1/staff/schedule/{id}"), Some(&staff)).await;
    assert_eq!(r.value()["timesRemoved"], 8, "{}", r.body);
    let left: Vec<i64> = offered_at(t, main, &["05:", "06:"]).await.into_iter().map(|o| o.0).collect();
    assert_eq!(left, vec![first]);
    assert_eq!(audit_actions(t, main).await, vec!["schedule.create", "schedule.update", "schedule.delete"]);

    // A one-off day is its own action.
    let (extra, _) = ahead(5);
    let day_row =
        json!({ "pantryId": main, "date": extra.to_string(), "opens": "06:00", "closes": "07:00", "slotMinutes": 60 });
    let r = t.post("/api/v1/staff/schedule", Some(&staff), day_row).await;
    assert_eq!(r.value()["timesMade"], 1);
    let shown = t.get(&format!("/api/v1/staff/schedule?pantry={main}"), Some(&staff)).await;
    let entries = shown.value()["entries"].as_array().unwrap().clone();
    assert_eq!(entries.len(), 1);
    assert_eq!(
        (entries[0]["date"].as_str(), entries[0]["capacity"].is_null()),
        (Some(extra.to_string().as_str()), true)
    );
    assert_eq!(audit_actions(t, main).await.last().map(String::as_str), Some("schedule.extraDay"));
}

async fn bad_input_is_refused_at_its_field_and_nothing_is_written(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let (day, weekday) = ahead(4);
    let row = |opens: &str, closes: &str, minutes: i32| json!({ "pantryId": main, "weekday": weekday, "opens": opens, "closes": closes, "slotMinutes": minutes });
    t.post("/api/v1/staff/schedule", Some(&staff), row("05:00", "06:00", 20)).await.value();
    let times = offered_at(t, main, &["04:", "05:", "06:", "07:"]).await.len();
    let cases = [
        (row("05:30", "06:30", 30), "opens", "overlaps"),
        (row("06:00", "06:20", 30), "slotMinutes", "slotTooLong"),
        (row("07:00", "07:00", 30), "closes", "closesBeforeOpens"),
        (row("08:00", "07:00", 30), "closes", "closesBeforeOpens"),
        (row("7am", "08:00", 30), "opens", "choice"),
    ];
    for (body, field, code) in cases {
        let r = t.post("/api/v1/staff/schedule", Some(&staff), body.clone()).await;
        assert_eq!(refused_fields(&r), vec![(field.to_owned(), code.to_owned())], "{body}");
    }
    for days in [0, 121] {
        let r = t
            .put("/api/v1/staff/schedule-horizon", Some(&staff), json!({ "pantryId": main, "horizonDays": days }))
            .await;
        assert_eq!(refused_fields(&r), vec![("horizonDays".to_owned(), "outOfRange".to_owned())]);
    }
    let yesterday = (day - Duration::days(5)).to_string();
    let r = t
        .post(
            "/api/v1/staff/closed-days",
            Some(&staff),
            json!({ "pantryId": main, "firstDay": yesterday, "reason": "Holiday" }),
        )
        .await;
    assert_eq!(refused_fields(&r), vec![("firstDay".to_owned(), "inPast".to_owned())]);
    let backwards = json!({ "pantryId": main, "firstDay": day.to_string(), "lastDay": (day - Duration::days(1)).to_string(), "reason": "Holiday" });
    let r = t.post("/api/v1/staff/closed-days", Some(&staff), backwards).await;
    assert_eq!(refused_fields(&r), vec![("lastDay".to_owned(), "endBeforeStart".to_owned())]);
    // Another food bank's pantry is not theirs: 404, like one that does not exist.
    let chicago = pantry(t, CHICAGO).await;
    let r = t
        .post(
            "/api/v1/staff/schedule",
            Some(&staff),
            json!({ "pantryId": chicago, "weekday": 1, "opens": "05:00", "closes": "06:00", "slotMinutes": 30 }),
        )
        .await;
    assert_eq!(r.status, 404, "{}", r.body);

    // Nothing of the refused writes is there: one row, its times, one audit entry.
    let shown = t.get(&format!("/api/v1/staff/schedule?pantry={main}"), Some(&staff)).await;
    assert_eq!(shown.value()["entries"].as_array().unwrap().len(), 1);
    assert_eq!(shown.value()["horizonDays"], 28);
    assert!(shown.value()["closedDays"].as_array().unwrap().is_empty());
    assert_eq!(offered_at(t, main, &["04:", "05:", "06:", "07:"]).await.len(), times);
    assert_eq!(audit_actions(t, main).await, vec!["schedule.create"]);

    // A horizon in range publishes fewer days at once.
    let r = t.put("/api/v1/staff/schedule-horizon", Some(&staff), json!({ "pantryId": main, "horizonDays": 7 })).await;
    assert_eq!(r.value()["timesRemoved"], 9, "three weeks of three slots go: {}", r.body);
    assert_eq!(offered_at(t, main, &["05:"]).await.len(), 3);
}

async fn a_closed_day_hides_its_times_and_asks_booked_shoppers_to_move(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let (day, weekday) = ahead(3);
    let row = json!({ "pantryId": main, "weekday": weekday, "opens": "05:00", "closes": "06:00", "slotMinutes": 30, "capacity": 2 });
    t.post("/api/v1/staff/schedule", Some(&staff), row).await.value();
    let on_day: Vec<i64> =
        offered_at(t, main, &["05:"]).await.into_iter().filter(|o| o.1 == day.to_string()).map(|o| o.0).collect();
    assert_eq!(on_day.len(), 2);
    let shopper = fresh(t).await;
    let profile = t.get("/api/v1/account/profile", Some(&shopper.token)).await.value().clone();
    let me = profile["id"].as_i64().unwrap();
    let email = t.state.store.test_contact(me, "es", true).await.unwrap();
    let order = order_at(t, &shopper, main, on_day[0]).await.value().as_i64().expect("order id");
    // Every open order of the day is told, the demo's own too (the demo books some weekdays).
    let queue = t.get(&format!("/api/v1/staff/queue?pantry={main}&date={day}"), Some(&staff)).await;
    let booked = queue.value()["pickups"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["orders"].as_array().unwrap().iter())
        .filter(|o| ["SUBMITTED", "PACKING", "READY"].contains(&o["state"].as_str().unwrap()))
        .count();
    assert!(booked >= 1, "{}", queue.body);

    let close =
        json!({ "pantryId": main, "firstDay": day.to_string(), "lastDay": day.to_string(), "reason": "Inventario" });
    let r = t.post("/api/v1/staff/closed-days", Some(&staff), close).await;
    assert_eq!(r.value()["ordersTold"], booked, "{}", r.body);
    let closed_id = r.value()["id"].as_i64().unwrap();

    // Its times are no longer offered, and an order in them is refused with its code.
    assert!(offered_at(t, main, &["05:"]).await.iter().all(|o| o.1 != day.to_string()));
    let r = order_at(t, &fresh(t).await, main, on_day[1]).await;
    assert_eq!((r.status, r.body["failureCode"].as_str()), (422, Some("pickupTimeClosed")), "{}", r.body);
    // The booked order stays, listed for the staff.
    let shown = t.get(&format!("/api/v1/staff/schedule?pantry={main}"), Some(&staff)).await;
    let closed = shown.value()["closedDays"][0].clone();
    assert_eq!(closed["reason"].as_str(), Some("Inventario"));
    let listed = closed["orders"].as_array().unwrap().iter().find(|o| o["orderId"].as_i64() == Some(order)).cloned();
    let listed = listed.unwrap_or_else(|| panic!("the booked order is listed: {closed}"));
    assert_eq!(listed["shopperName"], profile["firstName"], "listed by the shopper's first name");
    assert_ne!(listed["shopperName"], "");
    // The shopper has a message with a link to Change Time, and an e-mail in Spanish.
    let messages = t.get("/api/v1/messages?lang=es", Some(&shopper.token)).await;
    let news = messages.value().to_string();
    assert!(news.contains("elija otra hora"), "{news}");
    assert!(news.contains(&format!("/account/orders/{order}/time")), "{news}");
    // (The order's confirmation is in the outbox too.)
    let mut mail = Vec::new();
    for _ in 0..100 {
        mail = t.state.store.test_outbox(&email).await.unwrap();
        mail.retain(|m| m.0 != "Su pedido está confirmado");
        if !mail.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(mail.len(), 1, "{mail:?}");
    assert!(
        mail[0].0.contains("elija otra hora") && mail[0].1.contains(&format!("/account/orders/{order}/time")),
        "{mail:?}"
    );

    // Change Time refuses the other closed time and takes an open one with room.
    let r = t.put(&format!("/api/v1/orders/{order}/pickuptime/{}", on_day[1]), Some(&shopper.token), json!({})).await;
    assert_eq!(r.body["failureCode"].as_str(), Some("pickupTimeClosed"), "{}", r.body);
    let open = offered_at(t, main, &["05:"]).await[0].0;
    t.put(&format!("/api/v1/orders/{order}/pickuptime/{open}"), Some(&shopper.token), json!({})).await.value();
    let shown = t.get(&format!("/api/v1/staff/schedule?pantry={main}"), Some(&staff)).await;
    let still = shown.value()["closedDays"][0]["orders"].clone();
    assert!(still.as_array().unwrap().iter().all(|o| o["orderId"].as_i64() != Some(order)), "moved out: {still}");
    assert_eq!(still.as_array().unwrap().len(), booked - 1, "the demo's own stay: {still}");

    // Opened again, the day's times are offered again.
    t.delete(&format!("/api/v1/staff/closed-days/{closed_id}"), Some(&staff)).await.value();
    assert!(offered_at(t, main, &["05:"]).await.iter().any(|o| o.1 == day.to_string()));
    let actions = audit_actions(t, main).await;
    assert_eq!(actions, vec!["schedule.create", "closedDay.create", "closedDay.delete"]);
}
