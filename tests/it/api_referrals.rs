//! Referral codes (load, claim, held codes and the access they grant) and the
//! favourite pantry. Also the shoppers the content and TEFAP tests sign in as.
use crate::{
    api_support::{DEMO_EMAIL, TestApp},
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
    a_code_loads_ignoring_case,
    unknown_and_malformed_codes_are_refused,
    claims_apply_known_codes_once_and_grant_access,
    bad_claims_are_4xx_and_write_nothing,
    favourite_pantry_is_stored_replaced_and_cleared,
    a_pantry_answers_whether_the_caller_may_order_there,
    referral_codes_are_throttled_per_address_and_account,
);

pub const FAITH_MISSION: &str = "Faith Mission";
pub const OLD_ST_PATRICKS: &str = "Old St. Patrick's Church";
pub const KING_ARTS: &str = "King Arts Complex";
pub const MAIN_LIBRARY: &str = "Columbus Metropolitan Library - Main Library";

pub struct Shopper {
    pub id: i64,
    pub token: String,
}

pub async fn demo(t: &TestApp) -> Shopper {
    let id = t.state.store.test_user_id(DEMO_EMAIL).await.unwrap().expect("demo shopper");
    Shopper { id, token: t.state.tokens.issue(id, 0).unwrap() }
}

/// A new shopper without grants, eligibilities, favourites or orders.
pub async fn fresh(t: &TestApp) -> Shopper {
    let email = format!("d-{}@example.org", uuid::Uuid::new_v4());
    let id = t.state.store.test_shopper(&email).await.unwrap();
    Shopper { id, token: t.state.tokens.issue(id, 0).unwrap() }
}

pub async fn pantry(t: &TestApp, label: &str) -> i64 {
    t.state.store.test_pantry_id(label).await.unwrap().unwrap_or_else(|| panic!("pantry {label}"))
}

fn codes_of(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|c| c["code"].as_str().unwrap()).collect()
}

async fn a_code_loads_ignoring_case(t: &TestApp) {
    let faith = pantry(t, FAITH_MISSION).await;
    let r = t.get("/api/v1/referralcodes/faith2026", None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.value();
    assert_eq!(v["code"], "FAITH2026");
    assert!(v["id"].is_i64() && v["created"].is_string());
    assert_eq!(v["isApplied"], false, "a visitor holds no codes");
    assert_eq!(v["referralCodePantryLocationIds"], json!([faith]));
    let location = &v["referralCodePantryLocations"][0]["pantryLocation"];
    assert_eq!(location["id"], faith);
    assert_eq!(location["label"], FAITH_MISSION);
    assert_eq!(location["isRestricted"], true);
    assert_eq!(location["address"]["province"], "OH");
    assert_eq!(location["foodBank"]["code"], "COH");
    let banks = v["referralCodeFoodBanks"].as_array().unwrap();
    assert_eq!(banks.len(), 1);
    assert_eq!(banks[0]["foodBank"]["code"], "COH");
    assert_eq!(banks[0]["foodBank"]["isTEFAPEnabled"], true);
    assert_eq!(banks[0]["isDeliveryEnabled"], false);

    // The demo shopper holds FAITH2026 but not DELIVERCOH.
    let demo = demo(t).await;
    let r = t.get("/api/v1/referralcodes/Faith2026", Some(&demo.token)).await;
    assert_eq!(r.value()["isApplied"], true);
    let r = t.get("/api/v1/referralcodes/DELIVERCOH", Some(&demo.token)).await;
    let v = r.value();
    assert_eq!(v["isApplied"], false);
    assert_eq!(v["referralCodePantryLocations"], json!([]));
    assert_eq!(v["referralCodeFoodBanks"][0]["isDeliveryEnabled"], true);

    let r = t.get("/api/v1/referralcodes/FAITH2026", Some("not-a-token")).await;
    assert_eq!(r.status, 401, "a bad token is refused even where sign-in is optional");
}

async fn unknown_and_malformed_codes_are_refused(t: &TestApp) {
    let r = t.get("/api/v1/referralcodes/NOSUCHCODE", None).await;
    assert_eq!(r.status, 404);
    assert_eq!(r.failure(), "Unable to verify code");
    let r = t.get("/api/v1/referralcodes/claims", None).await;
    assert_eq!(r.status, 404, "GET on the claims path looks the code up: {}", r.body);
    let long = "X".repeat(65);
    let r = t.get(&format!("/api/v1/referralcodes/{long}"), None).await;
    assert_eq!(r.status, 400);
    assert!(!r.failure().is_empty());
}

async fn claims_apply_known_codes_once_and_grant_access(t: &TestApp) {
    let shopper = fresh(t).await;
    let st_pats = pantry(t, OLD_ST_PATRICKS).await;
    let king_arts = pantry(t, KING_ARTS).await;
    let before = t.state.store.access_grants(shopper.id, t.state.clock.now()).await.unwrap();
    assert!(!before.can_access_pantry(st_pats, true));

    let r =
        t.post("/api/v1/referralcodes/claims", Some(&shopper.token), json!(["oldstpats", "NOPE", " KINGARTS "])).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.value(),
        &json!([
            { "code": "oldstpats", "isAppliedSuccessfully": true },
            { "code": "NOPE", "isAppliedSuccessfully": false },
            { "code": "KINGARTS", "isAppliedSuccessfully": true }
        ])
    );
    // Claiming again succeeds and adds nothing.
    let r = t.post("/api/v1/referralcodes/claims", Some(&shopper.token), json!(["OLDSTPATS", "oldstpats"])).await;
    assert_eq!(r.value()[0]["isAppliedSuccessfully"], true);
    assert_eq!(r.value()[1]["isAppliedSuccessfully"], true);

    let held = t.get("/api/v1/account/referralcodes", Some(&shopper.token)).await;
    let held = held.value();
    let mut codes = codes_of(held);
    codes.sort();
    assert_eq!(codes, ["KINGARTS", "OLDSTPATS"], "each code once");
    assert!(held.as_array().unwrap().iter().all(|c| c["isApplied"] == true));

    let grants = t.state.store.access_grants(shopper.id, t.state.clock.now()).await.unwrap();
    assert_eq!(grants.referral_codes.len(), 2);
    assert!(grants.can_access_pantry(st_pats, true), "the claimed code opens its restricted pantry");
    assert!(grants.can_access_pantry(king_arts, true));
    assert!(!grants.can_access_pantry(pantry(t, FAITH_MISSION).await, true));
    let r = t.get("/api/v1/referralcodes/oldstpats", Some(&shopper.token)).await;
    assert_eq!(r.value()["isApplied"], true);

    // Delivery through a code.
    let r = t.post("/api/v1/referralcodes/claims", Some(&shopper.token), json!(["DELIVERCOH"])).await;
    assert_eq!(r.value()[0]["isAppliedSuccessfully"], true);
    let grants = t.state.store.access_grants(shopper.id, t.state.clock.now()).await.unwrap();
    assert!(grants.referral_codes.iter().any(|c| c.food_banks.iter().any(|b| b.is_delivery_enabled)));

    // The demo shopper's own list is untouched by this shopper's claims.
    let demo = demo(t).await;
    let r = t.get("/api/v1/account/referralcodes", Some(&demo.token)).await;
    assert_eq!(codes_of(r.value()), ["FAITH2026"]);
}

