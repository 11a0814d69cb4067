//! Delivery schedules through the staff API, on both databases (issue 24 item 1, "the same for a
//! delivery program's windows"): a food bank admin's weekly delivery hours make windows shoppers
//! are offered at once (with capacity and remaining), the job makes nothing on a second run, an
//! edit never moves or deletes a window with an order, bad input is refused at its field with
//! nothing written, and pantry staff (delivery is food-bank-wide) are refused.
use crate::{
    api_orders::{Shopper, demo},
    api_staff::token_of,
    api_support::{ApiReply, TestApp},
    on_both,
};
use chrono::{Datelike, Duration, NaiveDate, Utc};
use chrono_tz::America::New_York;
use orderahead::db::seed::{DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL};
use serde_json::{Value, json};

on_both!(
    weekly_delivery_hours_make_windows_and_edits_never_move_booked_ones,
    bad_delivery_hours_are_refused_at_their_field_and_nothing_is_written,
);

/// A day `days` ahead in the food bank's zone (Central Ohio) and its weekday (0 = Monday).
fn ahead(days: i64) -> (NaiveDate, u32) {
    let day = Utc::now().with_timezone(&New_York).date_naive() + Duration::days(days);
    (day, day.weekday().num_days_from_monday())
}

/// The rice of the demo's delivery stock: (inventory item, its delivery program if it has one).
async fn rice(t: &TestApp) -> (i64, Option<i64>) {
    let rows = t.state.store.test_inventory(None).await.unwrap();
    let row = rows.into_iter().find(|r| r.1 == "Long Grain White Rice").expect("rice in delivery stock");
    (row.0, row.4)
}

/// The program the test schedules: the rice's, so a shopper can order it there.
async fn program(t: &TestApp, admin: &str) -> (i64, i64) {
    let shown = t.get("/api/v1/staff/delivery-schedule", Some(admin)).await;
    let programs = shown.value()["programs"].as_array().expect("programs").clone();
    let id = match rice(t).await.1 {
        Some(p) => p,
        None => programs[0]["id"].as_i64().unwrap(),
    };
    let site = t.state.store.delivery_program_site(id).await.unwrap().expect("program");
    (id, site.food_bank_id)
}

/// The food bank's windows shoppers are offered (the checkout's list) of `program` starting at
/// one of `hours` (local), as (id, day, start, remaining).
async fn offered(t: &TestApp, food_bank: i64, program: i64, hours: &[&str]) -> Vec<(i64, String, String, Value)> {
    let r = t.get(&format!("/api/v1/foodbanks/{food_bank}/deliverytimes"), None).await;
    r.value()
        .as_array()
        .expect("delivery times")
        .iter()
        .filter(|x| x["entityDeliveryProgramID"] == program)
        .filter(|x| hours.iter().any(|h| x["deliveryStartTime"].as_str().unwrap_or_default().starts_with(h)))
        .map(|x| {
            (
                x["id"].as_i64().unwrap(),
                x["deliveryDay"].as_str().unwrap().to_owned(),
                x["deliveryStartTime"].as_str().unwrap().to_owned(),
                x["remaining"].clone(),
            )
        })
        .collect()
}

/// The demo shopper (who has home delivery in Central Ohio) orders a bag of rice for `window`.
async fn order_for(t: &TestApp, shopper: &Shopper, window: i64) -> ApiReply {
    let orders = t.get("/api/v1/orders", Some(&shopper.token)).await.value().clone();
    let home = orders
        .as_array()
        .unwrap()
        .iter()
        .find_map(|o| o.get("foodBankDeliveryTimeID").and(o["foodInsecureNeighborAddressID"].as_i64()))
        .expect("the demo shopper's home address");
    let body = json!({
        "pantryLocationID": null,
        "pantryLocationPickupTimeID": null,
        "foodBankDeliveryTimeID": window,
        "foodInsecureNeighborAddressID": home,
        "pantryOrderItems": [{ "pantryInventoryItemID": rice(t).await.0, "quantity": 1 }],
    });
    t.post("/api/v1/order", Some(&shopper.token), body).await
}

async fn audit_actions(t: &TestApp, food_bank: i64) -> Vec<String> {
    let rows = t.state.store.audit_entries(vec![food_bank], None, None, 100).await.unwrap();
    rows.into_iter().rev().map(|r| r.action).collect()
}

