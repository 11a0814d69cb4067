//! Staff stock moves racing orders for the same item, on both databases: every move is answered
//! 200 and applied once, every order placed or refused as sold out (never a 5xx or a timeout), and
//! the quantity and the movements add up. On PostgreSQL this raced into deadlocks (issue 47) while
//! a move's row lock waited for an order's key share; `a_stock_move_does_not_wait_for_an_orders_
//! key_share` (host/db/tests/stock.rs) pins the lock itself.
use crate::{
    api_orders::{MAIN, Shopper, fresh, pantry, pickup, qty, stock, times, with_key},
    api_staff::token_of,
    api_support::TestApp,
    on_both,
};
use axum::{
    body::Body,
    http::{Method, Request, header},
};
use http_body_util::BodyExt;
use orderahead::db::seed::DEMO_STAFF_EMAIL;
use serde_json::{Value, json};
use tower::ServiceExt;

on_both!(stock_moves_racing_orders_are_each_applied_once);

const MOVES: usize = 20;
const ORDERS: usize = 40;
const STOCK: i32 = 10;

async fn stock_moves_racing_orders_are_each_applied_once(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let time = times(t, main, 1).await[0];
    let item = stock(t, main, STOCK).await;
    let mut shoppers: Vec<Shopper> = Vec::with_capacity(ORDERS);
    for _ in 0..ORDERS {
        shoppers.push(fresh(t).await);
    }
    let order = pickup(main, time, &[(item, 1)]).to_string();
    let received = json!({ "reason": "received", "units": 1 });
    let moves_uri = format!("/api/v1/staff/stock/{item}/movements");

    let mut requests: Vec<(bool, Request<Body>)> = Vec::new();
    for (i, s) in shoppers.iter().enumerate() {
        let req = Request::builder()
            .method(Method::POST)
            .uri("/api/v1/order")
            .header(header::AUTHORIZATION, format!("Bearer {}", s.token))
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(order.clone()))
            .unwrap();
        requests.push((false, req));
        if i % 2 == 0 {
            requests.push((true, with_key(&moves_uri, &staff, &format!("race-{i}"), &received)));
        }
    }
    let app = t.app();
    let tasks: Vec<_> = requests
        .into_iter()
        .map(|(is_move, req)| {
            let app = app.clone();
            tokio::spawn(async move {
                let res = app.oneshot(req).await.unwrap();
                let status = res.status().as_u16();
                let bytes = res.into_body().collect().await.unwrap().to_bytes();
                (is_move, status, serde_json::from_slice::<Value>(&bytes).unwrap())
            })
        })
        .collect();
    let (mut moved, mut placed) = (0, 0);
    for task in tasks {
        match task.await.unwrap() {
            (true, 200, _) => moved += 1,
            (false, 200, _) => placed += 1,
            (false, 422, body) => assert_eq!(body["failureReason"], "Inventory Exceeded", "{body}"),
            (is_move, status, body) => panic!("a {} answered {status}: {body}", if is_move { "move" } else { "order" }),
        }
    }
    assert_eq!(moved, MOVES, "every move is acknowledged");
    let on_hand = qty(t, item).await;
    assert_eq!(on_hand, i64::from(STOCK) + MOVES as i64 - placed, "each move and order counted once");
    assert!(placed >= i64::from(STOCK), "the first stock at least is sold: {placed}");
    let history = t.get(&moves_uri.replace("/movements", ""), Some(&staff)).await;
    let moves = history.value()["movements"].as_array().unwrap();
    let count = |reason: &str| moves.iter().filter(|m| m["reason"] == reason).count() as i64;
    assert_eq!((count("received"), count("order_placed")), (MOVES as i64, placed), "one movement each");
}
