//! The session cookie (issue 11): login and registration set it, logout clears it, the API never
//! takes it as authentication, and page loads read it, verified like a bearer token, to render
//! the shopper's own orders, account and messages, which no other visitor is ever served.
use crate::{
    api_account::{registration, unique_email},
    api_orders::{MAIN, fresh, pantry, pickup, stock, times},
    api_support::TestApp,
    on_both,
};
use axum::{
    body::Body,
    http::{HeaderMap, Method, Request, header},
};
use http_body_util::BodyExt;
use orderahead::{catalog::Lang, render::CacheKey};
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};
use tower::ServiceExt;

on_both!(
    login_and_registration_set_the_cookie_and_logout_clears_it,
    the_cookie_is_secure_on_an_https_site,
    the_api_never_takes_the_cookie_as_authentication,
    order_history_renders_the_shoppers_orders,
    account_and_messages_render_the_shoppers_data,
    a_revoked_token_in_the_cookie_renders_signed_out,
    signing_out_ends_the_session_on_every_host,
    a_shoppers_page_is_never_served_to_anyone_else,
);

const LIFETIME_SECS: u64 = 30 * 24 * 3600;

struct Reply {
    status: u16,
    headers: HeaderMap,
    body: String,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|_| panic!("not JSON: {}", self.body))
    }

    /// The Set-Cookie header that names the session cookie.
    fn session_cookie(&self) -> Option<String> {
        self.headers
            .get_all(header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with("oa_session="))
            .map(str::to_owned)
    }

    /// The server-rendered markup, without the embedded payload (which carries the page's texts).
    fn markup(&self) -> &str {
        self.body.split(r#"<script id="__oa""#).next().unwrap()
    }

    fn cache_control(&self) -> &str {
        self.headers.get(header::CACHE_CONTROL).and_then(|v| v.to_str().ok()).unwrap_or("")
    }
}

async fn send(app: axum::Router, req: Request<Body>) -> Reply {
    let res = app.oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    Reply { status, headers, body: String::from_utf8_lossy(&bytes).into_owned() }
}

/// A request carrying the session cookie `token` (and nothing else that signs in).
fn with_cookie(method: Method, uri: &str, token: Option<&str>, body: Option<Value>) -> Request<Body> {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(token) = token {
        req = req.header(header::COOKIE, format!("oa_lang=en; oa_session={token}"));
    }
    match body {
        Some(b) => req.header(header::CONTENT_TYPE, "application/json").body(Body::from(b.to_string())),
        None => req.body(Body::empty()),
    }
    .unwrap()
}

async fn page(t: &TestApp, url: &str, token: Option<&str>) -> Reply {
    send(t.app(), with_cookie(Method::GET, url, token, None)).await
}

/// The cookie's attributes, lowercased, with its value left out.
fn attributes(set_cookie: &str) -> Vec<String> {
    let mut parts: Vec<String> = set_cookie.split(';').skip(1).map(|p| p.trim().to_ascii_lowercase()).collect();
    parts.sort();
    parts
}

fn value(set_cookie: &str) -> &str {
    set_cookie.split(';').next().unwrap().strip_prefix("oa_session=").unwrap()
}

async fn login_and_registration_set_the_cookie_and_logout_clears_it(t: &TestApp) {
    let email = unique_email("cookie");
    let registered =
        send(t.app(), with_cookie(Method::POST, "/api/v1/account", None, Some(registration(&email)))).await;
    assert_eq!(registered.status, 200, "{}", registered.body);
    let set = registered.session_cookie().expect("registration sets the session cookie");
    assert_eq!(value(&set), registered.json()["value"]["jwt"], "the cookie carries the issued token");
    let expected = ["httponly", "max-age=2592000", "path=/", "samesite=lax"];
    assert_eq!(attributes(&set), expected, "{set}");
    assert_eq!(LIFETIME_SECS, 2_592_000, "Max-Age is the token's lifetime");

    let body = json!({ "Username": email, "Password": "correct horse battery" });
    let login = send(t.app(), with_cookie(Method::POST, "/api/v1/account/login", None, Some(body))).await;
    assert_eq!(login.status, 200, "{}", login.body);
    let set = login.session_cookie().expect("login sets the session cookie");
    assert_eq!(value(&set), login.json()["value"], "the cookie carries the issued token");
    assert_eq!(attributes(&set), expected, "{set}");

    let wrong = json!({ "Username": email, "Password": "wrong password here" });
    let refused = send(t.app(), with_cookie(Method::POST, "/api/v1/account/login", None, Some(wrong))).await;
    assert_eq!((refused.status, refused.session_cookie()), (401, None), "a failed login sets nothing");

    // Sign-out needs no valid token: a shopper whose token was refused still drops the cookie.
    for token in [Some(value(&set)), Some("revoked.or.forged"), None] {
        let out = send(t.app(), with_cookie(Method::POST, "/api/v1/account/logout", token, None)).await;
        assert_eq!(out.status, 200, "{}", out.body);
        assert_eq!(out.json()["value"], true);
        let cleared = out.session_cookie().expect("logout clears the session cookie");
        assert_eq!(value(&cleared), "");
        assert_eq!(attributes(&cleared), ["httponly", "max-age=0", "path=/", "samesite=lax"], "{cleared}");
    }
}