/// The fields a refusal (400, as every API field error) names, with their codes.
fn refused_fields(r: &ApiReply) -> Vec<(String, String)> {
    assert_eq!(r.status, 400, "{}", r.body);
    r.body["value"]["errors"]
        .as_array()
        .unwrap_or_else(|| panic!("field errors: {}", r.body))
        .iter()
        .map(|e| (e["field"].as_str().unwrap().to_owned(), e["code"].as_str().unwrap().to_owned()))
        .collect()
}

async fn weekly_delivery_hours_make_windows_and_edits_never_move_booked_ones(t: &TestApp) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let (program, food_bank) = program(t, &admin).await;
    let (day, weekday) = ahead(3);
    let hours = |opens: &str, closes: &str, capacity: i32| json!({ "programId": program, "weekday": weekday, "opens": opens, "closes": closes, "slotMinutes": 60, "capacity": capacity });
    let r = t.post("/api/v1/staff/delivery-schedule", Some(&admin), hours("05:00", "07:00", 1)).await;
    let id = r.value()["id"].as_i64().expect("row id");
    // The default horizon is 28 days: four of each weekday, two windows each.
    assert_eq!(r.value()["timesMade"], 8, "{}", r.body);
    let windows = offered(t, food_bank, program, &["05:", "06:"]).await;
    assert_eq!(windows.len(), 8, "shoppers are offered the new windows at once: {windows:?}");
    assert!(windows.iter().all(|w| w.3 == 1), "with their capacity: {windows:?}");

    // The job, run again, makes nothing more.
    let ran = t.state.run_due_jobs("host-a").await.unwrap();
    assert!(ran.contains(&("schedules", 0)), "{ran:?}");
    assert_eq!(offered(t, food_bank, program, &["05:", "06:"]).await.len(), 8);

    // A shopper books the first window of the day: it is full (remaining 0) and stays offered as such.
    let first = windows.iter().find(|w| w.1 == day.to_string() && w.2.starts_with("05:")).expect("05:00 on the day").0;
    let shopper = demo(t).await;
    order_for(t, &shopper, first).await.value();
    let full = offered(t, food_bank, program, &["05:"]).await;
    assert_eq!(full.iter().find(|w| w.0 == first).map(|w| w.3.clone()), Some(json!(0)), "{full:?}");

    // A capacity below its order is refused at its field; nothing changes.
    let r = t.put(&format!("/api/v1/staff/delivery-schedule/{id}"), Some(&admin), hours("05:00", "07:00", 0)).await;
    assert_eq!(refused_fields(&r), vec![("capacity".to_owned(), "belowBooked".to_owned())]);

    // The hours move half an hour later: the booked 05:00 stays, the seven empty ones go, and
    // 05:30 and 06:30 windows come on each of the four days.
    let r = t.put(&format!("/api/v1/staff/delivery-schedule/{id}"), Some(&admin), hours("05:30", "07:30", 2)).await;
    assert_eq!((r.value()["timesRemoved"].as_i64(), r.value()["timesMade"].as_i64()), (Some(7), Some(8)), "{}", r.body);
    let now = offered(t, food_bank, program, &["05:", "06:"]).await;
    assert_eq!(now.len(), 9, "{now:?}");
    assert!(now.iter().any(|w| w.0 == first && w.3 == 0), "the booked window is never moved: {now:?}");
    assert!(now.iter().filter(|w| w.0 != first).all(|w| w.3 == 2), "{now:?}");

    // The row removed: only the window with an order stays.
    let r = t.delete(&format!("/api/v1/staff/delivery-schedule/{id}"), Some(&admin)).await;
    assert_eq!(r.value()["timesRemoved"], 8, "{}", r.body);
    let left: Vec<i64> = offered(t, food_bank, program, &["05:", "06:"]).await.into_iter().map(|w| w.0).collect();
    assert_eq!(left, vec![first]);
    assert_eq!(
        audit_actions(t, food_bank).await,
        vec!["deliverySchedule.create", "deliverySchedule.update", "deliverySchedule.delete"]
    );

    // A one-off day and a shorter horizon.
    let (extra, _) = ahead(5);
    let one_off = json!({ "programId": program, "date": extra.to_string(), "opens": "06:00", "closes": "07:00", "slotMinutes": 60 });
    let r = t.post("/api/v1/staff/delivery-schedule", Some(&admin), one_off).await;
    assert_eq!(r.value()["timesMade"], 1, "{}", r.body);
    let on_extra = offered(t, food_bank, program, &["06:"]).await;
    assert!(on_extra.iter().any(|w| w.1 == extra.to_string() && w.3.is_null()), "unlimited: {on_extra:?}");
    let r = t
        .put("/api/v1/staff/delivery-schedule-horizon", Some(&admin), json!({ "programId": program, "horizonDays": 2 }))
        .await;
    assert_eq!(r.value()["timesRemoved"], 1, "the day after the horizon goes: {}", r.body);
    let shown = t.get(&format!("/api/v1/staff/delivery-schedule?program={program}"), Some(&admin)).await;
    assert_eq!(shown.value()["horizonDays"], 2);
    assert_eq!(shown.value()["entries"][0]["date"].as_str(), Some(extra.to_string().as_str()));
    let actions = audit_actions(t, food_bank).await;
    assert_eq!(actions[3..], ["deliverySchedule.extraDay", "deliverySchedule.horizon"]);
}

