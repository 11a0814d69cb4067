//! `cargo bench --bench door`: the day a door takes along (issue 50) for a pantry with 300 orders
//! on its day and 5,000 households in its directory, on SQLite and PostgreSQL (ORDERAHEAD_TEST_PG as
//! for the other benches): `GET /api/v1/staff/pantries/{id}/door` as a volunteer's phone asks for
//! it (gzip), its size on the wire and its time. The named peer, in the same run: one online
//! check-in look-up by name (`POST /api/v1/staff/check-in/search`), what the door does per shopper
//! without the copy. Prints p50 and p95. Targets: ≤ 300 KB compressed, ≤ 1 s.
use axum::{
    Router,
    body::Body,
    http::{Method, Request, header},
};
use chrono::TimeZone;
use http_body_util::BodyExt;
use orderahead::{
    config::Config,
    db::{
        self,
        repo::Store,
        seed::{DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL},
        testdb::TestDb,
    },
    http,
    infra::{
        auth::{self, Tokens},
        clock::TestClock,
    },
    server,
    state::AppState,
};
use std::{sync::Arc, time::Instant};
use tower::ServiceExt;

const HOUSEHOLDS: usize = 5_000;
const ORDERS: usize = 300;
const RUNS: usize = 20;

/// (status, bytes on the wire, ms) of one call with a bearer token, asking for gzip.
async fn call(app: &Router, method: Method, uri: &str, token: &str, body: Option<&str>) -> (u16, usize, f64) {
    let mut req = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::ACCEPT_ENCODING, "gzip");
    if body.is_some() {
        req = req.header(header::CONTENT_TYPE, "application/json");
    }
    let req = req.body(Body::from(body.unwrap_or("").to_owned())).unwrap();
    let started = Instant::now();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, bytes.len(), started.elapsed().as_secs_f64() * 1000.0)
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// (p50, p95, bytes) of `RUNS` calls after two warm-ups, each answering 200.
async fn timed(app: &Router, method: Method, uri: &str, token: &str, body: Option<&str>) -> (f64, f64, usize) {
    let mut times = Vec::new();
    let mut size = 0;
    for i in 0..RUNS + 2 {
        let (status, len, ms) = call(app, method.clone(), uri, token, body).await;
        assert_eq!(status, 200, "{uri}");
        size = len;
        if i >= 2 {
            times.push(ms);
        }
    }
    times.sort_by(f64::total_cmp);
    (pct(&times, 0.5), pct(&times, 0.95), size)
}

async fn run(label: &str, t: &TestDb, config: &Config) {
    db::seed::seed_demo(t.db(), db::now(), auth::hash_password_blocking).await.unwrap();
    let store = Store::new(t.db().clone());
    let bank = store.test_food_bank_id("COH").await.unwrap().expect("the demo's Columbus food bank");
    let main =
        store.test_pantry_id("Columbus Metropolitan Library - Main Library").await.unwrap().expect("demo pantry");
    // The door's day is the pantry's today: the clock stands at 8 am of its first pickup day.
    let days = store.test_pickup_days(main).await.unwrap();
    let day = days[0].1;
    let times: Vec<i64> = days.iter().filter(|(_, d)| *d == day).map(|(id, _)| *id).collect();
    let eight = chrono_tz::America::New_York.from_local_datetime(&day.and_hms_opt(8, 0, 0).unwrap()).unwrap();
    let started = Instant::now();
    store.test_bulk_households(bank, HOUSEHOLDS).await.unwrap();
    let shoppers = store.test_bulk_shoppers("door-bench-", ORDERS, "en").await.unwrap();
    let stock: Vec<i64> = {
        let mut ids = Vec::new();
        for _ in 0..5 {
            ids.push(store.test_stock(main, 1_000_000, None).await.unwrap());
        }
        ids
    };
    let orders = store.test_bulk_pickup_orders(main, &times, &shoppers, &stock, ORDERS).await.unwrap();
    for id in &orders {
        store.test_summarise_order(*id).await.unwrap();
    }
    println!(
        "[{label}] {HOUSEHOLDS} households and {ORDERS} orders on {day} seeded in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let volunteer = store.test_user_id(DEMO_VOLUNTEER_EMAIL).await.unwrap().expect("volunteer");
    let staff = store.test_user_id(DEMO_STAFF_EMAIL).await.unwrap().expect("staff");
    let renderer = server::start_renderer(config).await.unwrap();
    let clock = Arc::new(TestClock::at(eight.with_timezone(&chrono::Utc)));
    let tokens = Tokens::from_secret(b"bench secret, thirty-two bytes!!");
    let state = AppState::with_clock(config.clone(), renderer, store, tokens, clock);
    let (v, s) = (state.tokens.issue(volunteer, 0).unwrap(), state.tokens.issue(staff, 0).unwrap());
    let app = http::app(state);

    let uri = format!("/api/v1/staff/pantries/{main}/door");
    let (_, raw, _) = {
        let req = Request::builder().uri(&uri).header(header::AUTHORIZATION, format!("Bearer {v}")).body(Body::empty());
        let res = app.clone().oneshot(req.unwrap()).await.unwrap();
        let body = res.into_body().collect().await.unwrap().to_bytes();
        let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
        let (o, h) =
            (json["value"]["orders"].as_array().unwrap().len(), json["value"]["households"].as_array().unwrap().len());
        println!("[{label}] the day holds {o} orders and {h} households");
        assert!(o >= ORDERS && h >= HOUSEHOLDS, "{o} orders, {h} households");
        (0, body.len(), 0.0)
    };
    let (p50, p95, gz) = timed(&app, Method::GET, &uri, &v, None).await;
    println!(
        "[{label}] the door's day: {} KB gzip ({} KB raw), p50 {p50:.1} ms, p95 {p95:.1} ms [target ≤ 300 KB, ≤ 1000 ms]",
        gz / 1024,
        raw / 1024
    );
    let search = r#"{"search":"Shopper 12"}"#;
    let (peer50, peer95, _) = timed(&app, Method::POST, "/api/v1/staff/check-in/search", &s, Some(search)).await;
    println!(
        "[{label}] peer, one online check-in look-up by name: p50 {peer50:.1} ms, p95 {peer95:.1} ms; the day costs {:.0} look-ups",
        p50 / peer50
    );
}

#[tokio::main]
async fn main() {
    let config = Config::for_tests(std::env::temp_dir().join("orderahead-bench-door"));
    // DOOR_BENCH_DB=postgres (or sqlite) runs one database only.
    let only = std::env::var("DOOR_BENCH_DB").ok();
    for label in ["sqlite", "postgres"].into_iter().filter(|l| only.as_deref().is_none_or(|o| o == *l)) {
        let t = if label == "sqlite" { TestDb::sqlite().await } else { TestDb::postgres().await };
        run(label, &t, &config).await;
        t.cleanup().await;
    }
}