async fn the_cookie_is_secure_on_an_https_site(t: &TestApp) {
    let app = t.app_with_config(|c| c.public_url = "https://orderahead.example".into());
    let body = json!({ "Username": crate::api_support::DEMO_EMAIL, "Password": crate::api_support::DEMO_PASSWORD });
    let login = send(app.clone(), with_cookie(Method::POST, "/api/v1/account/login", None, Some(body))).await;
    assert!(attributes(&login.session_cookie().unwrap()).contains(&"secure".to_owned()));
    let out = send(app, with_cookie(Method::POST, "/api/v1/account/logout", None, None)).await;
    assert!(
        attributes(&out.session_cookie().unwrap()).contains(&"secure".to_owned()),
        "cleared with the same attributes"
    );
}

async fn the_api_never_takes_the_cookie_as_authentication(t: &TestApp) {
    let me = fresh(t).await;
    let main = pantry(t, MAIN).await;
    let order = pickup(main, times(t, main, 2).await[0], &[(stock(t, main, 10).await, 1)]);
    let (orders_before, _) = crate::api_orders::counts(t).await;
    // A state-changing call with the cookie alone, as a cross-site form would send it.
    let post = send(t.app(), with_cookie(Method::POST, "/api/v1/order", Some(&me.token), Some(order))).await;
    assert_eq!(post.status, 401, "{}", post.body);
    assert_eq!(crate::api_orders::counts(t).await.0, orders_before, "nothing was ordered");
    for (method, path) in [(Method::GET, "/api/v1/orders"), (Method::GET, "/api/v1/account/profile")] {
        let r = send(t.app(), with_cookie(method, path, Some(&me.token), None)).await;
        assert_eq!(r.status, 401, "{path}: {}", r.body);
    }
    let profile =
        send(t.app(), with_cookie(Method::PUT, "/api/v1/account/profile", Some(&me.token), Some(json!({})))).await;
    assert_eq!(profile.status, 401, "{}", profile.body);
    // Where signing in is optional, the cookie alone is a visitor.
    let placed = t
        .post(
            "/api/v1/order",
            Some(&me.token),
            pickup(main, times(t, main, 2).await[0], &[(stock(t, main, 10).await, 1)]),
        )
        .await;
    placed.value();
    let own = t.get("/api/v1/messages", Some(&me.token)).await.value().clone();
    assert_eq!(own[0]["type"], "order", "with the bearer: the shopper's order first");
    let visitor = send(t.app(), with_cookie(Method::GET, "/api/v1/messages", Some(&me.token), None)).await;
    assert_eq!(visitor.status, 200);
    let list = visitor.json()["value"].as_array().cloned().unwrap();
    assert!(list.iter().all(|m| m["type"] != "order"), "no order of the shopper: {list:?}");
}

/// A new shopper with one upcoming pickup order at the Main Library: (token, order number as shown,
/// the order's page).
async fn shopper_with_an_order(t: &TestApp) -> (String, regex_lite::Regex, String) {
    let me = fresh(t).await;
    let main = pantry(t, MAIN).await;
    let body = pickup(main, times(t, main, 2).await[0], &[(stock(t, main, 10).await, 2)]);
    let id = t.post("/api/v1/order", Some(&me.token), body).await.value().as_i64().expect("order id");
    // As a whole word: "Order C" (order 12) is also the start of "Order Confirmation".
    let number = regex_lite::Regex::new(&format!(r"Order {id:X}\b")).unwrap();
    (me.token, number, format!("/account/orders/{id}\""))
}

