//! Two hosts on one PostgreSQL database (issue 26): started together on an empty database (the
//! migrations take a lock, so both come up), each with its own pool, render engines, page cache,
//! outbox sender and job loop, sharing only the database and the token secret, as behind a load
//! balancer. Requests alternate between them: a session made on one works on the other and its
//! end holds on both; the throttle counts once for both; a page cached on B shows an order placed
//! on A; a mail caused on A is sent once; a due job runs on one host and gives stock back once.
use axum::{
    Router,
    body::Body,
    extract::ConnectInfo,
    http::{Method, Request, header},
};
use chrono::Duration;
use http_body_util::BodyExt;
use orderahead::{
    config::Config,
    db::{
        self,
        seed::{DEMO_EMAIL, DEMO_PASSWORD},
        testdb::TestDb,
    },
    http,
    infra::{
        auth,
        clock::{Clock, TestClock},
    },
    server,
    state::AppState,
};
use serde_json::{Value, json};
use std::{net::SocketAddr, sync::Arc};
use tower::ServiceExt;

const SECRET: &str = "two hosts share this secret, 32b!";
const MAIN: &str = "Columbus Metropolitan Library - Main Library";

async fn host(url: &str, name: &str, clock: Arc<TestClock>) -> AppState {
    let dir = std::env::temp_dir().join(format!("orderahead-two-hosts-{}-{name}", std::process::id()));
    let config =
        Config { database_url: Some(url.to_owned()), token_secret: Some(SECRET.into()), ..Config::for_tests(dir) };
    let state = server::build_state_with_clock(config, clock).await.unwrap_or_else(|e| panic!("host {name}: {e}"));
    state.start_workers();
    state
}

