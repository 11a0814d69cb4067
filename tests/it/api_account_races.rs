//! One shopper's own rows under concurrent writes, on both databases: editing and deleting the
//! same saved address, competing primary addresses and parallel favourites never answer 5xx or
//! a conflict, and leave consistent rows (one primary at most, one favourite).
use crate::{
    api_account::{address, register, unique_email},
    api_support::TestApp,
    on_both,
};
use axum::{
    body::Body,
    http::{Method, Request, header},
};
use serde_json::Value;
use tower::ServiceExt;

on_both!(address_edits_deletes_and_primaries_race_without_errors, parallel_favourites_leave_one);

/// Starts the request at once on its own task; the handle answers its status.
fn send(t: &TestApp, method: Method, uri: String, token: &str, body: Option<Value>) -> tokio::task::JoinHandle<u16> {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    let app = t.app();
    tokio::spawn(async move { app.oneshot(req).await.unwrap().status().as_u16() })
}

async fn all(calls: Vec<tokio::task::JoinHandle<u16>>) -> Vec<u16> {
    let mut out = Vec::with_capacity(calls.len());
    for call in calls {
        out.push(call.await.unwrap());
    }
    out
}

async fn address_edits_deletes_and_primaries_race_without_errors(t: &TestApp) {
    let token = register(t, &unique_email("races")).await;
    let post = |body| t.post("/api/v1/account/addresses", Some(&token), body);
    let a = post(address("A", true)).await.value()["id"].as_i64().unwrap();
    let b = post(address("B", false)).await.value()["id"].as_i64().unwrap();

    let mut calls = Vec::new();
    for i in 0..30 {
        let (method, uri, body) = match i % 3 {
            0 => (Method::PUT, format!("/api/v1/account/addresses/{a}"), Some(address(&format!("A{i}"), i % 2 == 0))),
            1 => (Method::DELETE, format!("/api/v1/account/addresses/{a}"), None),
            _ => (Method::PUT, format!("/api/v1/account/addresses/{b}"), Some(address(&format!("B{i}"), true))),
        };
        calls.push(send(t, method, uri, &token, body));
    }
    let statuses = all(calls).await;
    for (i, status) in statuses.iter().enumerate() {
        let on_b = i % 3 == 2;
        // B is never deleted: every write to it lands. A answers 404 once it is gone.
        let allowed: &[u16] = if on_b { &[200] } else { &[200, 404] };
        assert!(allowed.contains(status), "call {i}: {status} ({statuses:?})");
    }
    let deleted = statuses.iter().enumerate().filter(|(i, s)| i % 3 == 1 && **s == 200).count();
    assert_eq!(deleted, 1, "A is deleted exactly once");

    let list = t.get("/api/v1/account/addresses", Some(&token)).await.value().as_array().unwrap().clone();
    let ids: Vec<i64> = list.iter().map(|x| x["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, vec![b], "A is gone, B stays");
    assert_eq!(list.iter().filter(|x| x["isPrimary"] == true).count(), 1, "one primary");
}

async fn parallel_favourites_leave_one(t: &TestApp) {
    use sea_orm::{ConnectionTrait, Statement};
    let token = register(t, &unique_email("favourites")).await;
    let pantries = t
        .get("/api/v1/locations?lat=39.9612&lng=-82.9988&radiusMiles=20", None)
        .await
        .value()
        .as_array()
        .unwrap()
        .clone();
    let ids: Vec<i64> = pantries.iter().take(8).map(|p| p["id"].as_i64().unwrap()).collect();
    assert!(ids.len() >= 4, "demo pantries near 43215");
    let calls = ids
        .iter()
        .cycle()
        .take(24)
        .map(|id| send(t, Method::PUT, format!("/api/v1/account/favorite/{id}"), &token, None))
        .collect();
    let statuses = all(calls).await;
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");

    let user = t.get("/api/v1/account/profile", Some(&token)).await.value()["id"].as_i64().unwrap();
    let backend = t.db().get_database_backend();
    let row = t
        .db()
        .query_one_raw(Statement::from_string(
            backend,
            format!("SELECT COUNT(*) AS n FROM favorite_pantries WHERE user_id = {user}"),
        ))
        .await
        .unwrap()
        .unwrap();
    let n: i64 = row.try_get("", "n").unwrap();
    assert_eq!(n, 1, "one favourite row");
    let favourite = t.get("/api/v1/account/favorite", Some(&token)).await.value()["id"].as_i64().unwrap();
    assert!(ids.contains(&favourite));
}