async fn bad_delivery_hours_are_refused_at_their_field_and_nothing_is_written(t: &TestApp) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let (program, food_bank) = program(t, &admin).await;
    let (_, weekday) = ahead(4);
    let hours = |opens: &str, closes: &str, minutes: i32| json!({ "programId": program, "weekday": weekday, "opens": opens, "closes": closes, "slotMinutes": minutes });
    t.post("/api/v1/staff/delivery-schedule", Some(&admin), hours("05:00", "06:00", 30)).await.value();
    let windows = offered(t, food_bank, program, &["04:", "05:", "06:", "07:", "08:"]).await.len();
    let cases = [
        (hours("05:30", "06:30", 30), "opens", "overlaps"),
        (hours("06:00", "06:20", 30), "slotMinutes", "slotTooLong"),
        (hours("07:00", "07:00", 30), "closes", "closesBeforeOpens"),
        (hours("7am", "08:00", 30), "opens", "choice"),
    ];
    for (body, field, code) in cases {
        let r = t.post("/api/v1/staff/delivery-schedule", Some(&admin), body.clone()).await;
        assert_eq!(refused_fields(&r), vec![(field.to_owned(), code.to_owned())], "{body}");
    }
    let mut negative = hours("08:00", "09:00", 30);
    negative["capacity"] = json!(-1);
    let r = t.post("/api/v1/staff/delivery-schedule", Some(&admin), negative).await;
    assert_eq!(refused_fields(&r), vec![("capacity".to_owned(), "outOfRange".to_owned())]);
    for days in [0, 121] {
        let r = t
            .put(
                "/api/v1/staff/delivery-schedule-horizon",
                Some(&admin),
                json!({ "programId": program, "horizonDays": days }),
            )
            .await;
        assert_eq!(refused_fields(&r), vec![("horizonDays".to_owned(), "outOfRange".to_owned())]);
    }
    // A program that is not one of the admin's food banks' is not found.
    let mut elsewhere = hours("08:00", "09:00", 30);
    elsewhere["programId"] = json!(program + 100_000);
    let r = t.post("/api/v1/staff/delivery-schedule", Some(&admin), elsewhere).await;
    assert_eq!((r.status, r.body["failureCode"].as_str()), (404, Some("deliveryProgramNotFound")), "{}", r.body);

    // Pantry staff do not keep delivery (food-bank-wide): refused, whatever they send.
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let r = t.post("/api/v1/staff/delivery-schedule", Some(&staff), hours("08:00", "09:00", 30)).await;
    assert_eq!(r.status, 403, "{}", r.body);
    let r = t.get("/api/v1/staff/delivery-schedule", Some(&staff)).await;
    assert_eq!(r.status, 403, "{}", r.body);

    // Nothing of the refused writes is there: one row, its windows, one audit entry.
    let shown = t.get(&format!("/api/v1/staff/delivery-schedule?program={program}"), Some(&admin)).await;
    assert_eq!(shown.value()["entries"].as_array().unwrap().len(), 1);
    assert_eq!(shown.value()["horizonDays"], 28);
    assert_eq!(offered(t, food_bank, program, &["04:", "05:", "06:", "07:", "08:"]).await.len(), windows);
    assert_eq!(audit_actions(t, food_bank).await, vec!["deliverySchedule.create"]);
}
