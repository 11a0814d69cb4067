//! Slot capacity: 200 shoppers order at once in a pickup time with room for 10: exactly 10 are
//! placed and the rest refused as full; a cancel gives its place back; moving an order into a full
//! time is refused and moving it out frees its place (on both databases).
use crate::{
    api_orders::{MAIN, Shopper, fresh, order_request, pantry, pickup, stock, times},
    api_support::TestApp,
    on_both,
};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

on_both!(two_hundred_orders_for_ten_places);
on_both!(a_cancel_or_a_move_gives_the_place_back);

const SHOPPERS: usize = 200;
const CAPACITY: i32 = 10;
const FULL: &str = "This pickup time is full. Please choose another time.";

async fn two_hundred_orders_for_ten_places(t: &TestApp) {
    let main = pantry(t, MAIN).await;
    let time = times(t, main, 1).await[0];
    // The demo's own orders may hold places already: room for exactly CAPACITY more.
    let held = t.state.store.test_booked(time).await.unwrap();
    t.state.store.test_set_capacity(time, Some(held + CAPACITY)).await.unwrap();
    let item = stock(t, main, 1000).await;
    let mut shoppers: Vec<Shopper> = Vec::with_capacity(SHOPPERS);
    for _ in 0..SHOPPERS {
        shoppers.push(fresh(t).await);
    }
    let body = pickup(main, time, &[(item, 1)]).to_string();
    let app = t.app();
    let tasks: Vec<_> = shoppers
        .iter()
        .map(|s| {
            let req = order_request(&s.token, &body);
            let app = app.clone();
            tokio::spawn(async move {
                let res = app.oneshot(req).await.unwrap();
                let status = res.status().as_u16();
                let bytes = res.into_body().collect().await.unwrap().to_bytes();
                (status, serde_json::from_slice::<Value>(&bytes).unwrap())
            })
        })
        .collect();
    let (mut placed, mut full) = (0, 0);
    for task in tasks {
        let (status, body) = task.await.unwrap();
        match status {
            200 => placed += 1,
            422 => {
                assert_eq!(body["failureReason"], FULL, "{body}");
                assert_eq!(body["failureCode"], "pickupTimeFull", "{body}");
                full += 1;
            }
            other => panic!("unexpected answer {other}: {body}"),
        }
    }
    assert_eq!(placed, CAPACITY, "exactly the capacity is booked");
    assert_eq!(full, SHOPPERS as i32 - CAPACITY);
    assert_eq!(t.state.store.test_booked(time).await.unwrap(), held + CAPACITY);
    // The API shows the time as full.
    let r = t.get(&format!("/api/v1/locations/{main}"), None).await;
    let shown = r.value()["pantryLocationPickupTimes"]
        .as_array()
        .expect("pickup times")
        .iter()
        .find(|x| x["id"] == time)
        .cloned()
        .expect("the full time is still listed");
    assert_eq!(shown["capacity"], held + CAPACITY);
    assert_eq!(shown["remaining"], 0);
}

async fn a_cancel_or_a_move_gives_the_place_back(t: &TestApp) {
    let main = pantry(t, MAIN).await;
    let slots = times(t, main, 1).await;
    // Two times no demo order holds.
    let mut free = Vec::new();
    for id in slots {
        if t.state.store.test_booked(id).await.unwrap() == 0 {
            free.push(id);
        }
    }
    let (small, other) = (free[0], free[1]);
    t.state.store.test_set_capacity(small, Some(1)).await.unwrap();
    let item = stock(t, main, 100).await;
    let (a, b) = (fresh(t).await, fresh(t).await);

    let first = t.post("/api/v1/order", Some(&a.token), pickup(main, small, &[(item, 1)])).await;
    assert_eq!(first.status, 200, "{}", first.body);
    let order_a = first.value().as_i64().unwrap();
    let refused = t.post("/api/v1/order", Some(&b.token), pickup(main, small, &[(item, 1)])).await;
    assert_eq!((refused.status, refused.body["failureCode"].clone()), (422, json!("pickupTimeFull")));

    // B orders at another time, then cannot move into the full one.
    let second = t.post("/api/v1/order", Some(&b.token), pickup(main, other, &[(item, 1)])).await;
    assert_eq!(second.status, 200, "{}", second.body);
    let order_b = second.value().as_i64().unwrap();
    let moved = t.put(&format!("/api/v1/orders/{order_b}/pickuptime/{small}"), Some(&b.token), json!({})).await;
    assert_eq!(moved.body["failureCode"], "pickupTimeFull", "{}", moved.body);
    assert_eq!(t.state.store.test_booked(other).await.unwrap(), 1, "the refused move kept B's place");

    // A moves out: the small time has room again, and B can move in.
    let out = t.put(&format!("/api/v1/orders/{order_a}/pickuptime/{other}"), Some(&a.token), json!({})).await;
    assert_eq!(out.status, 200, "{}", out.body);
    assert_eq!(t.state.store.test_booked(small).await.unwrap(), 0);
    assert_eq!(t.state.store.test_booked(other).await.unwrap(), 2);
    let moved = t.put(&format!("/api/v1/orders/{order_b}/pickuptime/{small}"), Some(&b.token), json!({})).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    assert_eq!(t.state.store.test_booked(small).await.unwrap(), 1);

    // B cancels: the place is free for A again.
    let cancelled = t.delete(&format!("/api/v1/orders/{order_b}"), Some(&b.token)).await;
    assert_eq!(cancelled.status, 200, "{}", cancelled.body);
    assert_eq!(t.state.store.test_booked(small).await.unwrap(), 0);
    let back = t.put(&format!("/api/v1/orders/{order_a}/pickuptime/{small}"), Some(&a.token), json!({})).await;
    assert_eq!(back.status, 200, "{}", back.body);
}
