//! Orders API: placing pickup and delivery orders, every refusal (with nothing
//! written), idempotent retries, cancel, cross-user access and malformed input (the changes
//! of an order's time and place are api_order_changes.rs).
use crate::{
    api_support::{ApiReply, DEMO_EMAIL, TestApp},
    on_both,
};
use axum::{
    body::Body,
    http::{Method, Request, header},
};
use chrono::{Duration, Utc};
use orderahead::domain::messages::{self, DELIVERY_ADDRESS_REQUIRED, ORDER_CANNOT_CHANGE};
use orderahead::domain::refusal::RefusalKind;
use serde_json::{Value, json};
use std::sync::atomic::{AtomicU32, Ordering};

on_both!(
    pickup_order_is_placed_and_read_back,
    delivery_order_keeps_the_address,
    delivery_refusals,
    refusals_write_nothing,
    idempotency_key_replays_the_first_order,
    cancel_gives_stock_back_once,
    other_users_orders_are_not_found,
    malformed_requests_are_4xx_envelopes,
    checkout_questions_are_enforced,
);

pub const MAIN: &str = "Columbus Metropolitan Library - Main Library";
pub const DRIVING_PARK: &str = "Columbus Metropolitan Library - Driving Park Branch";
pub const PARSONS: &str = "Columbus Metropolitan Library - Parsons Branch";
pub const FAITH_MISSION: &str = "Faith Mission";
pub const CHICAGO: &str = "Harold Washington Library Center";

pub struct Shopper {
    pub token: String,
}

/// The demo shopper, with the checkout's questions answered (see `checkout_questions_are_enforced`
/// for orders without them).
pub async fn demo(t: &TestApp) -> Shopper {
    let id = t.state.store.test_user_id(DEMO_EMAIL).await.unwrap().expect("demo shopper");
    t.state.store.test_answer_checkout_questions(id).await.unwrap();
    Shopper { token: t.state.tokens.issue(id, 0).unwrap() }
}

/// A new shopper without grants, eligibilities or orders, who has answered the checkout's questions.
pub async fn fresh(t: &TestApp) -> Shopper {
    let id = bare_shopper(t).await;
    t.state.store.test_answer_checkout_questions(id).await.unwrap();
    Shopper { token: t.state.tokens.issue(id, 0).unwrap() }
}

/// A new shopper who has answered nothing at all.
async fn bare_shopper(t: &TestApp) -> i64 {
    static N: AtomicU32 = AtomicU32::new(0);
    let email = format!("shopper{}-{}@example.org", N.fetch_add(1, Ordering::Relaxed), uuid::Uuid::new_v4());
    t.state.store.test_shopper(&email).await.unwrap()
}

pub async fn pantry(t: &TestApp, label: &str) -> i64 {
    t.state.store.test_pantry_id(label).await.unwrap().unwrap_or_else(|| panic!("pantry {label}"))
}

/// Pickup times of the pantry starting at least `days` days from now (so they can still
/// be changed: the cutoff counts from the pickup's start).
pub async fn times(t: &TestApp, pantry_id: i64, days: i64) -> Vec<i64> {
    let from = Utc::now() + Duration::days(days);
    let v: Vec<i64> = t
        .state
        .store
        .test_pickup_times(pantry_id)
        .await
        .unwrap()
        .into_iter()
        .filter(|(_, at)| *at > from)
        .map(|(id, _)| id)
        .collect();
    assert!(!v.is_empty(), "pantry {pantry_id} has pickup times {days} days out");
    v
}

pub async fn past_time(t: &TestApp, pantry_id: i64) -> i64 {
    let now = Utc::now();
    t.state
        .store
        .test_pickup_times(pantry_id)
        .await
        .unwrap()
        .into_iter()
        .find(|(_, at)| *at < now)
        .expect("a past pickup time")
        .0
}

pub async fn stock(t: &TestApp, pantry_id: i64, quantity: i32) -> i64 {
    t.state.store.test_stock(pantry_id, quantity, None).await.unwrap()
}

