//! Password checks under attack: a burst of guesses is counted before any hash, so
//! only the allowance is checked and the rest get 429 with Retry-After; a stranger's
//! guesses do not lock the owner out, nor do their neighbours' behind a shared address (a known
//! device keeps its own allowance); weak new passwords are refused.
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

on_both!(
    a_burst_of_guesses_checks_only_the_allowance,
    weak_passwords_are_refused,
    guesses_spread_over_addresses_do_not_lock_the_owner_out_of_their_device,
    a_shared_address_does_not_lock_a_known_device_out,
);

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

/// The answer's status, its Set-Cookie headers and its Cache-Control.
async fn login_with(
    t: &TestApp,
    client: &str,
    email: &str,
    password: &str,
    device: Option<&str>,
) -> (u16, Vec<String>, String) {
    let mut req = login_from(client, email, password);
    if let Some(device) = device {
        req.headers_mut().insert(header::COOKIE, format!("oa_lang=en; oa_device={device}").parse().unwrap());
    }
    let res = t.app().oneshot(req).await.unwrap();
    let cookies = res.headers().get_all(header::SET_COOKIE).iter().map(|v| v.to_str().unwrap().to_owned()).collect();
    let cache = res.headers().get(header::CACHE_CONTROL).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    (res.status().as_u16(), cookies, cache)
}

/// The device cookie's value among `cookies`.
fn device_cookie(cookies: &[String]) -> String {
    let set = cookies.iter().find(|c| c.starts_with("oa_device=")).expect("a successful login sets the device cookie");
    assert!(set.contains("HttpOnly") && set.contains("SameSite=Lax") && set.contains("Max-Age=31536000"), "{set}");
    set.split(';').next().unwrap().trim_start_matches("oa_device=").to_owned()
}

async fn guesses_spread_over_addresses_do_not_lock_the_owner_out_of_their_device(t: &TestApp) {
    const PASSWORD: &str = "correct horse battery";
    let email = unique_email("device").to_lowercase();
    register(t, &email).await;
    let (status, cookies, cache) = login_with(t, "198.51.100.30", &email, PASSWORD, None).await;
    assert_eq!((status, cache.as_str()), (200, "no-store"), "the answer carrying the token is never stored");
    let device = device_cookie(&cookies);

    // Twenty wrong guesses from four addresses use up the account's allowance from anywhere...
    for client in ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"] {
        for i in 0..5 {
            assert_eq!(login_with(t, client, &email, &format!("guess {i}"), None).await.0, 401);
        }
    }
    let (status, ..) = login_with(t, "203.0.113.5", &email, PASSWORD, None).await;
    assert_eq!(status, 429, "a new address without the device cookie is slowed down");
    // ...but the owner, on the device they signed in on, from a new address (a phone's network), signs in.
    let (status, cookies, _) = login_with(t, "198.51.100.31", &email, PASSWORD, Some(&device)).await;
    assert_eq!(status, 200);
    device_cookie(&cookies);

    // Another account's device cookie, or a forged one, exempts nobody.
    let other = unique_email("other").to_lowercase();
    register(t, &other).await;
    let others_device = device_cookie(&login_with(t, "198.51.100.40", &other, PASSWORD, None).await.1);
    for cookie in [others_device, format!("{device}x")] {
        assert_eq!(login_with(t, "198.51.100.32", &email, PASSWORD, Some(&cookie)).await.0, 429);
    }
    // A stolen device cookie is still held to its own few guesses (10), whatever the addresses.
    let mut refused_at = None;
    for i in 0..12 {
        let client = format!("192.0.2.{}", 100 + i);
        if login_with(t, &client, &email, "stolen cookie guess", Some(&device)).await.0 == 429 {
            refused_at = Some(i);
            break;
        }
    }
    assert_eq!(refused_at, Some(10), "the device's allowance");
}

/// `login_attempts_per_ip`: what one address may fail, over all accounts.
const PER_ADDRESS: usize = 20;

async fn a_shared_address_does_not_lock_a_known_device_out(t: &TestApp) {
    const PASSWORD: &str = "correct horse battery";
    // A library's NAT: every person behind it has this one address.
    const LIBRARY: &str = "198.51.100.60";
    let (ana, bo) = (unique_email("nat-ana").to_lowercase(), unique_email("nat-bo").to_lowercase());
    register(t, &ana).await;
    register(t, &bo).await;
    // Bo signed in on their phone at the library last week.
    let (status, cookies, _) = login_with(t, LIBRARY, &bo, PASSWORD, None).await;
    assert_eq!(status, 200);
    let bos_phone = device_cookie(&cookies);

    // Today the address fails its whole allowance: Ana mistyping, others guessing at accounts.
    let mut failed = Vec::new();
    for i in 0..PER_ADDRESS + 5 {
        let email = if i < 4 { ana.clone() } else { unique_email(&format!("nat-nobody{i}")) };
        failed.push(login_with(t, LIBRARY, &email, "not the password", None).await.0);
    }
    assert_eq!(failed.iter().filter(|s| **s == 401).count(), PER_ADDRESS, "{failed:?}");
    assert!(failed[PER_ADDRESS..].iter().all(|s| *s == 429), "{failed:?}");

    // A device without a cookie of its account still meets the address's limit, even with the
    // right password, and Bo's cookie vouches for Bo alone...
    assert_eq!(login_with(t, LIBRARY, &bo, PASSWORD, None).await.0, 429, "a new device");
    assert_eq!(login_with(t, LIBRARY, &ana, PASSWORD, Some(&bos_phone)).await.0, 429, "another account");
    // ...while Bo, on the phone they signed in on, is judged by its own allowance: signed in.
    let (status, cookies, _) = login_with(t, LIBRARY, &bo, PASSWORD, Some(&bos_phone)).await;
    assert_eq!(status, 200, "a known device behind the shared address");
    let bos_phone = device_cookie(&cookies);
    // A mistyped password on it is a 401, not the address's 429, and then the right one works.
    assert_eq!(login_with(t, LIBRARY, &bo, "a typo", Some(&bos_phone)).await.0, 401);
    assert_eq!(login_with(t, LIBRARY, &bo, PASSWORD, Some(&bos_phone)).await.0, 200);
    // Still nothing for the address without it.
    assert_eq!(login_with(t, LIBRARY, &bo, PASSWORD, None).await.0, 429, "a new device, still");
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