async fn bad_claims_are_4xx_and_write_nothing(t: &TestApp) {
    let shopper = fresh(t).await;
    let r = t.post("/api/v1/referralcodes/claims", None, json!(["OLDSTPATS"])).await;
    assert_eq!(r.status, 401);
    assert!(!r.failure().is_empty());
    let r = t.get("/api/v1/account/referralcodes", None).await;
    assert_eq!(r.status, 401);
    for (body, why) in [
        (json!({ "codes": ["OLDSTPATS"] }), "not a list"),
        (json!(["OLDSTPATS", 7]), "not a string"),
        (json!(["OLDSTPATS", "  "]), "empty code"),
        (json!(["OLDSTPATS", "Y".repeat(65)]), "code too long"),
        (json!(vec!["OLDSTPATS"; 51]), "too many codes"),
    ] {
        let r = t.post("/api/v1/referralcodes/claims", Some(&shopper.token), body).await;
        assert_eq!(r.status, 400, "{why}: {}", r.body);
        assert!(!r.failure().is_empty(), "{why}");
    }
    let r = t
        .send(
            axum::http::Request::post("/api/v1/referralcodes/claims")
                .header("content-type", "application/json")
                .header("authorization", format!("Bearer {}", shopper.token))
                .body(axum::body::Body::from("[\"OLDSTPATS\""))
                .unwrap(),
        )
        .await;
    assert_eq!(r.status, 400, "malformed JSON: {}", r.body);
    let r = t.get("/api/v1/account/referralcodes", Some(&shopper.token)).await;
    assert_eq!(r.value(), &json!([]), "no refused claim applied any code");
    let r = t.post("/api/v1/referralcodes/claims", Some(&shopper.token), json!([])).await;
    assert_eq!(r.value(), &json!([]));
}