pub async fn qty(t: &TestApp, inventory_item_id: i64) -> i64 {
    t.state.store.test_inventory_quantity(inventory_item_id).await.unwrap().expect("inventory item")
}

pub async fn counts(t: &TestApp) -> (u64, u64) {
    t.state.store.test_order_counts().await.unwrap()
}

/// A demo product's stock at a pantry (None: delivery stock).
pub async fn named(t: &TestApp, pantry_id: Option<i64>, name: &str) -> (i64, i64, Option<String>, Option<i64>) {
    let rows = t.state.store.test_inventory(pantry_id).await.unwrap();
    let (id, _, q, source, program) =
        rows.into_iter().find(|r| r.1 == name).unwrap_or_else(|| panic!("{name} in stock"));
    (id, q, source, program)
}

/// Place Order as the shopper of `token` sends it, with the JSON `body`: for the burst tests,
/// which send many at once through one router.
pub fn order_request(token: &str, body: &str) -> Request<Body> {
    Request::builder()
        .method(Method::POST)
        .uri("/api/v1/order")
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_owned()))
        .unwrap()
}

pub fn pickup(pantry_id: i64, time_id: i64, items: &[(i64, i64)]) -> Value {
    json!({
        "pantryLocationID": pantry_id,
        "pantryLocationPickupTimeID": time_id,
        "foodBankDeliveryTimeID": null,
        "foodInsecureNeighborAddressID": null,
        "pantryOrderItems": lines(items),
    })
}

pub fn delivery(time_id: i64, address_id: Option<i64>, items: &[(i64, i64)]) -> Value {
    json!({
        "pantryLocationID": null,
        "pantryLocationPickupTimeID": null,
        "foodBankDeliveryTimeID": time_id,
        "foodInsecureNeighborAddressID": address_id,
        "pantryOrderItems": lines(items),
    })
}

pub fn lines(items: &[(i64, i64)]) -> Value {
    items.iter().map(|(id, q)| json!({ "pantryInventoryItemID": id, "isSubstituteOk": false, "quantity": q })).collect()
}

pub async fn place(t: &TestApp, who: &Shopper, body: Value) -> i64 {
    let r = t.post("/api/v1/order", Some(&who.token), body).await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.value().as_i64().expect("order id")
}

pub fn with_key(uri: &str, token: &str, key: &str, body: &Value) -> Request<Body> {
    Request::builder()
        .method(Method::POST)
        .uri(uri)
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json")
        .header("Idempotency-Key", key)
        .body(Body::from(body.to_string()))
        .unwrap()
}

/// What a refusal is expected to be: its exact English text, or a kind (its text and its code).
pub trait Expected {
    fn check(&self, r: &ApiReply);
}

impl Expected for &str {
    fn check(&self, r: &ApiReply) {
        assert_eq!(r.failure(), *self);
    }
}

impl Expected for RefusalKind {
    fn check(&self, r: &ApiReply) {
        assert_eq!(r.failure(), self.english);
        assert_eq!(r.body["failureCode"], self.code, "{}", r.body);
    }
}

pub fn refused(r: &ApiReply, expected: impl Expected) {
    assert_eq!(r.status, 422, "{}", r.body);
    expected.check(r);
}

