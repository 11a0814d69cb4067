//! `cargo bench --bench stock`: the stock pages (issue 24), on SQLite and PostgreSQL
//! (ORDERAHEAD_TEST_PG as for the other benches): the stock page of a pantry with 500 items (server
//! render included, and its API), and the preview of a 5,000-row CSV upload of a pantry with 5,000
//! items. Prints medians (p50) and p95. Targets: stock page ≤ 30 ms, 5,000-row preview ≤ 1 s.
use axum::{
    Router,
    body::Body,
    http::{Request, header},
};
use http_body_util::BodyExt;
use orderahead::{
    config::Config,
    db::{self, repo::Store, seed::DEMO_STAFF_EMAIL, testdb::TestDb},
    http,
    infra::auth::{self, Tokens},
    server,
    state::AppState,
};
use std::time::Instant;
use tower::ServiceExt;

const PAGE_ITEMS: usize = 500;
const CSV_ROWS: usize = 5_000;
const RUNS: usize = 20;

/// Status and body length of a request with a bearer token or the session cookie.
async fn send(app: &Router, req: axum::http::request::Builder, body: Body) -> (u16, usize) {
    let res = app.clone().oneshot(req.body(body).unwrap()).await.unwrap();
    let status = res.status().as_u16();
    (status, res.into_body().collect().await.unwrap().to_bytes().len())
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Times `runs` calls of `call` after two warm-ups; (p50, p95) in ms and the answer's size.
async fn timed<F, Fut>(runs: usize, call: F) -> (f64, f64, usize)
where
    F: Fn() -> Fut,
    Fut: Future<Output = (u16, usize)>,
{
    let mut size = 0;
    for _ in 0..2 {
        let (status, len) = call().await;
        assert_eq!(status, 200);
        size = len;
    }
    let mut times = Vec::new();
    for _ in 0..runs {
        let t0 = Instant::now();
        let (status, _) = call().await;
        times.push(t0.elapsed().as_secs_f64() * 1e3);
        assert_eq!(status, 200);
    }
    times.sort_by(f64::total_cmp);
    (pct(&times, 0.5), pct(&times, 0.95), size)
}

/// Adds stock rows to the pantry until it has `n`; their ids.
async fn stock_of(store: &Store, pantry: i64, n: usize) -> Vec<i64> {
    let mut ids = Vec::with_capacity(n);
    for i in 0..n {
        ids.push(store.test_stock(pantry, (i % 50) as i32, None).await.unwrap());
    }
    ids
}

async fn run(label: &str, t: &TestDb, config: &Config) {
    db::seed::seed_demo(t.db(), db::now(), auth::hash_password_blocking).await.unwrap();
    let renderer = server::start_renderer(config).await.unwrap();
    let store = Store::new(t.db().clone());
    let state = AppState::new(
        config.clone(),
        renderer,
        store.clone(),
        Tokens::from_secret(b"bench secret, thirty-two bytes!!"),
    );
    let main =
        store.test_pantry_id("Columbus Metropolitan Library - Main Library").await.unwrap().expect("demo pantry");
    let park = store
        .test_pantry_id("Columbus Metropolitan Library - Driving Park Branch")
        .await
        .unwrap()
        .expect("demo pantry");
    let started = Instant::now();
    let shown = store.stock_rows(main, None).await.unwrap().len();
    stock_of(&store, main, PAGE_ITEMS.saturating_sub(shown)).await;
    let shown_park = store.stock_rows(park, None).await.unwrap().len();
    let mut csv_items = stock_of(&store, park, CSV_ROWS.saturating_sub(shown_park)).await;
    csv_items.extend(store.stock_rows(park, None).await.unwrap().iter().map(|r| r.id).take(CSV_ROWS - csv_items.len()));
    if label == "postgres" {
        use sea_orm::ConnectionTrait;
        t.db().execute_unprepared("ANALYZE").await.unwrap();
    }
    println!(
        "[{label}] seeded {PAGE_ITEMS} items at one pantry and {CSV_ROWS} at another in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let staff = state.tokens.issue(store.test_user_id(DEMO_STAFF_EMAIL).await.unwrap().unwrap(), 0).unwrap();
    let app = http::app(state);

    let uri = format!("/staff/stock?pantry={main}");
    let (p50, p95, size) = timed(RUNS, || {
        send(&app, Request::get(&uri).header(header::COOKIE, format!("oa_session={staff}")), Body::empty())
    })
    .await;
    println!(
        "[{label}] stock page, {PAGE_ITEMS} items, rendered: p50 {p50:.1} ms, p95 {p95:.1} ms ({} KB) [target 30]",
        size / 1024
    );
    let uri = format!("/api/v1/staff/stock?pantry={main}");
    let (p50, p95, _) = timed(RUNS, || {
        send(&app, Request::get(&uri).header(header::AUTHORIZATION, format!("Bearer {staff}")), Body::empty())
    })
    .await;
    println!("[{label}] stock API, {PAGE_ITEMS} items: p50 {p50:.1} ms, p95 {p95:.1} ms");

    let mut csv = String::from("itemId,quantity\n");
    for (i, id) in csv_items.iter().enumerate() {
        csv.push_str(&format!("{id},{}\n", i % 90));
    }
    let body = serde_json::json!({ "pantryId": park, "csv": csv }).to_string();
    let (p50, p95, size) = timed(10, || {
        let req = Request::post("/api/v1/staff/stock/imports")
            .header(header::AUTHORIZATION, format!("Bearer {staff}"))
            .header(header::CONTENT_TYPE, "application/json");
        send(&app, req, Body::from(body.clone()))
    })
    .await;
    println!(
        "[{label}] CSV preview, {CSV_ROWS} rows ({} KB): p50 {p50:.1} ms, p95 {p95:.1} ms ({} KB answer) [target 1000]",
        csv.len() / 1024,
        size / 1024
    );
}

#[tokio::main]
async fn main() {
    let config = Config::for_tests(std::env::temp_dir().join("orderahead-bench-stock"));
    for label in ["sqlite", "postgres"] {
        let t = if label == "sqlite" { TestDb::sqlite().await } else { TestDb::postgres().await };
        run(label, &t, &config).await;
        t.cleanup().await;
    }
}
