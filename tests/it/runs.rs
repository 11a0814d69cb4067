//! Delivery runs (issue 51), on both databases: a window's packed deliveries shared among two
//! drivers by side of town and routed; a stop moved re-routes both runs; a run starts only with a
//! driver, and its orders are then out for delivery, their shoppers told; the driver reports
//! delivered (the order completed) and nobody home, which the coordinator closes as not delivered
//! with its stock back exactly once. A driver opens only the runs given to them; a refused change
//! changes nothing.
use crate::{
    api_orders::{Shopper, delivery, fresh, qty},
    api_staff::token_of,
    api_support::{ApiReply, TestApp},
    on_both,
    staff_reports::page_data,
};
use chrono::{Duration, Utc};
use orderahead::db::seed::{DEMO_ADMIN_EMAIL, DEMO_DRIVER_EMAIL, DEMO_SECOND_DRIVER_EMAIL, DEMO_VOLUNTEER_EMAIL};
use serde_json::{Value, json};

on_both!(a_window_is_split_routed_driven_and_closed, refused_run_changes_change_nothing);

/// The depot of the demo's home delivery program (its warehouse in Grove City).
const DEPOT: (f64, f64) = (39.8767, -83.0497);

pub(crate) struct Delivery {
    order: i64,
    shopper: Shopper,
}

/// The driver grant's program and food bank, and a window of it two days out or more.
pub(crate) async fn window(t: &TestApp) -> (i64, i64, i64) {
    let driver = t.state.store.test_user_id(DEMO_DRIVER_EMAIL).await.unwrap().unwrap();
    let post = t.state.store.staff_posts(driver).await.unwrap()[0];
    let program = post.program_id.expect("a driver's program");
    let later = Utc::now() + Duration::days(2);
    let times = t.state.store.test_delivery_times().await.unwrap();
    let w = times.into_iter().find(|(_, p, at)| *p == program && *at > later).expect("a window of the program").0;
    (w, program, post.food_bank_id)
}

/// A new shopper's delivery order in the window to a home `miles_east` of the depot (negative:
/// west), packed and ready.
pub(crate) async fn ready_delivery(t: &TestApp, window: i64, bank: i64, miles_east: f64, item: i64) -> Delivery {
    let shopper = fresh(t).await;
    let me = t.get("/api/v1/account/profile", Some(&shopper.token)).await.value()["id"].as_i64().unwrap();
    let lng = DEPOT.1 + miles_east / 53.0;
    let home = t
        .state
        .store
        .test_delivery_home(me, bank, &format!("{} Test St", 100 + me), "43123", (DEPOT.0 + 0.01, lng), true)
        .await
        .unwrap();
    let r = t.post("/api/v1/order", Some(&shopper.token), delivery(window, Some(home), &[(item, 1)])).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let order = r.value().as_i64().unwrap();
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    for action in ["startPacking", "markReady"] {
        let r = t.post(&format!("/api/v1/staff/orders/{order}/state"), Some(&admin), json!({ "action": action })).await;
        assert_eq!(r.status, 200, "{action}: {}", r.body);
    }
    Delivery { order, shopper }
}

async fn state_of(t: &TestApp, d: &Delivery) -> String {
    let o = t.get(&format!("/api/v1/orders/{}", d.order), Some(&d.shopper.token)).await;
    o.value()["pantryOrderStatusType"]["code"].as_str().unwrap().to_owned()
}

/// The shopper's order news, in English.
async fn news(t: &TestApp, d: &Delivery) -> Vec<String> {
    let r = t.get("/api/v1/messages?lang=en", Some(&d.shopper.token)).await;
    r.value().as_array().unwrap().iter().map(|m| m["data"].to_string()).filter(|m| m.contains("Your order")).collect()
}

fn runs(board: &ApiReply) -> Vec<Value> {
    assert_eq!(board.status, 200, "{}", board.body);
    board.value()["runs"].as_array().unwrap().clone()
}

fn orders_of(run: &Value) -> Vec<i64> {
    run["stops"].as_array().unwrap().iter().map(|s| s["orderID"].as_i64().unwrap()).collect()
}

fn stop_of(run: &Value, order: i64) -> i64 {
    run["stops"].as_array().unwrap().iter().find(|s| s["orderID"] == order).unwrap()["id"].as_i64().unwrap()
}

async fn user(t: &TestApp, email: &str) -> i64 {
    t.state.store.test_user_id(email).await.unwrap().unwrap()
}