async fn favourite_pantry_is_stored_replaced_and_cleared(t: &TestApp) {
    let demo = demo(t).await;
    let main = pantry(t, MAIN_LIBRARY).await;
    let king_arts = pantry(t, KING_ARTS).await;
    let r = t.get("/api/v1/account/favorite", Some(&demo.token)).await;
    assert_eq!(r.value()["id"], main, "the demo shopper's seeded favourite");
    assert_eq!(r.value()["label"], MAIN_LIBRARY);
    assert_eq!(r.value()["foodBankID"], r.value()["foodBank"]["id"]);

    let r = t.put(&format!("/api/v1/account/favorite/{king_arts}"), Some(&demo.token), json!({})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.value()["id"], king_arts);
    let r = t.get("/api/v1/account/favorite", Some(&demo.token)).await;
    assert_eq!(r.value()["id"], king_arts, "one favourite: the new one replaced the old");

    let r = t.put("/api/v1/account/favorite/999999", Some(&demo.token), json!({})).await;
    assert_eq!(r.status, 404);
    assert!(!r.failure().is_empty());
    let r = t.put("/api/v1/account/favorite/abc", Some(&demo.token), json!({})).await;
    assert_eq!(r.status, 400);
    assert!(!r.failure().is_empty());
    let r = t.get("/api/v1/account/favorite", Some(&demo.token)).await;
    assert_eq!(r.value()["id"], king_arts, "refused changes left the favourite alone");

    // Another shopper's favourite is their own.
    let other = fresh(t).await;
    let r = t.get("/api/v1/account/favorite", Some(&other.token)).await;
    assert_eq!(r.value(), &Value::Null);
    let r = t.put(&format!("/api/v1/account/favorite/{main}"), Some(&other.token), json!({})).await;
    assert_eq!(r.value()["id"], main);
    let r = t.get("/api/v1/account/favorite", Some(&demo.token)).await;
    assert_eq!(r.value()["id"], king_arts);

    let r = t.delete("/api/v1/account/favorite", Some(&demo.token)).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.value(), &Value::Null);
    let r = t.get("/api/v1/account/favorite", Some(&demo.token)).await;
    assert_eq!(r.value(), &Value::Null);
    let r = t.delete("/api/v1/account/favorite", Some(&demo.token)).await;
    assert_eq!(r.status, 200, "clearing twice is fine");
    let r = t.get("/api/v1/account/favorite", Some(&other.token)).await;
    assert_eq!(r.value()["id"], main, "clearing one shopper's favourite leaves another's");

    for r in [
        t.get("/api/v1/account/favorite", None).await,
        t.put(&format!("/api/v1/account/favorite/{main}"), None, json!({})).await,
        t.delete("/api/v1/account/favorite", None).await,
    ] {
        assert_eq!(r.status, 401);
        assert!(!r.failure().is_empty());
    }
}

async fn a_pantry_answers_whether_the_caller_may_order_there(t: &TestApp) {
    let faith = pantry(t, FAITH_MISSION).await;
    let main = pantry(t, MAIN_LIBRARY).await;
    let can_order = |path: String, token: Option<String>| async move {
        let r = t.get(&path, token.as_deref()).await;
        assert_eq!(r.status, 200, "{path}: {}", r.body);
        r.value()["canOrder"].as_bool().unwrap()
    };
    assert!(can_order(format!("/api/v1/locations/{main}/access"), None).await, "an open pantry is open to visitors");
    assert!(!can_order(format!("/api/v1/locations/{faith}/access"), None).await);
    // A code kept on the device counts whatever its case; an unknown one grants nothing.
    assert!(can_order(format!("/api/v1/locations/{faith}/access?referralCodes=NOPE,faith2026"), None).await);
    assert!(!can_order(format!("/api/v1/locations/{faith}/access?referralCodes=OLDSTPATS"), None).await);
    // A shopper's claimed code counts without being sent.
    let shopper = fresh(t).await;
    let path = format!("/api/v1/locations/{faith}/access");
    assert!(!can_order(path.clone(), Some(shopper.token.clone())).await);
    let r = t.post("/api/v1/referralcodes/claims", Some(&shopper.token), json!(["FAITH2026"])).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(can_order(path, Some(shopper.token.clone())).await);
    // Bad input is a 4xx; an unknown pantry is Not Found.
    let long = "x".repeat(65);
    for bad in [
        format!("/api/v1/locations/{faith}/access?referralCodes={long}"),
        format!("/api/v1/locations/{faith}/access?referralCodes=A,,B"),
    ] {
        let r = t.get(&bad, None).await;
        assert_eq!(r.status, 400, "{bad}: {}", r.body);
        r.failure();
    }
    assert_eq!(t.get("/api/v1/locations/999999999/access", None).await.status, 404);
}