async fn pickup_order_is_placed_and_read_back(t: &TestApp) {
    let me = demo(t).await;
    let main = pantry(t, MAIN).await;
    let time = times(t, main, 2).await[0];
    let mine = stock(t, main, 10).await;
    // A TEFAP product: the demo shopper is eligible in Central Ohio.
    let (spaghetti, spaghetti_before, source, _) = named(t, Some(main), "Spaghetti").await;
    assert_eq!(source.as_deref(), Some("TEFAP"));
    let before = counts(t).await;

    let id = place(t, &me, pickup(main, time, &[(mine, 3), (spaghetti, 1), (mine, 1)])).await;

    assert_eq!(qty(t, mine).await, 6);
    assert_eq!(qty(t, spaghetti).await, spaghetti_before - 1);
    assert_eq!(counts(t).await, (before.0 + 1, before.1 + 2), "one order, one line per item");

    let o = t.get(&format!("/api/v1/orders/{id}"), Some(&me.token)).await;
    let o = o.value();
    assert_eq!(o["id"], id);
    assert_eq!(o["pantryLocationID"], main);
    assert_eq!(o["pantryLocation"]["label"], MAIN);
    assert_eq!(o["pantryLocation"]["address"]["province"], "OH");
    assert_eq!(o["pantryLocationPickupTimeID"], time);
    assert_eq!(o["pantryLocationPickupTime"]["id"], time);
    assert!(o.get("foodBankDeliveryTimeID").is_none(), "pickup orders have no delivery fields: {o}");
    assert_eq!(o["pantryOrderStatusType"]["name"], "Submitted");
    assert_eq!(o["pantryOrderStatusType"]["isInProgressType"], true);
    assert_eq!(o["pantryOrderStatusType"]["isCancelledType"], false);
    assert_eq!(o["canChangeOrCancel"], true);
    assert_eq!(o["isUpcoming"], true);
    // At the Columbus pantry's wall clock with its offset (Eastern time), the instant unchanged.
    let placed = o["created"].as_str().unwrap();
    assert!(placed.ends_with("-05:00") || placed.ends_with("-04:00"), "{placed}");
    assert!(chrono::DateTime::parse_from_rfc3339(placed).is_ok(), "{placed}");

    let list = t.get("/api/v1/orders", Some(&me.token)).await;
    let list = list.value().as_array().unwrap().clone();
    assert_eq!(list[0]["id"], id, "newest first");
    assert_eq!(list.len(), 5, "the demo shopper's four orders and this one");
    let created: Vec<chrono::DateTime<chrono::FixedOffset>> =
        list.iter().map(|o| chrono::DateTime::parse_from_rfc3339(o["created"].as_str().unwrap()).unwrap()).collect();
    assert!(created.windows(2).all(|w| w[0] >= w[1]), "{created:?}");

    let items = t.get(&format!("/api/v1/orders/{id}/items"), Some(&me.token)).await;
    let items = items.value().as_array().unwrap().clone();
    assert_eq!(items.len(), 2);
    let line = |inv: i64| items.iter().find(|l| l["pantryInventoryItemID"] == inv).unwrap().clone();
    assert_eq!(line(mine)["quantity"], 4);
    assert_eq!(line(mine)["pantryInventoryItem"]["weightPounds"], 1.5);
    assert_eq!(line(spaghetti)["quantity"], 1);
    assert_eq!(line(spaghetti)["pantryInventoryItem"]["id"], spaghetti);
    assert_eq!(line(spaghetti)["pantryInventoryItem"]["pantryItem"]["name"], "Spaghetti");
    assert_eq!(line(spaghetti)["pantryInventoryItem"]["pantryItem"]["description"], "Enriched spaghetti.");
    let photos = line(spaghetti)["pantryInventoryItem"]["attachmentCollection"].as_array().unwrap().clone();
    assert!(photos[0]["attachment"]["storagePath"].as_str().unwrap().ends_with("spaghetti.svg"), "{photos:?}");
}