async fn a_window_is_split_routed_driven_and_closed(t: &TestApp) {
    let (w, program, bank) = window(t).await;
    let rice = t.state.store.test_delivery_stock(bank, program, 100).await.unwrap();
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let (dana, dev) = (token_of(t, DEMO_DRIVER_EMAIL).await, token_of(t, DEMO_SECOND_DRIVER_EMAIL).await);
    let mut east = Vec::new();
    let mut west = Vec::new();
    for miles in [2.0, 3.0, 4.0] {
        east.push(ready_delivery(t, w, bank, miles, rice).await);
        west.push(ready_delivery(t, w, bank, -miles, rice).await);
    }
    let rice_before = qty(t, rice).await;

    // Two drivers: one side of town each, every stop in one run, each run a route.
    let board =
        t.post(&format!("/api/v1/staff/delivery-windows/{w}/runs"), Some(&admin), json!({ "drivers": 2 })).await;
    let made = runs(&board);
    assert_eq!(made.len(), 2, "{}", board.body);
    let sides: Vec<Vec<i64>> = made.iter().map(orders_of).collect();
    let east_ids: Vec<i64> = east.iter().map(|d| d.order).collect();
    let west_ids: Vec<i64> = west.iter().map(|d| d.order).collect();
    let mut by_side = sides.clone();
    by_side.iter_mut().for_each(|s| s.sort());
    let (mut e, mut wst) = (east_ids.clone(), west_ids.clone());
    e.sort();
    wst.sort();
    assert!(by_side.contains(&e) && by_side.contains(&wst), "a side of town each: {sides:?}");
    for run in &made {
        // Out along the row of homes and back: about 2 × 4 miles, never the zig-zag order placed.
        let miles = run["miles"].as_f64().unwrap();
        assert!(miles > 7.5 && miles < 9.5, "{miles}");
        let positions: Vec<i64> =
            run["stops"].as_array().unwrap().iter().map(|s| s["position"].as_i64().unwrap()).collect();
        assert_eq!(positions, vec![1, 2, 3]);
    }
    let (r1, r2) = (made[0]["id"].as_i64().unwrap(), made[1]["id"].as_i64().unwrap());

    // Nobody drives them yet: a driver, a volunteer and a shopper may not open them.
    for token in [&dana, &token_of(t, DEMO_VOLUNTEER_EMAIL).await] {
        assert_eq!(t.get(&format!("/api/v1/staff/runs/{r1}"), Some(token)).await.status, 403);
    }
    assert_eq!(t.get(&format!("/api/v1/staff/runs/{r1}"), Some(&fresh(t).await.token)).await.status, 403);
    // A run without a driver does not start.
    let r = t.post(&format!("/api/v1/staff/runs/{r1}/start"), Some(&admin), json!({})).await;
    assert_eq!((r.status, r.body["failureCode"].as_str()), (409, Some("runNeedsDriver")), "{}", r.body);

    for (run, who) in [(r1, DEMO_DRIVER_EMAIL), (r2, DEMO_SECOND_DRIVER_EMAIL)] {
        let r = t
            .post(
                &format!("/api/v1/staff/runs/{run}/driver"),
                Some(&admin),
                json!({ "driverUserID": user(t, who).await }),
            )
            .await;
        assert_eq!(r.status, 200, "{}", r.body);
    }
    // A shopper is no driver of the program.
    let stranger = user(t, DEMO_VOLUNTEER_EMAIL).await;
    let r = t.post(&format!("/api/v1/staff/runs/{r1}/driver"), Some(&admin), json!({ "driverUserID": stranger })).await;
    assert!(matches!(r.status, 400 | 422), "{}", r.body);
    let sheet = t.get(&format!("/api/v1/staff/runs/{r1}"), Some(&dana)).await;
    assert_eq!(sheet.status, 200, "{}", sheet.body);
    assert_eq!(sheet.value()["run"]["driverName"], "Dana Driver");
    let first = &sheet.value()["run"]["stops"][0];
    assert_eq!(first["notes"], "Ring twice");
    assert_eq!(first["items"], 1);
    assert_eq!(first["locatedBy"], "address");
    assert!(first["mapsUrl"].as_str().unwrap().starts_with("https://www.google.com/maps/search/?api=1&query="));
    assert!(first.get("phone").is_none(), "the shopper gave no phone");
    assert_eq!(t.get(&format!("/api/v1/staff/runs/{r2}"), Some(&dana)).await.status, 403, "Dev's run");
    assert_eq!(t.get(&format!("/api/v1/staff/runs/{r2}"), Some(&dev)).await.status, 200);

    // A stop moved by hand: both runs routed again, positions without gaps. Named under a run
    // that does not hold it, it is not found.
    let moved = sides[0][1];
    let wrong = format!("/api/v1/staff/runs/{r2}/stops/{}/move", stop_of(&made[0], moved));
    assert_eq!(t.post(&wrong, Some(&admin), json!({ "runID": r2 })).await.status, 404);
    let r = t
        .post(
            &format!("/api/v1/staff/runs/{r1}/stops/{}/move", stop_of(&made[0], moved)),
            Some(&admin),
            json!({ "runID": r2 }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let r2_now = t.get(&format!("/api/v1/staff/runs/{r2}"), Some(&admin)).await.value()["run"].clone();
    assert!(orders_of(&r2_now).contains(&moved) && orders_of(&r2_now).len() == 4, "{r2_now}");
    let r1_now = t.get(&format!("/api/v1/staff/runs/{r1}"), Some(&dana)).await.value()["run"].clone();
    assert_eq!(orders_of(&r1_now).len(), 2);
    let positions: Vec<i64> =
        r1_now["stops"].as_array().unwrap().iter().map(|s| s["position"].as_i64().unwrap()).collect();
    assert_eq!(positions, vec![1, 2]);

    // Run 1 leaves: its orders are out for delivery, their shoppers told; its plan is fixed.
    let riding: Vec<&Delivery> = east.iter().chain(&west).filter(|d| orders_of(&r1_now).contains(&d.order)).collect();
    assert_eq!(t.post(&format!("/api/v1/staff/runs/{r1}/start"), Some(&admin), json!({})).await.status, 200);
    for d in &riding {
        assert_eq!(state_of(t, d).await, "OUT_FOR_DELIVERY");
        assert!(news(t, d).await.iter().any(|m| m.contains("Your order is on its way")), "{:?}", news(t, d).await);
    }
    let r = t.post(&format!("/api/v1/staff/runs/{r1}/start"), Some(&admin), json!({})).await;
    assert_eq!((r.status, r.body["failureCode"].as_str()), (409, Some("runAlreadyStarted")));
    let r = t
        .post(
            &format!("/api/v1/staff/runs/{r1}/stops/{}/move", stop_of(&r1_now, riding[0].order)),
            Some(&admin),
            json!({ "runID": r2 }),
        )
        .await;
    assert_eq!((r.status, r.body["failureCode"].as_str()), (409, Some("runAlreadyStarted")));
    // Making the runs again keeps the started one as it is.
    let again =
        runs(&t.post(&format!("/api/v1/staff/delivery-windows/{w}/runs"), Some(&admin), json!({ "drivers": 1 })).await);
    assert_eq!(again.len(), 2);
    assert_eq!(orders_of(&again[0]), orders_of(&r1_now), "run 1 rides on");
    assert_eq!(orders_of(&again[1]).len(), 4, "the rest in one run");

    // On the road: one delivered, one nobody home.
    let (home, away) = (riding[0], riding[1]);
    let report = |stop: i64, outcome: &'static str| {
        let token = dana.clone();
        async move {
            t.post(&format!("/api/v1/staff/runs/{r1}/stops/{stop}"), Some(&token), json!({ "outcome": outcome })).await
        }
    };
    assert_eq!(report(stop_of(&r1_now, home.order), "delivered").await.status, 200);
    assert_eq!(state_of(t, home).await, "PICKED_UP");
    assert!(news(t, home).await.iter().any(|m| m.contains("Your order was delivered")));
    assert_eq!(report(stop_of(&r1_now, away.order), "nobodyHome").await.status, 200);
    assert_eq!(state_of(t, away).await, "OUT_FOR_DELIVERY", "waits for the coordinator");
    assert_eq!(qty(t, rice).await, rice_before, "nothing back yet");
    // Only the coordinator closes it.
    let confirm = format!("/api/v1/staff/runs/{r1}/stops/{}/confirm", stop_of(&r1_now, away.order));
    assert_eq!(t.post(&confirm, Some(&dana), json!({})).await.status, 403);
    // The window has begun when the coordinator hears of it.
    let window_start = t.state.store.test_delivery_times().await.unwrap().into_iter().find(|x| x.0 == w).unwrap().2;
    t.clock.advance(window_start + Duration::minutes(30) - Utc::now());
    assert_eq!(t.post(&confirm, Some(&admin), json!({})).await.status, 200);
    assert_eq!(state_of(t, away).await, "NO_SHOW");
    assert_eq!(qty(t, rice).await, rice_before + 1, "its rice is back");
    assert!(news(t, away).await.iter().any(|m| m.contains("Your order could not be delivered")));
    let r = t.post(&confirm, Some(&admin), json!({})).await;
    assert_eq!(r.status, 409, "once: {}", r.body);
    assert_eq!(report(stop_of(&r1_now, away.order), "delivered").await.status, 409, "closed");
    assert_eq!(qty(t, rice).await, rice_before + 1, "and once only");
    let sheet = t.get(&format!("/api/v1/staff/runs/{r1}"), Some(&dana)).await.value().clone();
    let outcomes: Vec<(&str, &str)> = sheet["run"]["stops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["state"].as_str().unwrap(), s["outcome"].as_str().unwrap_or("-")))
        .collect();
    assert!(
        outcomes.contains(&("PICKED_UP", "delivered")) && outcomes.contains(&("NO_SHOW", "nobodyHome")),
        "{outcomes:?}"
    );

    // The food bank's monthly report counts the delivery and the failed one.
    let placed = t.get(&format!("/api/v1/orders/{}", home.order), Some(&home.shopper.token)).await;
    let created: chrono::DateTime<Utc> = placed.value()["created"].as_str().unwrap().parse().unwrap();
    let month = created.with_timezone(&chrono_tz::America::New_York).format("%Y-%m");
    let (status, data) = page_data(t, &format!("/staff/reports?month={month}"), Some(&admin)).await;
    assert_eq!(status, 200, "{data}");
    let bank_totals = &data["report"]["places"][0]["totals"];
    assert_eq!(data["report"]["places"][0]["kind"], "foodBank");
    assert_eq!(
        (bank_totals["delivered"].as_i64(), bank_totals["notDelivered"].as_i64()),
        (Some(1), Some(1)),
        "{bank_totals}"
    );
}

async fn refused_run_changes_change_nothing(t: &TestApp) {
    let (w, program, bank) = window(t).await;
    let rice = t.state.store.test_delivery_stock(bank, program, 100).await.unwrap();
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let make = |drivers: Value| {
        let admin = admin.clone();
        async move {
            t.post(&format!("/api/v1/staff/delivery-windows/{w}/runs"), Some(&admin), json!({ "drivers": drivers }))
                .await
        }
    };
    // Nothing packed yet in this window.
    let r = make(json!(2)).await;
    assert_eq!((r.status, r.body["failureCode"].as_str()), (422, Some("noDeliveriesToSplit")), "{}", r.body);
    let d = ready_delivery(t, w, bank, 1.0, rice).await;
    for drivers in [json!(0), json!(51), json!(-3)] {
        let r = make(drivers.clone()).await;
        assert!(matches!(r.status, 400 | 422), "{drivers}: {}", r.body);
    }
    assert_eq!(t.get(&format!("/api/v1/staff/runs/{}", i64::MAX / 2), Some(&admin)).await.status, 404);
    assert!(t.get(&format!("/api/v1/staff/delivery-windows/{w}/runs"), Some(&admin)).await.status >= 400);
    let made = runs(&make(json!(1)).await);
    let run = made[0]["id"].as_i64().unwrap();
    // The driver's buttons wait for the run to leave; a volunteer may not make runs.
    let dana = token_of(t, DEMO_DRIVER_EMAIL).await;
    let dana_id = user(t, DEMO_DRIVER_EMAIL).await;
    t.post(&format!("/api/v1/staff/runs/{run}/driver"), Some(&admin), json!({ "driverUserID": dana_id })).await;
    let stop = stop_of(&made[0], d.order);
    let r =
        t.post(&format!("/api/v1/staff/runs/{run}/stops/{stop}"), Some(&dana), json!({ "outcome": "delivered" })).await;
    assert_eq!((r.status, r.body["failureCode"].as_str()), (409, Some("runNotStarted")), "{}", r.body);
    let r = t.post(&format!("/api/v1/staff/runs/{run}/stops/{stop}"), Some(&dana), json!({ "outcome": "lost" })).await;
    assert!(matches!(r.status, 400 | 422), "{}", r.body);
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let r =
        t.post(&format!("/api/v1/staff/delivery-windows/{w}/runs"), Some(&volunteer), json!({ "drivers": 1 })).await;
    assert_eq!(r.status, 403);
    assert_eq!(state_of(t, &d).await, "READY", "nothing moved it");
    let sheet = t.get(&format!("/api/v1/staff/runs/{run}"), Some(&dana)).await.value().clone();
    assert!(sheet["run"].get("startedAt").is_none());
    assert!(sheet["run"]["stops"][0].get("outcome").is_none());
}
