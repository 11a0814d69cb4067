//! Devices signed in to an account (issue 53 item 2) on both databases: each login is listed by
//! the browser and system its User-Agent names (nothing else of the request is kept), with when
//! it began and was last used (marked at most every five minutes, on the services' clock); the
//! account page and the API end another device's session on every host, and "log out everywhere"
//! ends them all; a device of another account, or one already ended, is not found.
use crate::{
    api_support::TestApp,
    households::{count, open, post},
    on_both,
};
use axum::{
    body::Body,
    http::{Request, header},
};
use orderahead::db::seed::{DEMO_EMAIL, DEMO_PASSWORD, DEMO_STAFF_EMAIL};
use serde_json::{Value, json};
use tower::ServiceExt;

on_both!(an_account_sees_its_devices_and_logs_any_of_them_out);

const ANDROID: &str =
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/// Logs in through the API from a browser that says `agent`; the token.
async fn log_in(t: &TestApp, email: &str, agent: &str) -> String {
    let body = json!({ "Username": email, "Password": DEMO_PASSWORD }).to_string();
    let req = Request::post("/api/v1/account/login")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::USER_AGENT, agent)
        .body(Body::from(body))
        .unwrap();
    let r = t.send(req).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    r.value().as_str().unwrap().to_owned()
}

async fn devices(t: &TestApp, token: &str) -> Vec<Value> {
    let r = t.get("/api/v1/account/sessions", Some(token)).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    r.value().as_array().unwrap().clone()
}

fn named<'a>(list: &'a [Value], browser: &str) -> &'a Value {
    list.iter().find(|d| d["browser"] == browser).unwrap_or_else(|| panic!("{browser} in {list:?}"))
}

async fn signed_in(t: &TestApp, token: &str) -> bool {
    let status = t.get("/api/v1/account/profile", Some(token)).await.status;
    assert!(status == 200 || status == 401, "{status}");
    status == 200
}