async fn delivery_order_keeps_the_address(t: &TestApp) {
    let me = demo(t).await;
    let orders = t.get("/api/v1/orders", Some(&me.token)).await.value().clone();
    let demo_delivery =
        orders.as_array().unwrap().iter().find(|o| o.get("foodBankDeliveryTimeID").is_some()).unwrap().clone();
    let home = demo_delivery["foodInsecureNeighborAddressID"].as_i64().unwrap();
    let (rice, rice_before, _, program) = named(t, None, "Long Grain White Rice").await;
    let later = Utc::now() + Duration::days(2);
    let window = t
        .state
        .store
        .test_delivery_times()
        .await
        .unwrap()
        .into_iter()
        .find(|(_, p, at)| Some(*p) == program && *at > later)
        .expect("a delivery window of the rice's program")
        .0;
    let before = counts(t).await;

    let id = place(t, &me, delivery(window, Some(home), &[(rice, 2)])).await;

    assert_eq!(qty(t, rice).await, rice_before - 2);
    assert_eq!(counts(t).await, (before.0 + 1, before.1 + 1));
    let o = t.get(&format!("/api/v1/orders/{id}"), Some(&me.token)).await.value().clone();
    assert_eq!(o["foodBankDeliveryTimeID"], window);
    assert_eq!(o["foodBankDeliveryTime"]["id"], window);
    assert_eq!(o["foodBankDeliveryTime"]["entityDeliveryProgramID"], program.unwrap());
    assert!(o.get("pantryLocationPickupTimeID").is_none(), "absent means delivery: {o}");
    assert!(o.get("pantryLocationID").is_none());
    assert_eq!(o["foodInsecureNeighborAddressID"], home);
    assert_eq!(o["foodInsecureNeighborAddress"]["name"], "Home");
    assert_eq!(o["foodInsecureNeighborAddress"]["address"]["addressLine1"], "500 S Front St");
    assert_eq!(o["foodInsecureNeighborAddress"]["address"]["province"], "OH");
    assert_eq!(o["canChangeOrCancel"], true);
    let items = t.get(&format!("/api/v1/orders/{id}/items"), Some(&me.token)).await.value().clone();
    assert_eq!(items[0]["pantryInventoryItem"]["pantryItem"]["name"], "Long Grain White Rice");
    assert_eq!(items[0]["quantity"], 2);
}

async fn delivery_refusals(t: &TestApp) {
    let me = demo(t).await;
    let stranger = fresh(t).await;
    let orders = t.get("/api/v1/orders", Some(&me.token)).await.value().clone();
    let demo_delivery =
        orders.as_array().unwrap().iter().find(|o| o.get("foodBankDeliveryTimeID").is_some()).unwrap().clone();
    let home = demo_delivery["foodInsecureNeighborAddressID"].as_i64().unwrap();
    let window = demo_delivery["foodBankDeliveryTimeID"].as_i64().unwrap();
    let (rice, rice_before, _, _) = named(t, None, "Long Grain White Rice").await;
    let before = counts(t).await;

    let r = t.post("/api/v1/order", Some(&me.token), delivery(window, None, &[(rice, 1)])).await;
    refused(&r, DELIVERY_ADDRESS_REQUIRED);
    // No delivery rights: the stranger is refused before the address is looked at.
    let r = t.post("/api/v1/order", Some(&stranger.token), delivery(window, Some(home), &[(rice, 1)])).await;
    refused(&r, messages::NO_AVAILABLE_DELIVERY_TIMES);
    // Someone else's saved address is not found, like a missing one.
    let r = t.post("/api/v1/order", Some(&me.token), delivery(window, Some(home + 10_000), &[(rice, 1)])).await;
    assert_eq!(r.status, 404, "{}", r.body);
    assert!(!r.failure().is_empty());
    // A delivery window plus a pantry is not a real selection.
    let main = pantry(t, MAIN).await;
    let mut both = delivery(window, Some(home), &[(rice, 1)]);
    both["pantryLocationID"] = json!(main);
    refused(&t.post("/api/v1/order", Some(&me.token), both).await, messages::INVALID_PICKUP_TIME);

    assert_eq!(counts(t).await, before);
    assert_eq!(qty(t, rice).await, rice_before);
}