async fn order_history_renders_the_shoppers_orders(t: &TestApp) {
    let (token, number, _) = shopper_with_an_order(t).await;
    let html = page(t, "/account/orders", Some(&token)).await;
    assert_eq!(html.status, 200);
    assert!(number.is_match(&html.body), "the order is in the server HTML");
    assert!(html.body.contains(MAIN), "with its pantry");
    assert!(!html.markup().contains("Please log in to see your orders."));
    assert_eq!(html.cache_control(), "private, no-store");

    // Client-side navigation asks /_data for the same.
    let data = page(t, "/_data?url=%2Faccount%2Forders", Some(&token)).await;
    assert_eq!(data.status, 200);
    assert_eq!(data.json()["data"]["orders"].as_array().map(Vec::len), Some(1));
    assert_eq!(data.cache_control(), "private, no-store");

    let signed_out = page(t, "/account/orders", None).await;
    assert!(signed_out.markup().contains("Please log in to see your orders."));
    assert!(!number.is_match(&signed_out.body));
    assert_eq!(page(t, "/_data?url=%2Faccount%2Forders", None).await.json()["data"], json!({}));
}

async fn account_and_messages_render_the_shoppers_data(t: &TestApp) {
    let (token, _, link) = shopper_with_an_order(t).await;
    let email =
        t.get("/api/v1/account/profile", Some(&token)).await.value()["eMailAddress"].as_str().unwrap().to_owned();
    let account = page(t, "/account", Some(&token)).await;
    assert!(account.body.contains(&email), "the profile is in the server HTML");
    assert_eq!(account.cache_control(), "private, no-store");
    let data = page(t, "/_data?url=%2Faccount", Some(&token)).await.json();
    assert_eq!(data["data"]["profile"]["eMailAddress"], email.as_str());
    assert!(data["data"]["addresses"].is_array());
    assert!(!page(t, "/account", None).await.body.contains(&email));

    // The messages page puts the shopper's upcoming order first, as GET /messages does.
    let api = t.get("/api/v1/messages", Some(&token)).await.value().clone();
    let data = page(t, "/_data?url=%2Fmessages", Some(&token)).await.json();
    assert_eq!(data["data"]["messages"], api);
    assert_eq!(data["data"]["messages"][0]["type"], "order", "{api}");
    let html = page(t, "/messages", Some(&token)).await;
    assert!(html.markup().contains(&link), "the order's link is in the server HTML");
    assert_eq!(html.cache_control(), "private, no-store");
}

async fn a_revoked_token_in_the_cookie_renders_signed_out(t: &TestApp) {
    let (token, number, _) = shopper_with_an_order(t).await;
    assert!(number.is_match(&page(t, "/account/orders", Some(&token)).await.body));
    // What a password change does: every token issued before stops working.
    let id = t.state.tokens.verify(&token).unwrap().sub;
    t.db()
        .execute_unprepared(&format!("UPDATE users SET token_version = token_version + 1 WHERE id = {id}"))
        .await
        .unwrap();

    for url in ["/account/orders", "/_data?url=%2Faccount%2Forders"] {
        let r = page(t, url, Some(&token)).await;
        assert_eq!(r.status, 200, "{url}");
        assert!(!number.is_match(&r.body), "{url} renders signed out");
        let cleared = r.session_cookie().unwrap_or_else(|| panic!("{url}: the refused cookie is dropped"));
        assert!(cleared.contains("Max-Age=0"), "{cleared}");
    }
    assert!(page(t, "/account/orders", Some(&token)).await.markup().contains("Please log in to see your orders."));
    // A forged cookie is refused the same way.
    let forged = page(t, "/account/orders", Some(&format!("{token}x"))).await;
    assert!(!number.is_match(&forged.body));
    assert!(forged.session_cookie().is_some_and(|c| c.contains("Max-Age=0")));
}

/// A request to `app` signed in by the bearer header alone.
fn with_bearer(method: Method, uri: &str, token: &str) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(uri)
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .body(Body::empty())
        .unwrap()
}