/// A call from client address `client`, signed in with `token` when given.
async fn from(
    t: &TestApp,
    client: &str,
    method: Method,
    uri: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, bool, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(token) = token {
        req = req.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    let mut req = match body {
        Some(b) => req.header(header::CONTENT_TYPE, "application/json").body(Body::from(b.to_string())),
        None => req.body(Body::empty()),
    }
    .unwrap();
    req.extensions_mut().insert(ConnectInfo(format!("{client}:40000").parse::<SocketAddr>().unwrap()));
    let res = t.app().oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let retry_after = res.headers().contains_key(header::RETRY_AFTER);
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, retry_after, serde_json::from_slice(&bytes).unwrap())
}

/// `infra::ratelimit::REFERRAL_GUESSES`: unknown codes per address and per account in 15 minutes.
const GUESSES: usize = 30;

async fn referral_codes_are_throttled_per_address_and_account(t: &TestApp) {
    let guess = |i: usize| format!("GUESS{i:04}");
    // One at a time from one address: the allowance, then 429 even for a real code.
    for i in 0..GUESSES {
        let (status, ..) =
            from(t, "203.0.113.5", Method::GET, &format!("/api/v1/referralcodes/{}", guess(i)), None, None).await;
        assert_eq!(status, 404, "guess {i}");
    }
    let (status, retry_after, body) =
        from(t, "203.0.113.5", Method::GET, "/api/v1/referralcodes/NOPE", None, None).await;
    assert_eq!((status, retry_after, body["failureCode"].as_str()), (429, true, Some("tooManyCodes")), "{body}");
    let (status, ..) = from(t, "203.0.113.5", Method::GET, "/api/v1/referralcodes/FAITH2026", None, None).await;
    assert_eq!(status, 429, "counted before it is looked up: the guesser learns nothing more");
    // The landing page, which loads its code on the server, asks the same allowance.
    let mut req = Request::get("/referral/FAITH2026").body(Body::empty()).unwrap();
    req.extensions_mut().insert(ConnectInfo("203.0.113.5:40000".parse::<SocketAddr>().unwrap()));
    let page = t.app().oneshot(req).await.unwrap();
    assert_eq!(page.status().as_u16(), 429);

    // Codes that exist are given back: a shopper's own codes never use the allowance up.
    for _ in 0..GUESSES + 10 {
        let (status, ..) = from(t, "198.51.100.6", Method::GET, "/api/v1/referralcodes/faith2026", None, None).await;
        assert_eq!(status, 200);
    }

    // A claim counts each of its codes: more than the allowance in one claim is refused whole...
    let shopper = fresh(t).await;
    let many: Vec<String> = (0..=GUESSES).map(guess).collect();
    let claims = "/api/v1/referralcodes/claims";
    let (status, _, body) = from(t, "192.0.2.7", Method::POST, claims, Some(&shopper.token), Some(json!(many))).await;
    assert_eq!(status, 429, "{body}");
    // ...and a claim within it counts each unknown code, for that account from any address.
    let mut some = many[..GUESSES - 1].to_vec();
    some.push("KINGARTS".into());
    let (status, _, body) = from(t, "192.0.2.8", Method::POST, claims, Some(&shopper.token), Some(json!(some))).await;
    assert_eq!(status, 200, "{body}");
    let applied: Vec<bool> =
        body["value"].as_array().unwrap().iter().map(|c| c["isAppliedSuccessfully"] == true).collect();
    assert_eq!(applied.iter().filter(|a| **a).count(), 1, "the real code is claimed");
    let nope = |i: usize| format!("/api/v1/referralcodes/NOPE{i}");
    let (status, ..) = from(t, "192.0.2.9", Method::GET, &nope(1), Some(&shopper.token), None).await;
    assert_eq!(status, 404, "the account's thirtieth unknown code");
    let (status, ..) = from(t, "192.0.2.9", Method::GET, &nope(2), Some(&shopper.token), None).await;
    assert_eq!(status, 429, "the account's allowance follows it to another address");
    let (status, ..) = from(t, "192.0.2.9", Method::GET, "/api/v1/referralcodes/NOPE", None, None).await;
    assert_eq!(status, 404, "while that address, signed out, still has its own");

    // A pantry's access check with codes kept on the device counts each of them too.
    let faith = pantry(t, FAITH_MISSION).await;
    let list = many.join(",");
    let uri = format!("/api/v1/locations/{faith}/access?referralCodes={list}");
    let (status, retry_after, body) = from(t, "192.0.2.10", Method::GET, &uri, None, None).await;
    assert_eq!((status, retry_after), (429, true), "{body}");
    let (status, _, body) = from(
        t,
        "192.0.2.11",
        Method::GET,
        &format!("/api/v1/locations/{faith}/access?referralCodes=FAITH2026"),
        None,
        None,
    )
    .await;
    assert_eq!((status, &body["value"]["canOrder"]), (200, &json!(true)), "{body}");
}
