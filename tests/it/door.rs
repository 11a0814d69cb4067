//! The door without a connection (issue 50) on both databases, as a device sends it: the day taken
//! along holds the pantry's orders of the day and its households, with only the door's fields; the
//! actions recorded offline (a walk-in household, its visit named by the registration's key, a
//! check-in) are done once however often they are sent; a visit sent late counts on the day it
//! happened; a hand-over of an order cancelled meanwhile, or handed over at another desk, is a
//! conflict with the order's state now; a volunteer's no-show, another person's key and a staff
//! member who lost the pantry are refused.
use crate::{
    api_orders::{MAIN, fresh, pantry},
    api_staff::{place, token_of},
    api_support::TestApp,
    households::{count, staff_at},
    on_both,
};
use chrono::{Duration, NaiveDate, TimeZone, Utc};
use orderahead::db::seed::{DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL};
use serde_json::{Value, json};

on_both!(
    a_day_recorded_offline_is_sent_back_once,
    a_hand_over_that_the_server_no_longer_allows_is_a_conflict,
    the_door_refuses_what_its_sender_may_not_do,
);

fn now(t: &TestApp) -> chrono::DateTime<Utc> {
    orderahead::infra::clock::Clock::now(&*t.clock)
}

/// A shopper's order at Main Street, packed and ready, with the clock at 8 am of its pickup day
/// there: the door's day. (order id, its item, the day).
async fn ready_today(t: &TestApp) -> (i64, i64, NaiveDate) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let (id, item, day) = place(t, &fresh(t).await, MAIN, 10, 2).await;
    for action in ["startPacking", "markReady"] {
        let r = t.post(&format!("/api/v1/staff/orders/{id}/state"), Some(&staff), json!({ "action": action })).await;
        r.value();
    }
    let day: NaiveDate = day[..10].parse().unwrap();
    let tz: chrono_tz::Tz = "America/New_York".parse().unwrap();
    let eight = tz.from_local_datetime(&day.and_hms_opt(8, 0, 0).unwrap()).unwrap().with_timezone(&Utc);
    if eight > now(t) {
        t.clock.advance(eight - now(t));
    }
    (id, item, day)
}

async fn send(t: &TestApp, token: &str, body: Value) -> crate::api_support::ApiReply {
    t.post("/api/v1/staff/door", Some(token), body).await
}

fn key() -> String {
    uuid::Uuid::new_v4().to_string()
}

async fn a_day_recorded_offline_is_sent_back_once(t: &TestApp) {
    let (order, _, day) = ready_today(t).await;
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let main = pantry(t, MAIN).await;

    // The day taken along: the order with what the volunteer may do, and no more than the door needs.
    let taken = t.get(&format!("/api/v1/staff/pantries/{main}/door"), Some(&volunteer)).await;
    let taken = taken.value().clone();
    assert_eq!(taken["day"], day.to_string());
    assert_eq!(taken["pantryID"], main);
    let listed = taken["orders"].as_array().unwrap().iter().find(|o| o["id"] == order).expect("the day's order");
    assert_eq!((listed["state"].clone(), listed["actions"].clone()), (json!("READY"), json!(["checkIn"])));
    assert_eq!(listed["units"], 2);
    let expires: chrono::DateTime<Utc> = taken["expiresAt"].as_str().unwrap().parse().unwrap();
    assert!(expires > now(t) + Duration::hours(24) && expires <= now(t) + Duration::hours(48), "{expires}");
    let looked = "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'door.prepare' AND subject = ?";
    assert_eq!(count(t, looked, vec![format!("pantry:{main}").into()]).await, 1, "taking the day along is logged");

    // Offline: a new walk-in household, its visit (named by the registration's key), the hand-over.
    let at = now(t).to_rfc3339();
    let (k_household, k_visit, k_check_in) = (key(), key(), key());
    let household = json!({
        "key": k_household, "at": at, "action": "household", "pantryID": main,
        "household": { "firstName": "Amara", "lastName": "Okafor", "postalCode": "43206", "size": "3", "phone": "614-555-0190" },
    });
    let visit = json!({
        "key": k_visit, "at": at, "action": "visit", "pantryID": main, "householdKey": k_household,
        "visit": { "pounds": "12.5", "tefapBasis": "income" },
    });
    let check_in = json!({ "key": k_check_in, "at": at, "action": "checkIn", "orderID": order });
    let mut first = Vec::new();
    for body in [&household, &visit, &check_in] {
        let r = send(t, &volunteer, body.clone()).await;
        assert_eq!(r.value()["outcome"], "done", "{}", r.body);
        first.push(r.value()["id"].clone());
    }
    // Sent again (the device never heard the answers): nothing more is recorded.
    for (body, id) in [&household, &visit, &check_in].into_iter().zip(&first) {
        let r = send(t, &volunteer, body.clone()).await;
        assert_eq!((r.value()["outcome"].clone(), r.value()["id"].clone()), (json!("again"), id.clone()));
    }
    let hid = first[0].as_i64().unwrap();
    let visits = "SELECT COUNT(*) AS n FROM visits WHERE household_id = ? AND day = ?";
    assert_eq!(count(t, visits, vec![hid.into(), day.into()]).await, 1);
    let hand_overs = "SELECT COUNT(*) AS n FROM order_events WHERE order_id = ? AND to_status_type_id = 5";
    assert_eq!(count(t, hand_overs, vec![order.into()]).await, 1, "one hand-over");
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let seen = t.get(&format!("/api/v1/staff/orders/{order}"), Some(&staff)).await;
    assert_eq!(seen.value()["state"], "PICKED_UP");
    let named = "SELECT COUNT(*) AS n FROM households WHERE id = ? AND first_name = 'Amara' AND size = 3";
    assert_eq!(count(t, named, vec![hid.into()]).await, 1);

    // A visit recorded late last night and sent this morning counts on the day it happened.
    let late = json!({
        "key": key(), "at": (now(t) - Duration::hours(10)).to_rfc3339(), "action": "visit", "pantryID": main,
        "householdID": hid, "visit": { "pounds": "4" },
    });
    send(t, &volunteer, late).await.value();
    let yesterday = day.pred_opt().unwrap();
    assert_eq!(count(t, visits, vec![hid.into(), yesterday.into()]).await, 1);

    // The next copy lists the household registered at the door, with only the door's fields.
    let taken = t.get(&format!("/api/v1/staff/pantries/{main}/door"), Some(&volunteer)).await;
    let h = taken.value()["households"].as_array().unwrap().iter().find(|h| h["id"] == hid).unwrap().clone();
    assert_eq!(h["phoneEnd"], "0190");
    assert_eq!(h["tefap"], "valid", "the visit's TEFAP basis is the new household's decision");
    let fields: Vec<&String> = h.as_object().unwrap().keys().collect();
    assert_eq!(fields, ["firstName", "id", "lastName", "phoneEnd", "postalCode", "size", "tefap"]);
}

