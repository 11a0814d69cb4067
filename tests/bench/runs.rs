//! `cargo bench --bench runs`: delivery runs (issue 51) with the database, on SQLite and PostgreSQL
//! (ORDERAHEAD_TEST_PG as for the other benches; RUNS_BENCH_DB=sqlite or postgres runs one): a
//! window of 400 packed deliveries around the depot made into 8 runs
//! (`POST /api/v1/staff/delivery-windows/{id}/runs`, which answers with the board), and a driver
//! opening their run of 50 stops, the API's run sheet and the server-rendered page
//! (`/staff/runs/{id}`). Named peers in the same run: making the runs in memory alone (`geo::split`
//! and `geo::route` over the same points: what the database adds), and the food bank's admin opening one
//! order at the packing table (`/staff/orders/{id}`, the console's busiest page). Prints p50 and
//! p95. Targets: making runs ≤ 200 ms, the driver's page ≤ 20 ms p50.
use axum::{
    Router,
    body::Body,
    http::{Method, Request, header},
};
use http_body_util::BodyExt;
use orderahead::{
    config::Config,
    db::{
        self,
        repo::Store,
        seed::{DEMO_ADMIN_EMAIL, DEMO_DRIVER_EMAIL},
        testdb::TestDb,
    },
    geo::{GeoPoint, route, split},
    http,
    infra::{
        auth::{self, Tokens},
        clock::TestClock,
    },
    server,
    state::AppState,
};
use std::{hint::black_box, sync::Arc, time::Instant};
use tower::ServiceExt;

const STOPS: usize = 400;
const DRIVERS: usize = 8;
const RUNS: usize = 20;
const DEPOT: (f64, f64) = (39.8767, -83.0497);