async fn call(app: &Router, method: Method, uri: &str, token: Option<&str>, body: Option<Value>) -> (u16, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(t) = token {
        req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    let mut req = match body {
        Some(b) => req.header(header::CONTENT_TYPE, "application/json").body(Body::from(b.to_string())),
        None => req.body(Body::empty()),
    }
    .unwrap();
    let addr: SocketAddr = "198.51.100.7:40000".parse().unwrap();
    req.extensions_mut().insert(ConnectInfo(addr));
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

/// The shop page's loader data and whether the host's page cache served it.
async fn shop_page(host: &AppState, pantry: i64) -> (Value, bool) {
    let hits = host.cache.stats().hits;
    let uri = format!("/products?pantry={pantry}");
    let res = http::app(host.clone()).oneshot(Request::get(&uri).body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(res.status(), 200);
    let html = String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    let json = html.split(r#"<script id="__oa""#).nth(1).and_then(|s| s.split_once('>')).expect("payload").1;
    let payload: Value = serde_json::from_str(json.split("</script>").next().unwrap()).unwrap();
    (payload["data"].clone(), host.cache.stats().hits > hits)
}

fn shown(data: &Value, item: i64) -> i64 {
    data["items"].as_array().unwrap().iter().find(|i| i["id"] == item).expect("item shown")["quantity"]
        .as_i64()
        .unwrap()
}

/// `.eml` files to `email` in the host's outbox folder.
fn mails_to(host: &AppState, email: &str) -> usize {
    std::fs::read_dir(host.mailer.outbox().unwrap())
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| std::fs::read_to_string(e.path()).unwrap_or_default().contains(&format!("To: {email}")))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hosts_on_one_postgres_database_act_as_one() {
    let t = TestDb::postgres_unmigrated().await;
    let clock = Arc::new(TestClock::system());
    let (a, b) = tokio::join!(host(t.url(), "a", clock.clone()), host(t.url(), "b", clock.clone()));
    db::seed::seed_demo(t.db(), db::now(), auth::hash_password_blocking).await.unwrap();
    let (app_a, app_b) = (http::app(a.clone()), http::app(b.clone()));

    // A session made on A works on B; its end (a password reset, which ends every session) on B
    // holds on A.
    let login = json!({ "Username": DEMO_EMAIL, "Password": DEMO_PASSWORD });
    let (status, made) = call(&app_a, Method::POST, "/api/v1/account/login", None, Some(login.clone())).await;
    assert_eq!(status, 200, "{made}");
    let token =
        made["value"].as_str().map(str::to_owned).unwrap_or_else(|| made["value"]["jwt"].as_str().unwrap().to_owned());
    assert_eq!(call(&app_b, Method::GET, "/api/v1/account/profile", Some(&token), None).await.0, 200);

    // A mail caused on A (the reset link) is sent once, by one of the two senders.
    let (status, _) =
        call(&app_a, Method::POST, "/api/v1/user/reset", None, Some(json!({ "email": DEMO_EMAIL }))).await;
    assert_eq!(status, 200);
    let sent = || async {
        let rows = a.store.test_outbox(DEMO_EMAIL).await.unwrap();
        !rows.is_empty() && rows.iter().all(|m| m.3)
    };
    for _ in 0..100 {
        if sent().await {
            break;
        }
        a.mail_written.notify_waiters();
        b.mail_written.notify_waiters();
        tokio::task::yield_now().await;
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(sent().await, "the reset mail was sent");
    assert_eq!((a.send_due_mail().await.unwrap(), b.send_due_mail().await.unwrap()), (0, 0), "nothing left to send");
    assert_eq!(mails_to(&a, DEMO_EMAIL) + mails_to(&b, DEMO_EMAIL), 1, "one mail in the two hosts' outboxes");
    let mail = [&a, &b]
        .iter()
        .flat_map(|h| std::fs::read_dir(h.mailer.outbox().unwrap()).into_iter().flatten().flatten())
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default().replace("=\r\n", ""))
        .find(|m| m.contains(&format!("To: {DEMO_EMAIL}")))
        .unwrap();
    let link = regex_lite::Regex::new(r"/account/update-password/([A-Za-z0-9_-]{43})/(\d{6})").unwrap();
    let c = link.captures(&mail).expect("the link");
    let uri = format!("/api/v1/user/password?token={}&code={}", &c[1], &c[2]);
    let (status, set) = call(&app_b, Method::POST, &uri, None, Some(json!({ "password": "a new secret 9" }))).await;
    assert_eq!(status, 200, "{set}");
    assert_eq!(call(&app_a, Method::GET, "/api/v1/account/profile", Some(&token), None).await.0, 401, "ended on A too");
    assert_eq!(call(&app_b, Method::GET, "/api/v1/account/profile", Some(&token), None).await.0, 401);

    // The throttle counts for both: ten wrong passwords split across the hosts check five.
    let wrong = json!({ "Username": DEMO_EMAIL, "Password": "not the password" });
    let mut statuses = Vec::new();
    for i in 0..10 {
        let app = if i % 2 == 0 { &app_a } else { &app_b };
        statuses.push(call(app, Method::POST, "/api/v1/account/login", None, Some(wrong.clone())).await.0);
    }
    assert_eq!(statuses.iter().filter(|s| **s == 401).count(), 5, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 5, "{statuses:?}");

    // A shop page cached on B shows an order placed on A at once.
    let pantry = a.store.test_pantry_id(MAIN).await.unwrap().unwrap();
    let item = a.store.test_stock(pantry, 10, None).await.unwrap();
    let shopper = a.store.test_shopper("two-hosts@example.org").await.unwrap();
    a.store.test_answer_checkout_questions(shopper).await.unwrap();
    let shopper_token = a.tokens.issue(shopper, 0).unwrap();
    shop_page(&b, pantry).await;
    let (data, hit) = shop_page(&b, pantry).await;
    assert!(hit, "B serves the page from its cache");
    assert_eq!(shown(&data, item), 10);
    let start = clock.now() + Duration::days(1);
    let time = a.store.test_pickup_times(pantry).await.unwrap().into_iter().find(|(_, at)| *at > start).unwrap().0;
    let order = json!({
        "pantryLocationID": pantry, "pantryLocationPickupTimeID": time, "foodBankDeliveryTimeID": null,
        "foodInsecureNeighborAddressID": null,
        "pantryOrderItems": [{ "pantryInventoryItemID": item, "isSubstituteOk": true, "quantity": 3 }],
    });
    let (status, placed) = call(&app_a, Method::POST, "/api/v1/order", Some(&shopper_token), Some(order)).await;
    assert_eq!(status, 200, "{placed}");
    let order_id = placed["value"].as_i64().unwrap();
    let (data, hit) = shop_page(&b, pantry).await;
    assert!(!hit, "the order on A outdated B's cached page");
    assert_eq!(shown(&data, item), 7);

    // The no-show job, due on both hosts at once, runs on one and gives the stock back once.
    let ends = a.store.test_pickup_ends(order_id).await.unwrap().unwrap();
    clock.advance(ends - clock.now() + Duration::hours(3));
    let (ran_a, ran_b) = tokio::join!(a.run_due_jobs("host-a"), b.run_due_jobs("host-b"));
    // (The schedule job may run beside it, on either host: only the no-show's runs count here.)
    let runs = ran_a.unwrap().into_iter().chain(ran_b.unwrap()).filter(|(job, _)| *job == "no-show").count();
    assert!(runs <= 1, "one host at a time ({runs} runs)");
    for _ in 0..100 {
        if a.store.test_inventory_quantity(item).await.unwrap() == Some(10) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let _ = a.run_due_jobs("host-a").await;
    }
    assert_eq!(a.store.test_inventory_quantity(item).await.unwrap(), Some(10), "the no-show's stock is back");
    clock.advance(Duration::minutes(10));
    let _ = tokio::join!(a.run_due_jobs("host-a"), b.run_due_jobs("host-b"));
    assert_eq!(a.store.test_inventory_quantity(item).await.unwrap(), Some(10), "and only once");
    let (_, shown_order) =
        call(&app_b, Method::GET, &format!("/api/v1/orders/{order_id}"), Some(&shopper_token), None).await;
    assert_eq!(shown_order["value"]["pantryOrderStatusType"]["code"], "NO_SHOW");
    t.cleanup().await;
}