async fn a_hand_over_that_the_server_no_longer_allows_is_a_conflict(t: &TestApp) {
    let (cancelled, item, _) = ready_today(t).await;
    let (elsewhere, _, _) = ready_today(t).await;
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let stock = || count(t, "SELECT quantity AS n FROM inventory_items WHERE id = ?", vec![item.into()]);
    let before = stock().await;

    // Cancelled by the office while the door was offline.
    let cancel = json!({ "action": "cancel", "reason": "The household called to cancel." });
    t.post(&format!("/api/v1/staff/orders/{cancelled}/state"), Some(&staff), cancel).await.value();
    let after_cancel = stock().await;
    assert_eq!(after_cancel, before + 2, "the cancel gave its stock back");
    let r = send(t, &volunteer, json!({ "key": key(), "at": now(t), "action": "checkIn", "orderID": cancelled })).await;
    let v = r.value();
    assert_eq!(
        (v["outcome"].clone(), v["state"].clone(), v["code"].clone()),
        (json!("conflict"), json!("CANCELLED"), json!("orderClosed"))
    );
    assert_eq!(stock().await, after_cancel, "nothing moved");

    // Handed over at another desk (online) before this device's queue was sent.
    let desk = t.post(&format!("/api/v1/staff/orders/{elsewhere}/check-in"), Some(&staff), json!({})).await;
    desk.value();
    let r = send(t, &volunteer, json!({ "key": key(), "at": now(t), "action": "checkIn", "orderID": elsewhere })).await;
    assert_eq!((r.value()["outcome"].clone(), r.value()["state"].clone()), (json!("conflict"), json!("PICKED_UP")));
    let hand_overs = "SELECT COUNT(*) AS n FROM order_events WHERE order_id = ? AND to_status_type_id = 5";
    assert_eq!(count(t, hand_overs, vec![elsewhere.into()]).await, 1);
}

async fn the_door_refuses_what_its_sender_may_not_do(t: &TestApp) {
    let (order, _, _) = ready_today(t).await;
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let main = pantry(t, MAIN).await;

    // A volunteer may not mark a no-show, online or off.
    let r = send(t, &volunteer, json!({ "key": key(), "at": now(t), "action": "noShow", "orderID": order })).await;
    assert_eq!(r.status, 403, "{}", r.body);
    // A malformed key, and an action without what it acts on, are refused at the field.
    let r = send(t, &volunteer, json!({ "key": "short", "at": now(t), "action": "checkIn", "orderID": order })).await;
    assert_eq!(r.status, 400, "{}", r.body);
    let r = send(t, &volunteer, json!({ "key": key(), "at": now(t), "action": "checkIn" })).await;
    assert_eq!((r.status, r.body["value"]["errors"][0]["field"].clone()), (400, json!("orderID")), "{}", r.body);
    // A household with no name is refused at its field, and nothing is kept of its key.
    let k = key();
    let bad = json!({ "key": k, "at": now(t), "action": "household", "pantryID": main, "household": { "postalCode": "43206", "size": "2" } });
    let r = send(t, &volunteer, bad).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(count(t, "SELECT COUNT(*) AS n FROM door_actions WHERE key = ?", vec![k.clone().into()]).await, 0);

    // Another person's key is not theirs to read.
    let k = key();
    let body = json!({ "key": k, "at": now(t), "action": "checkIn", "orderID": order });
    assert_eq!(send(t, &volunteer, body.clone()).await.value()["outcome"], "done");
    let other = staff_at(t, "door-other@example.org", orderahead::domain::staff::StaffRole::Volunteer, main).await;
    assert_eq!(send(t, &other, body).await.status, 400);

    // A staff member who no longer works at the pantry: its orders and its door are closed to them.
    let (next, _, _) = ready_today(t).await;
    let park = pantry(t, crate::api_orders::DRIVING_PARK).await;
    let moved = staff_at(t, "door-moved@example.org", orderahead::domain::staff::StaffRole::Volunteer, park).await;
    let r = send(t, &moved, json!({ "key": key(), "at": now(t), "action": "checkIn", "orderID": next })).await;
    assert_eq!((r.status, r.body["failureCode"].as_str()), (404, Some("orderNotFound")), "{}", r.body);
    assert_eq!(t.get(&format!("/api/v1/staff/pantries/{main}/door"), Some(&moved)).await.status, 404);
}
