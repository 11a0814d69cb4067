//! An `Idempotency-Key` stands for one request for 24 hours: the same body (however
//! it is spelled) replays the first order, a different body is refused with 422, and
//! after 24 hours the key places a new order (on both databases).
use crate::{
    api_orders::{MAIN, counts, fresh, pantry, pickup, qty, stock, times, with_key},
    api_support::TestApp,
    on_both,
};
use axum::{
    body::Body,
    http::{Method, Request, header},
};
use sea_orm::{ConnectionTrait, DbBackend, Statement};

on_both!(a_key_reused_with_another_body_is_refused_and_expires);

const REUSED: &str = "This Idempotency-Key was already used for a different order. Use a new key for a new order.";

async fn a_key_reused_with_another_body_is_refused_and_expires(t: &TestApp) {
    let me = fresh(t).await;
    let main = pantry(t, MAIN).await;
    let time = times(t, main, 1).await[0];
    let item = stock(t, main, 20).await;
    let body = pickup(main, time, &[(item, 2)]);
    let before = counts(t).await;

    let first = t.send(with_key("/api/v1/order", &me.token, "k-1", &body)).await.value().as_i64().unwrap();
    // The same request spelled differently (key order, spacing, an unknown field) is a retry.
    let respelled = format!(
        "{{ \"pantryOrderItems\": [{{\"quantity\": 2, \"pantryInventoryItemID\": {item}}}], \
         \"pantryLocationPickupTimeID\": {time}, \"pantryLocationID\": {main}, \"note\": 1 }}"
    );
    let req = Request::builder()
        .method(Method::POST)
        .uri("/api/v1/order")
        .header(header::AUTHORIZATION, format!("Bearer {}", me.token))
        .header(header::CONTENT_TYPE, "application/json")
        .header("Idempotency-Key", "k-1")
        .body(Body::from(respelled))
        .unwrap();
    assert_eq!(t.send(req).await.value().as_i64(), Some(first));

    let other = pickup(main, time, &[(item, 3)]);
    let r = t.send(with_key("/api/v1/order", &me.token, "k-1", &other)).await;
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.failure(), REUSED);
    assert_eq!(counts(t).await, (before.0 + 1, before.1 + 1), "the refused request wrote nothing");
    assert_eq!(qty(t, item).await, 18);

    // A day and a bit later the key is free again: the other body places a new order
    // (the first is cancelled, so the pantry's orders-per-period limit stays out of it).
    assert_eq!(t.delete(&format!("/api/v1/orders/{first}"), Some(&me.token)).await.status, 200);
    let aged = orderahead::db::now() - chrono::Duration::hours(25);
    let sql = match t.db().get_database_backend() {
        DbBackend::Postgres => "UPDATE orders SET created_at = $1 WHERE id = $2",
        _ => "UPDATE orders SET created_at = ? WHERE id = ?",
    };
    t.db()
        .execute_raw(Statement::from_sql_and_values(t.db().get_database_backend(), sql, [aged.into(), first.into()]))
        .await
        .unwrap();
    let second = t.send(with_key("/api/v1/order", &me.token, "k-1", &other)).await.value().as_i64().unwrap();
    assert_ne!(second, first);
    assert_eq!(qty(t, item).await, 17);
    // And from now on the key replays the new order.
    let again = t.send(with_key("/api/v1/order", &me.token, "k-1", &other)).await.value().as_i64();
    assert_eq!(again, Some(second));
}
