//! `cargo bench --bench staff`: the staff side at a busy pantry (staff-side.md: 2,000 orders a
//! day), on SQLite and PostgreSQL (ORDERAHEAD_TEST_PG as for the other benches): the queue page
//! with 2,000 orders on its day (server render included), the pick list over 10,000 orders of
//! one day, the Today page of that day (its ratio to the queue page's), and the check-in look-up
//! by number on a day of 2,000. Prints medians (p50) and p95. Targets (issues 23 and 48): queue
//! ≤ 50 ms, Today ≤ 30 ms, pick list ≤ 100 ms, check-in ≤ 20 ms.
use axum::{
    Router,
    body::Body,
    http::{Request, header},
};
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
    infra::auth::{self, Tokens},
    server,
    state::AppState,
};
use std::time::Instant;
use tower::ServiceExt;

const QUEUE_ORDERS: usize = 2_000;
const PICK_ORDERS: usize = 10_000;
const LINES: usize = 5;
const SHOPPERS: usize = 500;
const RUNS: usize = 30;

/// (status, body length) of a GET with a bearer token or the session cookie.
async fn get(app: &Router, uri: &str, bearer: Option<&str>, cookie: Option<&str>) -> (u16, usize) {
    let (status, len, _) = get_timed(app, uri, bearer, cookie).await;
    (status, len)
}

/// The same with the answer's stages (its Server-Timing header: `name;dur=ms`).
async fn get_timed(
    app: &Router,
    uri: &str,
    bearer: Option<&str>,
    cookie: Option<&str>,
) -> (u16, usize, Vec<(String, f64)>) {
    let mut req = Request::get(uri);
    if let Some(t) = bearer {
        req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    if let Some(t) = cookie {
        req = req.header(header::COOKIE, format!("oa_session={t}"));
    }
    let res = app.clone().oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    let status = res.status().as_u16();
    let stages = res
        .headers()
        .get("server-timing")
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.split(',')
                .filter_map(|s| {
                    let (name, dur) = s.trim().split_once(";dur=")?;
                    Some((name.to_owned(), dur.parse().ok()?))
                })
                .collect()
        })
        .unwrap_or_default();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, bytes.len(), stages)
}