async fn signing_out_ends_the_session_on_every_host(t: &TestApp) {
    let (token, number, _) = shopper_with_an_order(t).await;
    // A second sign-in of the same shopper (another device): its own session.
    let id: i64 = t.state.tokens.verify(&token).unwrap().sub.parse().unwrap();
    let other_device = t.state.tokens.issue(id, 0).unwrap();
    // Another host on the same database: what they share is the database alone.
    let other_host = orderahead::http::app(t.state_with_config(|_| {}));
    let signed_in = |r: &Reply| r.status == 200 && r.json()["successful"] == true;
    for tok in [&token, &other_device] {
        assert!(signed_in(&send(other_host.clone(), with_bearer(Method::GET, "/api/v1/account/profile", tok)).await));
        assert!(number.is_match(
            &send(other_host.clone(), with_cookie(Method::GET, "/account/orders", Some(tok), None)).await.body
        ));
    }

    // Signed out with the bearer header alone, on this host.
    let out = send(t.app(), with_bearer(Method::POST, "/api/v1/account/logout", &token)).await;
    assert_eq!(out.status, 200, "{}", out.body);
    let refused = send(other_host.clone(), with_bearer(Method::GET, "/api/v1/account/profile", &token)).await;
    assert_eq!(refused.status, 401, "the bearer token is refused on the other host: {}", refused.body);
    let page = send(other_host.clone(), with_cookie(Method::GET, "/account/orders", Some(&token), None)).await;
    assert!(!number.is_match(&page.body), "the cookie carrying it renders signed out");
    assert!(page.session_cookie().is_some_and(|c| c.contains("Max-Age=0")), "and is dropped");
    // The shopper's other session is not this one.
    assert!(signed_in(
        &send(other_host.clone(), with_bearer(Method::GET, "/api/v1/account/profile", &other_device)).await
    ));

    // Signed out with the cookie alone (a page's sign-out, no script): that session ends too.
    let out = send(t.app(), with_cookie(Method::POST, "/api/v1/account/logout", Some(&other_device), None)).await;
    assert_eq!(out.status, 200, "{}", out.body);
    for host in [t.app(), other_host] {
        let api = send(host.clone(), with_bearer(Method::GET, "/api/v1/account/profile", &other_device)).await;
        assert_eq!(api.status, 401, "{}", api.body);
        let page = send(host, with_cookie(Method::GET, "/account/orders", Some(&other_device), None)).await;
        assert!(page.markup().contains("Please log in to see your orders."));
    }
    // Signing out again, or with a token already refused, is still a sign-out.
    let again = send(t.app(), with_bearer(Method::POST, "/api/v1/account/logout", &token)).await;
    assert_eq!(again.status, 200, "{}", again.body);
}

async fn a_shoppers_page_is_never_served_to_anyone_else(t: &TestApp) {
    let (mine, number, link) = shopper_with_an_order(t).await;
    let (theirs, their_number, _) = shopper_with_an_order(t).await;
    let email =
        t.get("/api/v1/account/profile", Some(&mine)).await.value()["eMailAddress"].as_str().unwrap().to_owned();
    let hits = t.state.cache.stats().hits;
    for url in ["/account/orders", "/messages", "/account"] {
        // Rendered for one shopper first, then asked for by another and by a visitor.
        let first = page(t, url, Some(&mine)).await;
        let other = page(t, url, Some(&theirs)).await;
        let visitor = page(t, url, None).await;
        for (who, r) in [("the first shopper", &first), ("another shopper", &other), ("a visitor", &visitor)] {
            assert_eq!(r.status, 200, "{url} for {who}");
        }
        let marker = match url {
            "/account/orders" => number.clone(),
            "/messages" => regex_lite::Regex::new(&regex_lite::escape(&link)).unwrap(),
            _ => regex_lite::Regex::new(&regex_lite::escape(&email)).unwrap(),
        };
        assert!(marker.is_match(&first.body), "{url} shows the first shopper's data");
        if url == "/account/orders" {
            assert!(their_number.is_match(&other.body) && !number.is_match(&other.body), "{url}: only their own");
        }
        assert!(!marker.is_match(&visitor.body) && !marker.is_match(&other.body), "{url}: no one else sees it");
        assert!(!their_number.is_match(&visitor.body), "{url}: a visitor sees none of it");
    }
    assert_eq!(t.state.cache.stats().hits, hits, "no personal page came from the render cache");
    for url in ["/account/orders", "/messages", "/account"] {
        let key = CacheKey { url: url.into(), lang: Lang::EN };
        assert!(t.state.cache.get(&key, &t.state.store).await.is_none(), "{url} never went into it");
    }
}
