//! Limits at pantries and delivery windows, the shopper's past orders, and the
//! orders-per-period check.
use crate::{
    api_locations::{COLUMBUS, DENVER, MAIN_LIBRARY, food_bank_id, new_user, pantry_id},
    api_support::{DEMO_EMAIL, TestApp},
    on_both,
};
use chrono::{Datelike, Duration, Utc};
use chrono_tz::Tz;
use serde_json::{Value, json};

on_both!(
    limits_of_pantries_and_delivery_windows,
    past_orders_at_a_pantry_and_a_food_bank,
    order_limit_check_allows_then_refuses_with_the_next_date,
    limit_calls_refuse_unknown_ids_and_visitors,
    delivery_check_counts_the_delivery_programs_limits,
);

const DENVER_CENTRAL: &str = "Denver Public Library - Central Library";
const CHICAGO: (f64, f64) = (41.8837, -87.6321);

/// `(type, scope, amount, value)` of each limit, sorted.
fn summary(limits: &Value) -> Vec<(String, String, i64, i64)> {
    let mut out: Vec<_> = limits
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["limitType"]["code"].as_str().unwrap().to_owned(),
                l["limitTimeScope"]["code"].as_str().unwrap().to_owned(),
                l["limitTimeScopeAmount"].as_i64().unwrap(),
                l["value"].as_i64().unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

fn l(kind: &str, scope: &str, amount: i64, value: i64) -> (String, String, i64, i64) {
    (kind.to_owned(), scope.to_owned(), amount, value)
}

async fn limits_of_pantries_and_delivery_windows(t: &TestApp) {
    let main = pantry_id(t, COLUMBUS, MAIN_LIBRARY).await;
    let parsons = pantry_id(t, COLUMBUS, "Columbus Metropolitan Library - Parsons Branch").await;
    let denver = pantry_id(t, DENVER, DENVER_CENTRAL).await;
    let get = |path: String| async move { t.get(&path, None).await.value().clone() };
    assert_eq!(summary(&get(format!("/api/v1/limits/locations/{main}")).await), vec![l("ITEM", "ORDER", 1, 30)]);
    assert_eq!(
        summary(&get(format!("/api/v1/limits/locations/{parsons}")).await),
        vec![l("ITEM", "ORDER", 1, 15), l("ITEM", "ORDER", 1, 30)]
    );
    assert_eq!(summary(&get(format!("/api/v1/limits/locations/{denver}")).await), vec![l("ORDER", "WEEK", 1, 1)]);
    let chicago = t.get(&format!("/api/v1/locations?lat={}&lng={}", CHICAGO.0, CHICAGO.1), None).await;
    let chicago = chicago.value()[0]["id"].as_i64().unwrap();
    assert_eq!(
        summary(&get(format!("/api/v1/limits/locations/{chicago}")).await),
        vec![l("ITEM", "ORDER", 1, 25), l("ORDER", "WEEK", 1, 2)]
    );
    let coh = food_bank_id(t, "43215").await;
    let times = get(format!("/api/v1/foodbanks/{coh}/deliverytimes")).await;
    let mut seen = Vec::new();
    for time in times.as_array().unwrap() {
        let program = time["entityDeliveryProgramID"].as_i64().unwrap();
        if !seen.contains(&program) {
            seen.push(program);
            seen.push(time["id"].as_i64().unwrap());
        }
    }
    let mut per_program: Vec<_> = Vec::new();
    for pair in seen.chunks(2) {
        per_program.push(summary(&get(format!("/api/v1/limits/deliverytimes/{}", pair[1])).await));
    }
    per_program.sort();
    assert_eq!(
        per_program,
        vec![
            vec![l("ITEM", "ORDER", 1, 20), l("ITEM", "ORDER", 1, 30)],
            vec![l("ITEM", "ORDER", 1, 30), l("ORDER", "MONTH", 1, 4)],
        ]
    );
}

async fn past_orders_at_a_pantry_and_a_food_bank(t: &TestApp) {
    let demo = t.demo_token().await;
    let main = pantry_id(t, COLUMBUS, MAIN_LIBRARY).await;
    let coh = food_bank_id(t, "43215").await;
    let r = t.get(&format!("/api/v1/limits/locations/{main}/orders"), Some(&demo)).await;
    let at_main = r.value().as_array().unwrap().clone();
    // Completed and upcoming pickups; the cancelled one does not count.
    assert_eq!(at_main.len(), 2, "{at_main:?}");
    assert!(at_main[0]["created"].as_str() > at_main[1]["created"].as_str(), "newest first");
    assert!(at_main.iter().all(|o| o["pantryLocationID"] == main && o["foodBankID"] == coh));
    assert!(at_main.iter().all(|o| o["pantryLocationPickupTimeID"].is_i64()));
    let lines = at_main[0]["pantryOrderItems"].as_array().unwrap();
    assert_eq!(lines.len(), 3, "turkey, milk, corn flakes");
    assert!(lines.iter().all(|x| x["pantryItemID"].is_i64() && x["pantryInventoryItemID"].is_i64()));
    assert_eq!(lines.iter().map(|x| x["quantity"].as_i64().unwrap()).sum::<i64>(), 4);
    let r = t.get(&format!("/api/v1/limits/foodbanks/{coh}/orders"), Some(&demo)).await;
    let at_coh = r.value().as_array().unwrap();
    assert_eq!(at_coh.len(), 3, "and the delivery order");
    assert!(at_coh.iter().any(|o| o["foodBankDeliveryTimeID"].is_i64() && o["pantryLocationID"].is_null()));
    // Spec §7/§8: an empty answer is the failure "Server Error".
    let fresh = new_user(t, "no-orders@example.org").await;
    for path in [format!("/api/v1/limits/locations/{main}/orders"), format!("/api/v1/limits/foodbanks/{coh}/orders")] {
        let r = t.get(&path, Some(&fresh)).await;
        assert_eq!((r.status, r.failure()), (404, "Server Error"));
    }
}

async fn place_order(t: &TestApp, token: &str, pantry: i64) {
    let r = try_order(t, token, pantry).await;
    assert!(r.value().is_i64(), "{}", r.body);
}

async fn try_order(t: &TestApp, token: &str, pantry: i64) -> crate::api_support::ApiReply {
    let times = t.get(&format!("/api/v1/locations/{pantry}/pickuptimes"), None).await.value().clone();
    let time = times[0]["id"].as_i64().expect("a future pickup time");
    let inventory = t.get(&format!("/api/v1/locations/{pantry}/inventory"), Some(token)).await.value()["items"].clone();
    let item = inventory
        .as_array()
        .unwrap()
        .iter()
        .find(|i| {
            i["quantity"].as_i64().unwrap() >= 1 && i["limits"] == json!([]) && i["pantryItem"]["limits"] == json!([])
        })
        .expect("an unlimited item in stock")["id"]
        .as_i64()
        .unwrap();
    let body = json!({
        "pantryLocationID": pantry, "pantryLocationPickupTimeID": time, "foodBankDeliveryTimeID": null,
        "foodInsecureNeighborAddressID": null,
        "pantryOrderItems": [{ "pantryInventoryItemID": item, "isSubstituteOk": false, "quantity": 1 }]
    });
    t.post("/api/v1/order", Some(token), body).await
}

async fn order_limit_check_allows_then_refuses_with_the_next_date(t: &TestApp) {
    // Central Ohio has no orders-per-period limit.
    let demo = t.demo_token().await;
    let main = pantry_id(t, COLUMBUS, MAIN_LIBRARY).await;
    let r = t.get(&format!("/api/v1/limits/locations/{main}/check"), Some(&demo)).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.value()["limit"], Value::Null);
    assert_eq!(r.value()["nextAvailableOrderDate"], Value::Null);
    // Chicago allows 2 a week.
    let fresh = new_user(t, "order-limits@example.org").await;
    answer_checkout_questions(t, "order-limits@example.org").await;
    let chi = food_bank_id(t, "60602").await;
    let r = t.get(&format!("/api/v1/limits/foodbanks/{chi}/check"), Some(&fresh)).await;
    assert_eq!(r.value()["limit"], 2);
    // Denver allows 1 a week: one order, then refused until it is a week old.
    let denver = pantry_id(t, DENVER, DENVER_CENTRAL).await;
    let den = food_bank_id(t, "80202").await;
    let check = format!("/api/v1/limits/locations/{denver}/check");
    let r = t.get(&check, Some(&fresh)).await;
    assert_eq!((r.status, r.value()["limit"].as_i64()), (200, Some(1)));
    place_order(t, &fresh, denver).await;
    let tz: Tz = "America/Denver".parse().unwrap();
    let next = (Utc::now().with_timezone(&tz).date_naive() + Duration::days(7)).to_string();
    for path in [check.clone(), format!("/api/v1/limits/foodbanks/{den}/check")] {
        let r = t.get(&path, Some(&fresh)).await;
        assert_eq!(r.status, 422, "{}", r.body);
        assert_eq!(r.failure(), "There is a limit of 1 order every 1 week");
        assert_eq!(r.body["value"]["limit"], 0);
        assert_eq!(r.body["value"]["message"], "There is a limit of 1 order every 1 week");
        assert_eq!(r.body["value"]["nextAvailableOrderDate"], next.as_str());
        assert_eq!(r.body["failureCode"], "orderLimitEvery");
        let data = json!({ "limit": 1, "orders": "order", "amount": 1, "unit": "week" });
        assert_eq!(r.body["failureData"], data);
    }
    // The submission itself enforces it, not only the check.
    let r = try_order(t, &fresh, denver).await;
    assert_eq!((r.status, r.failure()), (422, "There is a limit of 1 order every 1 week"));
    // Other shoppers are not affected.
    let r = t.get(&check, Some(&demo)).await;
    assert_eq!(r.value()["limit"], 1);
    let r = t.get(&format!("/api/v1/limits/locations/{denver}/orders"), Some(&fresh)).await;
    assert_eq!(r.value().as_array().unwrap().len(), 1);
}