/// The median of each stage over `runs` answers.
async fn stage_medians(app: &Router, uri: &str, cookie: Option<&str>, runs: usize) -> String {
    let mut by_stage: Vec<(String, Vec<f64>)> = Vec::new();
    for _ in 0..runs {
        for (name, ms) in get_timed(app, uri, None, cookie).await.2 {
            match by_stage.iter_mut().find(|(n, _)| *n == name) {
                Some((_, v)) => v.push(ms),
                None => by_stage.push((name, vec![ms])),
            }
        }
    }
    by_stage
        .into_iter()
        .map(|(name, mut v)| {
            v.sort_by(f64::total_cmp);
            format!("{name} {:.1}", pct(&v, 0.5))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Times `runs` calls after two warm-ups; (p50, p95) in ms.
async fn timed(app: &Router, uri: &str, bearer: Option<&str>, cookie: Option<&str>, runs: usize) -> (f64, f64, usize) {
    let mut size = 0;
    for _ in 0..2 {
        let (status, len) = get(app, uri, bearer, cookie).await;
        assert_eq!(status, 200, "{uri}");
        size = len;
    }
    let mut times = Vec::new();
    for _ in 0..runs {
        let t0 = Instant::now();
        let (status, _) = get(app, uri, bearer, cookie).await;
        times.push(t0.elapsed().as_secs_f64() * 1e3);
        assert_eq!(status, 200, "{uri}");
    }
    times.sort_by(f64::total_cmp);
    (pct(&times, 0.5), pct(&times, 0.95), size)
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
    let pantry =
        store.test_pantry_id("Columbus Metropolitan Library - Main Library").await.unwrap().expect("demo pantry");
    let days = store.test_pickup_days(pantry).await.unwrap();
    let today = db::now().with_timezone(&chrono_tz::America::New_York).date_naive();
    let times_of = |day| days.iter().filter(|(_, d)| *d == day).map(|(id, _)| *id).collect::<Vec<_>>();
    // The check-in look-up reads the pantry's today: the 2,000 go there when it has pickup times.
    let queue_day = if times_of(today).is_empty() { days[0].1 } else { today };
    let pick_day = days.iter().map(|(_, d)| *d).find(|d| *d != queue_day).expect("a second pickup day");
    let mut shoppers = Vec::new();
    for i in 0..SHOPPERS {
        shoppers.push(store.test_shopper(&format!("bench-staff-{i}@example.org")).await.unwrap());
    }
    let mut stock = Vec::new();
    for _ in 0..LINES {
        stock.push(store.test_stock(pantry, 1_000, None).await.unwrap());
    }
    let started = Instant::now();
    let on_queue_day =
        store.test_bulk_pickup_orders(pantry, &times_of(queue_day), &shoppers, &stock, QUEUE_ORDERS).await.unwrap();
    store.test_bulk_pickup_orders(pantry, &times_of(pick_day), &shoppers, &stock, PICK_ORDERS).await.unwrap();
    if label == "postgres" {
        use sea_orm::ConnectionTrait;
        t.db().execute_unprepared("ANALYZE").await.unwrap();
    }
    println!(
        "[{label}] seeded {QUEUE_ORDERS} orders on {queue_day} and {PICK_ORDERS} on {pick_day} ({LINES} lines each) in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let staff = state.tokens.issue(store.test_user_id(DEMO_STAFF_EMAIL).await.unwrap().unwrap(), 0).unwrap();
    let volunteer = state.tokens.issue(store.test_user_id(DEMO_VOLUNTEER_EMAIL).await.unwrap().unwrap(), 0).unwrap();
    let app = http::app(state);

    let uri = format!("/staff/pantries/{pantry}?date={queue_day}");
    let (p50, p95, size) = timed(&app, &uri, None, Some(&staff), RUNS).await;
    let queue_p50 = p50;
    println!(
        "[{label}] queue page, {QUEUE_ORDERS} orders, rendered: p50 {p50:.1} ms, p95 {p95:.1} ms ({} KB) [target 50]",
        size / 1024
    );
    println!("[{label}] queue page stages (p50 ms): {}", stage_medians(&app, &uri, Some(&staff), 10).await);
    // Today counts the same day by pickup time and state in one grouped read; its peer is the
    // queue page above, which reads the day's index and lists 200 of them.
    let uri = format!("/staff?pantry={pantry}&date={queue_day}");
    let (p50, p95, size) = timed(&app, &uri, None, Some(&staff), RUNS).await;
    println!(
        "[{label}] Today page, {QUEUE_ORDERS} orders that day, rendered: p50 {p50:.1} ms, p95 {p95:.1} ms ({} KB) \
         [target 30]; {:.2}x the queue page's p50",
        size / 1024,
        p50 / queue_p50
    );
    println!("[{label}] Today page stages (p50 ms): {}", stage_medians(&app, &uri, Some(&staff), 10).await);
    let uri = format!("/api/v1/staff/queue?pantry={pantry}&date={queue_day}");
    let (p50, p95, _) = timed(&app, &uri, Some(&staff), None, RUNS).await;
    println!("[{label}] queue API, {QUEUE_ORDERS} orders: p50 {p50:.1} ms, p95 {p95:.1} ms");

    let uri = format!("/api/v1/staff/pick-list?pantry={pantry}&date={pick_day}");
    let (p50, p95, size) = timed(&app, &uri, Some(&staff), None, 10).await;
    println!(
        "[{label}] pick list API, {PICK_ORDERS} orders: p50 {p50:.1} ms, p95 {p95:.1} ms ({} KB) [target 100]",
        size / 1024
    );
    let uri = format!("/staff/pick-list.csv?pantry={pantry}&date={pick_day}");
    let (p50, p95, _) = timed(&app, &uri, None, Some(&staff), 10).await;
    println!("[{label}] pick list CSV, {PICK_ORDERS} orders: p50 {p50:.1} ms, p95 {p95:.1} ms");

    let mut times = Vec::new();
    for id in on_queue_day.iter().step_by(on_queue_day.len() / RUNS) {
        let req = Request::post("/api/v1/staff/check-in/search")
            .header(header::AUTHORIZATION, format!("Bearer {volunteer}"))
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(format!(r#"{{"search":"{id:X}"}}"#)))
            .unwrap();
        let t0 = Instant::now();
        let status = app.clone().oneshot(req).await.unwrap().status().as_u16();
        times.push(t0.elapsed().as_secs_f64() * 1e3);
        assert_eq!(status, 200);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "[{label}] check-in look-up by number, {QUEUE_ORDERS} orders that day: p50 {:.1} ms, p95 {:.1} ms [target 20]",
        pct(&times, 0.5),
        pct(&times, 0.95)
    );
}

#[tokio::main]
async fn main() {
    let config =
        Config { server_timing: true, ..Config::for_tests(std::env::temp_dir().join("orderahead-bench-staff")) };
    for label in ["sqlite", "postgres"] {
        let t = if label == "sqlite" { TestDb::sqlite().await } else { TestDb::postgres().await };
        run(label, &t, &config).await;
        t.cleanup().await;
    }
}