async fn refusals_write_nothing(t: &TestApp) {
    let me = demo(t).await;
    let stranger = fresh(t).await;
    let main = pantry(t, MAIN).await;
    let time = times(t, main, 1).await[0];
    let mine = stock(t, main, 3).await;
    let plenty = stock(t, main, 100).await;
    let (turkey, turkey_before, _, _) = named(t, Some(main), "Whole Turkey").await;
    let (spaghetti, spaghetti_before, _, _) = named(t, Some(main), "Spaghetti").await;
    let faith = pantry(t, FAITH_MISSION).await;
    let faith_time = times(t, faith, 1).await[0];
    let before = counts(t).await;

    let post = |who: &Shopper, body: Value| {
        let token = who.token.clone();
        async move { t.post("/api/v1/order", Some(&token), body).await }
    };

    // A pantry without a pickup time, or a time of another pantry.
    let mut no_time = pickup(main, time, &[(mine, 1)]);
    no_time["pantryLocationPickupTimeID"] = Value::Null;
    refused(&post(&me, no_time).await, "Invalid pickup time");
    refused(&post(&me, pickup(main, faith_time, &[(mine, 1)])).await, "Invalid pickup time");
    refused(&post(&me, pickup(main, 987_654, &[(mine, 1)])).await, "Invalid pickup time");
    refused(&post(&me, pickup(main, time, &[])).await, "There are no products in your cart");
    refused(
        &post(&me, pickup(main, past_time(t, main).await, &[(mine, 1)])).await,
        "The selected pickup time is no longer available.",
    );
    let referral = post(&stranger, pickup(faith, faith_time, &[(mine, 1)])).await;
    refused(&referral, "Faith Mission requires a referral code");
    assert_eq!(referral.body["failureCode"], "referralCodeRequired");
    assert_eq!(referral.body["failureData"], json!({ "pantry": "Faith Mission" }));
    // The demo shopper already has a turkey on order (1 per account).
    refused(&post(&me, pickup(main, time, &[(turkey, 1)])).await, "This item has a limit of 1 per account");
    // Central Ohio allows 30 items per order.
    let over = post(&me, pickup(main, time, &[(plenty, 30), (mine, 1)])).await;
    refused(&over, "There is a limit of 30 items per order");
    // Clients word refusals by code and data (issue 11) rather than by the English text.
    assert_eq!(
        (&over.body["failureCode"], &over.body["failureData"]),
        (&json!("itemsPerOrder"), &json!({ "limit": 30 }))
    );
    refused(&post(&me, pickup(main, time, &[(mine, 4)])).await, "Inventory Exceeded");
    refused(&post(&me, pickup(main, time, &[(mine, 2), (mine, 2)])).await, "Inventory Exceeded");
    refused(&post(&me, pickup(main, time, &[(mine, 1), (987_654, 1)])).await, "No Available Stock");
    // TEFAP items are invisible to a shopper who is not eligible.
    refused(&post(&stranger, pickup(main, time, &[(spaghetti, 1)])).await, "No Available Stock");

    assert_eq!(counts(t).await, before);
    assert_eq!(qty(t, mine).await, 3);
    assert_eq!(qty(t, plenty).await, 100);
    assert_eq!(qty(t, turkey).await, turkey_before);
    assert_eq!(qty(t, spaghetti).await, spaghetti_before);
    // The same shapes succeed once they are right, so the refusals above were the rules'.
    place(t, &me, pickup(main, time, &[(plenty, 30)])).await;
    place(t, &stranger, pickup(main, time, &[(mine, 3)])).await;
    assert_eq!(qty(t, mine).await, 0);
}