async fn an_account_sees_its_devices_and_logs_any_of_them_out(t: &TestApp) {
    let phone = log_in(t, DEMO_EMAIL, ANDROID).await;
    let iphone = log_in(t, DEMO_EMAIL, IPHONE).await;
    let staff = log_in(t, DEMO_STAFF_EMAIL, ANDROID).await;

    // Each login is listed, this one marked, by names alone: no User-Agent, no address is kept.
    let list = devices(t, &phone).await;
    assert_eq!(list.len(), 2, "{list:?}");
    let (android, ios) = (named(&list, "Chrome"), named(&list, "Safari"));
    assert_eq!((&android["system"], &android["current"]), (&json!("Android"), &json!(true)));
    assert_eq!((&ios["system"], &ios["current"]), (&json!("iOS"), &json!(false)));
    assert_eq!(ios["lastSeen"], json!({ "unit": "now" }));
    let kept =
        count(t, "SELECT COUNT(*) AS n FROM sessions WHERE browser = 'Chrome' AND system = 'Android'", vec![]).await;
    assert_eq!(kept, 2, "the shopper's phone and the staff member's");
    let curl = log_in(t, DEMO_EMAIL, "curl/8.5.0").await;
    let unnamed = devices(t, &curl).await.into_iter().find(|d| d["current"] == true).unwrap();
    assert!(unnamed.get("browser").is_none() && unnamed.get("system").is_none(), "{unnamed:?}");

    // Three hours on, the iPhone is used; its last use is marked, and only once in five minutes.
    t.clock.advance(chrono::Duration::hours(3));
    assert!(signed_in(t, &iphone).await);
    let seen = "SELECT COUNT(*) AS n FROM sessions WHERE browser = 'Safari' AND last_seen_at = created_at";
    assert_eq!(count(t, seen, vec![]).await, 0, "the use was marked");
    let list = devices(t, &phone).await;
    assert_eq!(named(&list, "Safari")["lastSeen"], json!({ "unit": "now" }));
    assert_eq!(named(&list, "Safari")["signedIn"], json!({ "unit": "hours", "count": 3 }));
    let last = list.last().unwrap();
    assert!(last.get("browser").is_none(), "the device unused for three hours is listed last: {list:?}");
    assert_eq!(last["lastSeen"], json!({ "unit": "hours", "count": 3 }));
    let user = count(t, &format!("SELECT id AS n FROM users WHERE email = '{DEMO_EMAIL}'"), vec![]).await;
    let safari_seen = || async {
        let now = orderahead::infra::clock::Clock::now(&*t.clock);
        let listed = t.state.store.sessions_of(user, now).await.unwrap();
        listed.into_iter().find(|s| s.browser == "Safari").unwrap().last_seen_at
    };
    let marked = safari_seen().await;
    t.clock.advance(chrono::Duration::minutes(2));
    assert!(signed_in(t, &iphone).await);
    assert_eq!(safari_seen().await, marked, "two minutes later the mark is not written again");
    t.clock.advance(chrono::Duration::minutes(4));
    assert!(signed_in(t, &iphone).await);
    assert!(safari_seen().await > marked, "six minutes later it is");

    // The phone's account page lists both, and logs the iPhone out, on every host.
    let page = open(t, &phone, "/account").await;
    let shown = page.data["devices"].as_array().unwrap();
    assert_eq!(shown.len(), 3, "{shown:?}");
    let ios_id = named(shown, "Safari")["id"].as_i64().unwrap().to_string();
    let ended = post(t, &phone, "/account", &[("intent", "endSession"), ("sessionId", &ios_id)]).await;
    assert_eq!((ended.status, ended.location.as_deref()), (303, Some("/account")));
    assert!(!signed_in(t, &iphone).await, "the iPhone's token is refused");
    let other_host = orderahead::http::app(t.other_host().await);
    let req = Request::get("/api/v1/account/profile").header(header::AUTHORIZATION, format!("Bearer {iphone}"));
    let res = other_host.oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(res.status(), 401, "refused on another host too");
    let iphone_page = open(t, &iphone, "/account").await;
    assert!(iphone_page.data.get("profile").is_none(), "its page renders logged out");
    assert!(signed_in(t, &phone).await, "the phone is still in");
    assert!(devices(t, &phone).await.iter().all(|d| d["browser"] != "Safari"));

    // Gone already, or another account's: not found, and nothing ends.
    let again = post(t, &phone, "/account", &[("intent", "endSession"), ("sessionId", &ios_id)]).await;
    assert_eq!((again.status, again.code.as_deref()), (422, Some("sessionNotFound")));
    let staff_id = devices(t, &staff).await[0]["id"].as_i64().unwrap();
    let r = t.delete(&format!("/api/v1/account/sessions/{staff_id}"), Some(&phone)).await;
    assert_eq!((r.status, r.body["failureCode"].as_str()), (404, Some("sessionNotFound")));
    assert!(signed_in(t, &staff).await);
    let bad = post(t, &phone, "/account", &[("intent", "endSession"), ("sessionId", "x")]).await;
    assert_eq!(bad.status, 422);

    // The API ends one too.
    let curl_id = devices(t, &curl).await.iter().find(|d| d["current"] == true).unwrap()["id"].clone();
    let r = t.delete(&format!("/api/v1/account/sessions/{curl_id}"), Some(&phone)).await;
    assert_eq!((r.status, r.value()), (200, &json!(true)));
    assert!(!signed_in(t, &curl).await);
    assert_eq!(devices(t, &phone).await.len(), 1);

    // Log out everywhere, from the page: every session ends, this one too, and its cookie goes.
    let tablet = log_in(t, DEMO_EMAIL, IPHONE).await;
    let everywhere = post(t, &phone, "/account", &[("intent", "signOutEverywhere")]).await;
    assert_eq!((everywhere.status, everywhere.location.as_deref()), (303, Some("/")));
    assert!(!signed_in(t, &phone).await && !signed_in(t, &tablet).await);
    assert!(signed_in(t, &staff).await, "another account is untouched");
    let fresh = log_in(t, DEMO_EMAIL, ANDROID).await;
    assert_eq!(devices(t, &fresh).await.len(), 1, "only the new login is listed");

    // And from the API, which clears the cookie as Log Out does.
    let r = t.post("/api/v1/account/sessions/end-all", Some(&fresh), json!({})).await;
    assert_eq!(r.status, 200);
    assert!(!signed_in(t, &fresh).await);
    let r = t.get("/api/v1/account/sessions", Some(&fresh)).await;
    assert_eq!(r.status, 401);
}