async fn limit_calls_refuse_unknown_ids_and_visitors(t: &TestApp) {
    let demo = t.demo_token().await;
    for path in [
        "/api/v1/limits/locations/987654",
        "/api/v1/limits/deliverytimes/987654",
        "/api/v1/limits/locations/987654/orders",
        "/api/v1/limits/foodbanks/987654/orders",
        "/api/v1/limits/locations/987654/check",
        "/api/v1/limits/foodbanks/987654/check",
        "/api/v1/limits/deliverytimes/987654/check",
    ] {
        let r = t.get(path, Some(&demo)).await;
        assert_eq!(r.status, 404, "{path}: {}", r.body);
        assert!(r.failure().ends_with("not found"));
        let r = t.get(&path.replace("987654", "x1"), Some(&demo)).await;
        assert_eq!(r.status, 400, "{path}");
        assert!(!r.failure().is_empty());
    }
    let main = pantry_id(t, COLUMBUS, MAIN_LIBRARY).await;
    for path in [format!("/api/v1/limits/locations/{main}/orders"), format!("/api/v1/limits/locations/{main}/check")] {
        let r = t.get(&path, None).await;
        assert_eq!(r.status, 401);
        assert!(!r.failure().is_empty());
    }
}

/// The checkout's pre-check for a delivery counts what Place Order counts: the delivery
/// program's orders-per-period limit as well as the food bank's.
async fn delivery_check_counts_the_delivery_programs_limits(t: &TestApp) {
    let demo = t.demo_token().await;
    answer_checkout_questions(t, DEMO_EMAIL).await;
    let coh = food_bank_id(t, "43215").await;
    // A window of the Central Ohio program that allows 4 orders a month.
    let times = t.get(&format!("/api/v1/foodbanks/{coh}/deliverytimes"), None).await.value().clone();
    let mut window = None;
    for time in times.as_array().unwrap() {
        let id = time["id"].as_i64().unwrap();
        let limits = t.get(&format!("/api/v1/limits/deliverytimes/{id}"), None).await.value().clone();
        if summary(&limits).contains(&l("ORDER", "MONTH", 1, 4)) {
            window = Some(id);
            break;
        }
    }
    let window = window.expect("a delivery window with an orders-per-month limit");
    let home =
        t.get("/api/v1/account/addresses", Some(&demo)).await.value()[0]["id"].as_i64().expect("a saved address");
    let inventory =
        t.get(&format!("/api/v1/deliverytimes/{window}/inventory"), Some(&demo)).await.value()["items"].clone();
    let item = inventory
        .as_array()
        .unwrap()
        .iter()
        .find(|i| {
            i["quantity"].as_i64().unwrap() >= 5 && i["limits"] == json!([]) && i["pantryItem"]["limits"] == json!([])
        })
        .expect("an unlimited delivery item in stock")["id"]
        .as_i64()
        .unwrap();
    let order = json!({
        "pantryLocationID": null, "pantryLocationPickupTimeID": null, "foodBankDeliveryTimeID": window,
        "foodInsecureNeighborAddressID": home,
        "pantryOrderItems": [{ "pantryInventoryItemID": item, "isSubstituteOk": false, "quantity": 1 }]
    });
    let check = format!("/api/v1/limits/deliverytimes/{window}/check");

    // Order until the check says no; the allowance shrinks by one each time.
    let mut placed = 0;
    loop {
        let r = t.get(&check, Some(&demo)).await;
        if r.status == 422 {
            break;
        }
        let left = r.value()["limit"].as_i64().expect("the allowance");
        assert!((1..=4).contains(&left), "{}", r.body);
        let o = t.post("/api/v1/order", Some(&demo), order.clone()).await;
        assert!(o.value().is_i64(), "{}", o.body);
        placed += 1;
        assert!(placed <= 4, "the check never refused");
        assert_eq!(t.get(&check, Some(&demo)).await.body["value"]["limit"], left - 1);
    }
    let r = t.get(&check, Some(&demo)).await;
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.failure(), "There is a limit of 4 orders every 1 month");
    assert_eq!(r.body["value"]["limit"], 0);
    let tz: Tz = "America/New_York".parse().unwrap();
    let today = Utc::now().with_timezone(&tz).date_naive();
    let next_month = (today - Duration::days(i64::from(today.day0())) + chrono::Months::new(1)).to_string();
    assert_eq!(r.body["value"]["nextAvailableOrderDate"], next_month.as_str());
    // The food bank's own check knows nothing of the program's limit: the gap this closes.
    assert_eq!(t.get(&format!("/api/v1/limits/foodbanks/{coh}/check"), Some(&demo)).await.status, 200);
    // Place Order refuses with the same words.
    let o = t.post("/api/v1/order", Some(&demo), order).await;
    assert_eq!((o.status, o.failure()), (422, "There is a limit of 4 orders every 1 month"));
    // A visitor has no orders to count.
    assert_eq!(t.get(&check, None).await.status, 401);
}

/// Orders here are placed without a checkout: give the shopper what it would have asked.
async fn answer_checkout_questions(t: &TestApp, email: &str) {
    let id = t.state.store.test_user_id(email).await.unwrap().expect("the shopper");
    t.state.store.test_answer_checkout_questions(id).await.unwrap();
}