async fn idempotency_key_replays_the_first_order(t: &TestApp) {
    let me = demo(t).await;
    let other = fresh(t).await;
    let main = pantry(t, MAIN).await;
    let time = times(t, main, 1).await[0];
    let mine = stock(t, main, 20).await;
    let body = pickup(main, time, &[(mine, 2)]);
    let before = counts(t).await;

    let first = t.send(with_key("/api/v1/order", &me.token, "retry-1", &body)).await.value().clone();
    let again = t.send(with_key("/api/v1/order", &me.token, "retry-1", &body)).await.value().clone();
    assert_eq!(first, again);
    assert_eq!(counts(t).await, (before.0 + 1, before.1 + 1));
    assert_eq!(qty(t, mine).await, 18);
    // Keys are per shopper.
    let theirs = t.send(with_key("/api/v1/order", &other.token, "retry-1", &body)).await.value().clone();
    assert_ne!(theirs, first);
    assert_eq!(qty(t, mine).await, 16);

    // Concurrent retries with one key: one order.
    let app = t.app();
    let tasks: Vec<_> = (0..8)
        .map(|_| {
            let (app, req) = (app.clone(), with_key("/api/v1/order", &me.token, "retry-2", &body));
            tokio::spawn(async move {
                use http_body_util::BodyExt;
                use tower::ServiceExt;
                let res = app.oneshot(req).await.unwrap();
                let status = res.status().as_u16();
                let bytes = res.into_body().collect().await.unwrap().to_bytes();
                (status, serde_json::from_slice::<Value>(&bytes).unwrap())
            })
        })
        .collect();
    let mut ids = Vec::new();
    for task in tasks {
        let (status, body) = task.await.unwrap();
        assert_eq!(status, 200, "{body}");
        ids.push(body["value"].as_i64().unwrap());
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "{ids:?}");
    assert_eq!(counts(t).await, (before.0 + 3, before.1 + 3));
    assert_eq!(qty(t, mine).await, 14);
}

async fn cancel_gives_stock_back_once(t: &TestApp) {
    let me = demo(t).await;
    let main = pantry(t, MAIN).await;
    let time = times(t, main, 2).await[0];
    let mine = stock(t, main, 10).await;
    let id = place(t, &me, pickup(main, time, &[(mine, 4)])).await;
    assert_eq!(qty(t, mine).await, 6);

    let r = t.delete(&format!("/api/v1/orders/{id}"), Some(&me.token)).await;
    let o = r.value();
    assert_eq!(o["pantryOrderStatusType"]["isCancelledType"], true);
    assert_eq!(o["canChangeOrCancel"], false);
    assert_eq!(qty(t, mine).await, 10);
    let shown = t.get(&format!("/api/v1/orders/{id}"), Some(&me.token)).await.value().clone();
    assert_eq!(shown["pantryOrderStatusType"]["name"], "Cancelled");

    refused(&t.delete(&format!("/api/v1/orders/{id}"), Some(&me.token)).await, ORDER_CANNOT_CHANGE);
    assert_eq!(qty(t, mine).await, 10, "a second cancel gives nothing back");

    // Completed orders cannot be cancelled either.
    let other = place(t, &me, pickup(main, time, &[(mine, 1)])).await;
    t.state.store.test_set_order_status(other, orderahead::domain::orders::StatusType::Completed.id()).await.unwrap();
    refused(&t.delete(&format!("/api/v1/orders/{other}"), Some(&me.token)).await, ORDER_CANNOT_CHANGE);
    assert_eq!(qty(t, mine).await, 9);
    // An order whose pickup day is past the cutoff.
    let orders = t.get("/api/v1/orders", Some(&me.token)).await.value().clone();
    let old = orders
        .as_array()
        .unwrap()
        .iter()
        // Status 5, completed, is "Picked Up" (PICKED_UP) since the staff side.
        .find(|o| o["pantryOrderStatusType"]["code"] == "PICKED_UP" && o["id"] != other)
        .unwrap()
        .clone();
    refused(&t.delete(&format!("/api/v1/orders/{}", old["id"]), Some(&me.token)).await, ORDER_CANNOT_CHANGE);
}