/// (status, ms) of one call: a bearer token for the API, the session cookie for a page.
async fn call(app: &Router, method: Method, uri: &str, token: &str, body: Option<&str>) -> (u16, f64) {
    let mut req = Request::builder().method(method).uri(uri);
    req = if uri.starts_with("/api/") {
        req.header(header::AUTHORIZATION, format!("Bearer {token}"))
    } else {
        req.header(header::COOKIE, format!("oa_session={token}"))
    };
    if body.is_some() {
        req = req.header(header::CONTENT_TYPE, "application/json");
    }
    let req = req.body(Body::from(body.unwrap_or("").to_owned())).unwrap();
    let started = Instant::now();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    res.into_body().collect().await.unwrap();
    (status, started.elapsed().as_secs_f64() * 1000.0)
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// (p50, p95) of `RUNS` calls after two warm-ups, each answering 200.
async fn timed(app: &Router, method: Method, uri: &str, token: &str, body: Option<&str>) -> (f64, f64) {
    let mut times = Vec::new();
    for i in 0..RUNS + 2 {
        let (status, ms) = call(app, method.clone(), uri, token, body).await;
        assert_eq!(status, 200, "{uri}");
        if i >= 2 {
            times.push(ms);
        }
    }
    times.sort_by(f64::total_cmp);
    (pct(&times, 0.5), pct(&times, 0.95))
}

/// 400 homes over about 15 by 12 miles north of the depot, in a deterministic order.
fn homes() -> Vec<(f64, f64)> {
    (0..STOPS as u32)
        .map(|i| {
            let h = i.wrapping_mul(2_654_435_761);
            let (a, b) = (f64::from(h % 1000) / 1000.0, f64::from((h / 1000) % 1000) / 1000.0);
            (DEPOT.0 + 0.18 * a, DEPOT.1 - 0.14 + 0.28 * b)
        })
        .collect()
}

async fn run(label: &str, t: &TestDb, config: &Config) {
    db::seed::seed_demo(t.db(), db::now(), auth::hash_password_blocking).await.unwrap();
    let store = Store::new(t.db().clone());
    let driver = store.test_user_id(DEMO_DRIVER_EMAIL).await.unwrap().expect("the demo driver");
    let post = store.staff_posts(driver).await.unwrap()[0];
    let program = post.program_id.expect("a driver's program");
    let window = store
        .test_delivery_times()
        .await
        .unwrap()
        .into_iter()
        .find(|(_, p, _)| *p == program)
        .expect("a window of the program")
        .0;
    let item = store.test_delivery_stock(post.food_bank_id, program, 1_000_000).await.unwrap();
    let started = Instant::now();
    let shoppers = store.test_bulk_shoppers("runs-bench-", STOPS, "en").await.unwrap();
    let points = homes();
    let orders = store.test_bulk_ready_deliveries(window, &shoppers, &points, item).await.unwrap();
    println!(
        "[{label}] {} ready deliveries in one window seeded in {:.1} s",
        orders.len(),
        started.elapsed().as_secs_f64()
    );
    let admin = store.test_user_id(DEMO_ADMIN_EMAIL).await.unwrap().expect("admin");
    let renderer = server::start_renderer(config).await.unwrap();
    let clock = Arc::new(TestClock::at(chrono::Utc::now()));
    let tokens = Tokens::from_secret(b"bench secret, thirty-two bytes!!");
    let state = AppState::with_clock(config.clone(), renderer, store.clone(), tokens, clock);
    let (a, d) = (state.tokens.issue(admin, 0).unwrap(), state.tokens.issue(driver, 0).unwrap());
    let app = http::app(state);

    let make = format!("/api/v1/staff/delivery-windows/{window}/runs");
    let body = format!(r#"{{"drivers":{DRIVERS}}}"#);
    let (make50, make95) = timed(&app, Method::POST, &make, &a, Some(&body)).await;
    let depot = GeoPoint::new(DEPOT.0, DEPOT.1);
    let stops: Vec<(usize, GeoPoint)> = points.iter().enumerate().map(|(i, p)| (i, GeoPoint::new(p.0, p.1))).collect();
    let mut memory = Vec::new();
    for _ in 0..RUNS {
        let t0 = Instant::now();
        black_box(split(depot, &stops, DRIVERS).iter().map(|r| route(depot, r).1).sum::<f64>());
        memory.push(t0.elapsed().as_secs_f64() * 1000.0);
    }
    memory.sort_by(f64::total_cmp);
    let mem50 = pct(&memory, 0.5);
    println!(
        "[{label}] making {DRIVERS} runs of {STOPS} deliveries (API, board included): p50 {make50:.1} ms, p95 {make95:.1} ms \
         [target ≤ 200 ms]; peer, in memory alone: p50 {mem50:.1} ms ({:.1}× the peer)",
        make50 / mem50
    );

    let run = store.test_runs_of(window).await.unwrap()[0];
    let give = format!(r#"{{"driverUserID":{driver}}}"#);
    assert_eq!(call(&app, Method::POST, &format!("/api/v1/staff/runs/{run}/driver"), &a, Some(&give)).await.0, 200);
    let (api50, api95) = timed(&app, Method::GET, &format!("/api/v1/staff/runs/{run}"), &d, None).await;
    let (page50, page95) = timed(&app, Method::GET, &format!("/staff/runs/{run}"), &d, None).await;
    let (peer50, peer95) = timed(&app, Method::GET, &format!("/staff/orders/{}", orders[0]), &a, None).await;
    println!(
        "[{label}] the driver's run of {} stops: API p50 {api50:.1} ms, p95 {api95:.1} ms; page p50 {page50:.1} ms, \
         p95 {page95:.1} ms [target ≤ 20 ms p50]; peer, one order at the packing table (page): p50 {peer50:.1} ms, \
         p95 {peer95:.1} ms ({:.2}× the peer)",
        STOPS / DRIVERS,
        page50 / peer50
    );
}

#[tokio::main]
async fn main() {
    let config = Config::for_tests(std::env::temp_dir().join("orderahead-bench-runs"));
    let only = std::env::var("RUNS_BENCH_DB").ok();
    for label in ["sqlite", "postgres"].into_iter().filter(|l| only.as_deref().is_none_or(|o| o == *l)) {
        let t = if label == "sqlite" { TestDb::sqlite().await } else { TestDb::postgres().await };
        run(label, &t, &config).await;
        t.cleanup().await;
    }
}
