//! The throttles hold however many hosts serve: on PostgreSQL two hosts (two `AppState`s with their
//! own pools) count in the same buckets, so a spray split across both checks no more than one host
//! allows. SQLite is served by one host, which takes the whole spray.
use crate::{
    api_account::{register, unique_email},
    api_support::TestApp,
    on_both,
};
use axum::{
    Router,
    body::Body,
    extract::ConnectInfo,
    http::{Method, Request, header},
};
use orderahead::state::AppState;
use serde_json::{Value, json};
use std::net::SocketAddr;
use tower::ServiceExt;

on_both!(
    a_spray_of_guesses_at_one_account_checks_five,
    one_address_tries_twenty_accounts,
    one_mailbox_gets_three_reset_mails,
    one_link_checks_five_codes,
);

const SPRAY: usize = 200;

fn request(method: Method, uri: &str, client: &str, body: Option<Value>) -> Request<Body> {
    let req = Request::builder().method(method).uri(uri);
    let mut req = match body {
        Some(b) => req.header(header::CONTENT_TYPE, "application/json").body(Body::from(b.to_string())),
        None => req.body(Body::empty()),
    }
    .unwrap();
    let addr: SocketAddr = format!("{client}:40000").parse().unwrap();
    req.extensions_mut().insert(ConnectInfo(addr));
    req
}

/// Sends every request at once, the i-th to host i mod 2; the answers' statuses, in order. Each
/// 429 must say when to come back.
async fn spray(hosts: &[AppState; 2], requests: Vec<Request<Body>>) -> Vec<u16> {
    let apps: [Router; 2] = [orderahead::http::app(hosts[0].clone()), orderahead::http::app(hosts[1].clone())];
    let tasks: Vec<_> = requests
        .into_iter()
        .enumerate()
        .map(|(i, req)| {
            let app = apps[i % 2].clone();
            tokio::spawn(async move {
                let res = app.oneshot(req).await.unwrap();
                let status = res.status().as_u16();
                if status == 429 {
                    let secs: u64 = res.headers()[header::RETRY_AFTER].to_str().unwrap().parse().unwrap();
                    assert!(secs >= 1, "Retry-After {secs}");
                }
                status
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for task in tasks {
        statuses.push(task.await.unwrap());
    }
    statuses
}

fn count(statuses: &[u16], status: u16) -> usize {
    statuses.iter().filter(|s| **s == status).count()
}

async fn hosts(t: &TestApp) -> [AppState; 2] {
    [t.state.clone(), t.other_host().await]
}

fn hashes(hosts: &[AppState; 2]) -> u64 {
    if std::sync::Arc::ptr_eq(&hosts[0].hasher, &hosts[1].hasher) {
        hosts[0].hasher.runs()
    } else {
        hosts[0].hasher.runs() + hosts[1].hasher.runs()
    }
}

fn login(client: &str, email: &str, password: &str) -> Request<Body> {
    request(Method::POST, "/api/v1/account/login", client, Some(json!({ "Username": email, "Password": password })))
}

/// `login_attempts_per_account_ip`: 5 guesses from one address at one account.
async fn a_spray_of_guesses_at_one_account_checks_five(t: &TestApp) {
    let email = unique_email("spray");
    register(t, &email).await;
    let hosts = hosts(t).await;
    let hashes_before = hashes(&hosts);
    let guesses = (0..SPRAY).map(|i| login("203.0.113.7", &email, &format!("wrong guess {i}"))).collect();
    let statuses = spray(&hosts, guesses).await;
    let checked = hashes(&hosts) - hashes_before;
    assert_eq!((count(&statuses, 401), count(&statuses, 429)), (5, SPRAY - 5), "{statuses:?}");
    assert_eq!(checked, 5, "each 401 is one password check, no 429 ran one");
}

/// `login_attempts_per_ip`: 20 guesses from one address, whatever the accounts.
async fn one_address_tries_twenty_accounts(t: &TestApp) {
    let hosts = hosts(t).await;
    let guesses = (0..SPRAY).map(|i| login("203.0.113.8", &unique_email(&format!("nobody{i}")), "a guess")).collect();
    let statuses = spray(&hosts, guesses).await;
    assert_eq!((count(&statuses, 401), count(&statuses, 429)), (20, SPRAY - 20), "{statuses:?}");
}

/// `reset_requests_per_email`: 3 reset mails per e-mail, asked from as many addresses as you like.
async fn one_mailbox_gets_three_reset_mails(t: &TestApp) {
    let email = unique_email("mailbox").to_lowercase();
    register(t, &email).await;
    let hosts = hosts(t).await;
    let asks = (0..60)
        .map(|i| {
            request(Method::POST, "/api/v1/user/reset", &format!("198.51.100.{i}"), Some(json!({ "email": email })))
        })
        .collect();
    let statuses = spray(&hosts, asks).await;
    assert_eq!((count(&statuses, 200), count(&statuses, 429)), (3, 57), "{statuses:?}");
}

/// `reset_code_failures_per_token`: 5 codes tried at one reset link (counted before the link is
/// looked up, so any token will do).
async fn one_link_checks_five_codes(t: &TestApp) {
    let token = "T".repeat(43);
    let hosts = hosts(t).await;
    let tries = (0..40)
        .map(|i| {
            let uri = format!("/api/v1/user/password/validate?token={token}&code={i:06}");
            request(Method::GET, &uri, &format!("192.0.2.{i}"), None)
        })
        .collect();
    let statuses = spray(&hosts, tries).await;
    assert_eq!((count(&statuses, 422), count(&statuses, 429)), (5, 35), "{statuses:?}");
}