async fn other_users_orders_are_not_found(t: &TestApp) {
    let me = demo(t).await;
    let stranger = fresh(t).await;
    let orders = t.get("/api/v1/orders", Some(&me.token)).await.value().clone();
    let upcoming = orders
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["canChangeOrCancel"] == true && o.get("pantryLocationID").is_some())
        .unwrap()
        .clone();
    let id = upcoming["id"].as_i64().unwrap();
    let main = pantry(t, MAIN).await;
    let time = times(t, main, 1).await[0];

    assert_eq!(t.get("/api/v1/orders", Some(&stranger.token)).await.value(), &json!([]));
    for r in [
        t.get(&format!("/api/v1/orders/{id}"), Some(&stranger.token)).await,
        t.get(&format!("/api/v1/orders/{id}/items"), Some(&stranger.token)).await,
        t.delete(&format!("/api/v1/orders/{id}"), Some(&stranger.token)).await,
        t.put(&format!("/api/v1/orders/{id}/pickuptime/{time}"), Some(&stranger.token), json!({})).await,
        t.put(
            &format!("/api/v1/orders/{id}/location"),
            Some(&stranger.token),
            json!({ "OrderId": id, "LocationId": main, "PickupTimeId": time }),
        )
        .await,
        t.get("/api/v1/orders/987654", Some(&me.token)).await,
    ] {
        assert_eq!(r.status, 404, "{}", r.body);
        assert_eq!(r.failure(), "Order not found");
    }
    let after = t.get(&format!("/api/v1/orders/{id}"), Some(&me.token)).await.value().clone();
    assert_eq!(after, upcoming, "the owner's order is untouched");
    // Without a token every call is a 401.
    for r in [
        t.get("/api/v1/orders", None).await,
        t.get(&format!("/api/v1/orders/{id}"), None).await,
        t.post("/api/v1/order", None, pickup(main, time, &[(1, 1)])).await,
        t.delete(&format!("/api/v1/orders/{id}"), None).await,
    ] {
        assert_eq!(r.status, 401, "{}", r.body);
        assert!(!r.failure().is_empty());
    }
}

