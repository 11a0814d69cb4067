//! Password checks under attack: a burst of guesses is counted before any hash, so
//! only the allowance is checked and the rest get 429 with Retry-After; a stranger's
//! guesses do not lock the owner out; weak new passwords are refused.
use crate::{
    api_account::{register, unique_email},
    api_support::TestApp,
    on_both,
};
use axum::{
    body::Body,
    extract::ConnectInfo,
    http::{Method, Request, header},
};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::net::SocketAddr;
use tower::ServiceExt;

on_both!(a_burst_of_guesses_checks_only_the_allowance, weak_passwords_are_refused);

const BURST: usize = 200;
/// `login_attempts_per_account_ip`: guesses one address may check at one account.
const ALLOWED: usize = 5;

fn login_from(client: &str, email: &str, password: &str) -> Request<Body> {
    let mut req = Request::builder()
        .method(Method::POST)
        .uri("/api/v1/account/login")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(json!({ "Username": email, "Password": password }).to_string()))
        .unwrap();
    let addr: SocketAddr = format!("{client}:40000").parse().unwrap();
    req.extensions_mut().insert(ConnectInfo(addr));
    req
}

async fn a_burst_of_guesses_checks_only_the_allowance(t: &TestApp) {
    let email = unique_email("burst");
    register(t, &email).await;
    let app = t.app();
    let hashes_before = t.state.hasher.runs();
    let tasks: Vec<_> = (0..BURST)
        .map(|i| {
            let req = login_from("203.0.113.7", &email, &format!("wrong guess {i}"));
            let app = app.clone();
            tokio::spawn(async move {
                let res = app.oneshot(req).await.unwrap();
                let status = res.status().as_u16();
                let retry_after = res.headers().get(header::RETRY_AFTER).map(|v| v.to_str().unwrap().to_owned());
                let bytes = res.into_body().collect().await.unwrap().to_bytes();
                (status, retry_after, serde_json::from_slice::<Value>(&bytes).unwrap())
            })
        })
        .collect();
    let (mut wrong, mut throttled) = (0, 0);
    for task in tasks {
        let (status, retry_after, body) = task.await.unwrap();
        assert_eq!(body["successful"], false, "{body}");
        match status {
            401 => wrong += 1,
            429 => {
                let secs: u64 = retry_after.expect("429 carries Retry-After").parse().unwrap();
                assert!((1..=15 * 60).contains(&secs), "Retry-After {secs}");
                throttled += 1;
            }
            other => panic!("unexpected {other}: {body}"),
        }
    }
    let checked = (t.state.hasher.runs() - hashes_before) as usize;
    assert!((1..=ALLOWED).contains(&wrong), "{wrong} guesses answered 401");
    assert_eq!(checked, wrong, "each 401 is one password check, no 429 ran one");
    assert_eq!(wrong + throttled, BURST);

    // The stranger is still refused, even with the right password...
    let res = app.clone().oneshot(login_from("203.0.113.7", &email, "correct horse battery")).await.unwrap();
    assert_eq!(res.status().as_u16(), 429);
    // ...while the owner, from their own address, logs in.
    let res = app.clone().oneshot(login_from("198.51.100.20", &email, "correct horse battery")).await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
}

async fn weak_passwords_are_refused(t: &TestApp) {
    for (password, reason) in
        [("short1!", "at least 8 characters"), ("iloveyou", "too common"), ("Password1", "too common")]
    {
        let body = json!({
            "firstName": "Pat", "lastName": "Doe", "eMailAddress": unique_email("weak"), "password": password,
            "phoneNumber": "(614) 555-0100", "postalCode": "43215", "isEligible": true,
        });
        let r = t.post("/api/v1/account", None, body).await;
        assert_eq!(r.status, 400, "{password}: {}", r.body);
        assert!(r.failure().contains(reason), "{password}: {}", r.failure());
        assert_eq!(r.body["value"]["errors"][0]["field"], "password", "{}", r.body);
    }
}
