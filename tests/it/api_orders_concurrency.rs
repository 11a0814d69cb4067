//! 200 shoppers order the last 50 units of one item at once: exactly 50 orders
//! are placed, each with its line, the rest are refused, and stock never goes
//! below zero (on both databases).
use crate::{
    api_orders::{MAIN, Shopper, counts, fresh, order_request, pantry, pickup, qty, stock, times},
    api_support::TestApp,
    on_both,
};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

on_both!(two_hundred_orders_for_fifty_units);

const SHOPPERS: usize = 200;
const STOCK: i32 = 50;

async fn two_hundred_orders_for_fifty_units(t: &TestApp) {
    let main = pantry(t, MAIN).await;
    let time = times(t, main, 1).await[0];
    let item = stock(t, main, STOCK).await;
    let mut shoppers: Vec<Shopper> = Vec::with_capacity(SHOPPERS);
    for _ in 0..SHOPPERS {
        shoppers.push(fresh(t).await);
    }
    let before = counts(t).await;
    let body = pickup(main, time, &[(item, 1)]).to_string();

    let app = t.app();
    let tasks: Vec<_> = shoppers
        .iter()
        .map(|s| {
            let req = order_request(&s.token, &body);
            let (app, token) = (app.clone(), s.token.clone());
            tokio::spawn(async move {
                let res = app.oneshot(req).await.unwrap();
                let status = res.status().as_u16();
                let bytes = res.into_body().collect().await.unwrap().to_bytes();
                (token, status, serde_json::from_slice::<Value>(&bytes).unwrap())
            })
        })
        .collect();

    let mut placed = Vec::new();
    let mut refused = 0;
    for task in tasks {
        let (token, status, body) = task.await.unwrap();
        match status {
            200 => placed.push((token, body["value"].as_i64().expect("order id"))),
            422 => {
                assert_eq!(body["failureReason"], "Inventory Exceeded", "{body}");
                refused += 1;
            }
            other => panic!("unexpected answer {other}: {body}"),
        }
    }
    assert_eq!(placed.len(), STOCK as usize, "exactly the stock is sold");
    assert_eq!(refused, SHOPPERS - STOCK as usize);
    assert_eq!(qty(t, item).await, 0, "stock ends at zero, never below");
    assert_eq!(counts(t).await, (before.0 + STOCK as u64, before.1 + STOCK as u64));
    for (token, id) in &placed {
        let r = t.get(&format!("/api/v1/orders/{id}/items"), Some(token)).await;
        let items = r.value().as_array().unwrap().clone();
        assert_eq!(items.len(), 1, "order {id}");
        assert_eq!(items[0]["pantryInventoryItemID"], item);
        assert_eq!(items[0]["quantity"], 1);
    }
}