async fn malformed_requests_are_4xx_envelopes(t: &TestApp) {
    let me = demo(t).await;
    let main = pantry(t, MAIN).await;
    let time = times(t, main, 1).await[0];
    let mine = stock(t, main, 10).await;
    let before = counts(t).await;
    let raw = |method: Method, uri: &str, body: &str, content_type: Option<&str>| {
        let mut req =
            Request::builder().method(method).uri(uri).header(header::AUTHORIZATION, format!("Bearer {}", me.token));
        if let Some(ct) = content_type {
            req = req.header(header::CONTENT_TYPE, ct);
        }
        req.body(Body::from(body.to_owned())).unwrap()
    };
    let json_ct = Some("application/json");

    let cases = [
        (raw(Method::POST, "/api/v1/order", "{not json", json_ct), 400),
        (raw(Method::POST, "/api/v1/order", &pickup(main, time, &[(mine, 1)]).to_string(), None), 415),
        (raw(Method::POST, "/api/v1/order", r#"{"pantryLocationID": 1}"#, json_ct), 400),
        (raw(Method::POST, "/api/v1/order", &json!({ "pantryLocationID": "main", "pantryOrderItems": [] }).to_string(), json_ct), 400),
        (raw(Method::POST, "/api/v1/order", &json!({ "pantryLocationID": main, "pantryLocationPickupTimeID": time, "pantryOrderItems": [{ "pantryInventoryItemID": mine, "quantity": "two" }] }).to_string(), json_ct), 400),
        (raw(Method::POST, "/api/v1/order", &pickup(main, time, &[(mine, 0)]).to_string(), json_ct), 400),
        (raw(Method::POST, "/api/v1/order", &pickup(main, time, &[(mine, -3)]).to_string(), json_ct), 400),
        (raw(Method::POST, "/api/v1/order", &pickup(main, time, &[(mine, 1_000_000)]).to_string(), json_ct), 400),
        (raw(Method::POST, "/api/v1/order", &pickup(main, time, &[(mine, 1)]).to_string().repeat(2), json_ct), 400),
        (raw(Method::GET, "/api/v1/orders/abc", "", None), 400),
        (raw(Method::PUT, "/api/v1/orders/1/pickuptime/soon", "", None), 400),
        (raw(Method::PUT, "/api/v1/orders/1/location", r#"{"OrderId": 1}"#, json_ct), 400),
    ];
    for (req, status) in cases {
        let what = format!("{} {}", req.method(), req.uri());
        let r = t.send(req).await;
        assert_eq!(r.status, status, "{what}: {}", r.body);
        assert!(!r.failure().is_empty(), "{what}");
    }
    let r = t.send(with_key("/api/v1/order", &me.token, &"k".repeat(300), &pickup(main, time, &[(mine, 1)]))).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.failure().contains("Idempotency-Key"));

    assert_eq!(counts(t).await, before, "nothing written");
    assert_eq!(qty(t, mine).await, 10);
}

/// Place Order refuses, in the checkout's order, a shopper who skipped the eligibility screening
/// or the survey round the checkout asks, names the step to go back to, and writes nothing.
async fn checkout_questions_are_enforced(t: &TestApp) {
    let id = bare_shopper(t).await;
    let token = t.state.tokens.issue(id, 0).unwrap();
    let main = pantry(t, MAIN).await;
    let time = times(t, main, 1).await[0];
    let mine = stock(t, main, 10).await;
    let order = pickup(main, time, &[(mine, 1)]);
    let before = counts(t).await;
    let due = |r: &ApiReply, step: &str, kind: RefusalKind| {
        refused(r, kind);
        assert_eq!(r.body["value"]["step"], step, "{}", r.body);
    };

    let r = t.post("/api/v1/order", Some(&token), order.clone()).await;
    due(&r, "eligibility", messages::ELIGIBILITY_QUESTIONS_DUE);
    // An ineligible screening does not count either.
    let answers =
        |code: i64| json!({ "worriedFoodWillRunOut": code, "foodDidNotLast": code, "receivedCharityFood": 3 });
    assert_eq!(t.post("/api/v1/account/eligibilitystatus", Some(&token), answers(3)).await.status, 422);
    due(
        &t.post("/api/v1/order", Some(&token), order.clone()).await,
        "eligibility",
        messages::ELIGIBILITY_QUESTIONS_DUE,
    );
    assert_eq!(t.post("/api/v1/account/eligibilitystatus", Some(&token), answers(1)).await.value(), &json!(true));

    // Central Ohio asks all nine survey questions, four per checkout.
    let coh = t.get(&format!("/api/v1/locations/{main}"), None).await.value()["foodBankID"].as_i64().unwrap();
    due(&t.post("/api/v1/order", Some(&token), order.clone()).await, "survey", messages::SURVEY_QUESTIONS_DUE);
    assert_eq!(counts(t).await, before, "refusals write nothing");
    assert_eq!(qty(t, mine).await, 10);
    let round = json!({ "foodBankId": coh, "householdMembersResponse": 2, "street": "1 Main St", "city": "Columbus", "state": "OH" });
    assert_eq!(t.post("/api/v1/account/survey", Some(&token), round).await.value(), &json!(true));
    place(t, &Shopper { token: token.clone() }, order.clone()).await;
    assert_eq!(qty(t, mine).await, 9);

    // The next order asks the next round: questions are still left.
    let status = t.get(&format!("/api/v1/account/surveystatus/{coh}"), Some(&token)).await.value().clone();
    assert_eq!(status["isRaceEnabledAndUnanswered"], true);
    due(&t.post("/api/v1/order", Some(&token), order.clone()).await, "survey", messages::SURVEY_QUESTIONS_DUE);
    let gender = t.get("/api/v1/genders", None).await.value()[0]["id"].clone();
    let race = t.get("/api/v1/races", None).await.value()[0]["id"].clone();
    let year = Utc::now().format("%Y").to_string().parse::<i64>().unwrap() - 30;
    let rest = json!({
        "foodBankId": coh, "dateOfBirth": { "month": 5, "year": year }, "genderId": gender, "raceId": race,
        "howDidYouHear": "A neighbour", "participationResponse": {}
    });
    assert_eq!(t.post("/api/v1/account/survey", Some(&token), rest).await.value(), &json!(true));
    place(t, &Shopper { token: token.clone() }, order.clone()).await;
    // Everything answered: no round is due any more.
    place(t, &Shopper { token: token.clone() }, order).await;
    assert_eq!(qty(t, mine).await, 7);
}
