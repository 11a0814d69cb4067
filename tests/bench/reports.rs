//! `cargo bench --bench reports`: the monthly report (issue 25 item 7) of a food bank with 300
//! pantries, 1,000,000 orders and 500,000 walk-in visits of 60,000 kept households over a year
//! (issue 49), on SQLite and PostgreSQL (ORDERAHEAD_TEST_PG as for
//! the other benches): the page rendered for the food bank's admin (every pantry's totals, the food
//! bank by day) and its CSV. Prints medians. Targets: ≤ 1 s on PostgreSQL, ≤ 3 s on SQLite.
use axum::{
    body::Body,
    http::{Request, header},
};
use chrono::{TimeZone, Utc};
use http_body_util::BodyExt;
use orderahead::{
    config::Config,
    db::{self, repo::Store, testdb::TestDb},
    domain::staff::StaffRole,
    http,
    infra::auth::Tokens,
    server,
    state::AppState,
};
use sea_orm::ConnectionTrait;
use std::time::Instant;
use tower::ServiceExt;

const ORDERS: i64 = 1_000_000;
const HOUSEHOLDS: i64 = 60_000;
const VISITS: i64 = 500_000;
const RUNS: usize = 5;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

async fn run(label: &str, t: &TestDb, config: &Config) {
    let now = db::now();
    let seeded = db::seed::seed_scale(t.db(), 1, now).await.unwrap();
    let store = Store::new(t.db().clone());
    let bank = store.test_food_bank_id(&db::seed::scale_food_bank_code(0)).await.unwrap().expect("benchmark food bank");
    let pantry = store.test_first_pantry(bank).await.unwrap().expect("a pantry");
    let stock = store.test_stock(pantry, 0, None).await.unwrap();
    let started = Instant::now();
    let year = Utc.with_ymd_and_hms(2025, 1, 1, 12, 0, 0).unwrap();
    store.test_bulk_report_orders(bank, stock, HOUSEHOLDS, ORDERS, year).await.unwrap();
    store.test_bulk_households(bank, HOUSEHOLDS as usize).await.unwrap();
    store.test_bulk_visits(bank, VISITS, year).await.unwrap();
    if label == "postgres" {
        t.db().execute_unprepared("ANALYZE").await.unwrap();
    }
    println!(
        "[{label}] {} pantries, {ORDERS} orders of {HOUSEHOLDS} accounts and {VISITS} visits of {HOUSEHOLDS} kept households over 2025 seeded in {:.1} s",
        seeded.pantries,
        started.elapsed().as_secs_f64()
    );
    let w = store.begin_write().await.unwrap();
    let granted = w
        .grant_staff(
            "bench-admin@example.org",
            StaffRole::Admin,
            db::repo::staff::grants::GrantPlace::FoodBank(bank),
            now,
        )
        .await
        .unwrap()
        .expect("granted");
    w.commit().await.unwrap();
    let admin = store.test_user_id("bench-admin@example.org").await.unwrap().expect("admin");
    let _ = granted;
    let renderer = server::start_renderer(config).await.unwrap();
    let state =
        AppState::new(config.clone(), renderer, store, Tokens::from_secret(b"bench secret, thirty-two bytes!!"));
    let token = state.tokens.issue(admin, 0).unwrap();
    let app = http::app(state);
    for (what, uri) in [("page", "/staff/reports?month=2025-06"), ("CSV", "/staff/reports.csv?month=2025-06")] {
        let mut times = Vec::new();
        let mut size = 0;
        for run in 0..RUNS + 1 {
            let req = Request::get(uri).header(header::COOKIE, format!("oa_session={token}"));
            let t0 = Instant::now();
            let res = app.clone().oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
            assert_eq!(res.status(), 200, "{uri}");
            size = res.into_body().collect().await.unwrap().to_bytes().len();
            // The first run warms the caches, as a server that has been up a while has them.
            if run > 0 {
                times.push(t0.elapsed().as_secs_f64());
            }
        }
        let target = if label == "postgres" { 1.0 } else { 3.0 };
        println!(
            "[{label}] monthly report {what}, 300 pantries, June 2025 ({} KB): median {:.2} s [target {target} s]",
            size / 1024,
            median(times)
        );
    }
}

#[tokio::main]
async fn main() {
    let config = Config::for_tests(std::env::temp_dir().join("orderahead-bench-reports"));
    // REPORTS_BENCH_DB=postgres (or sqlite) runs one database only.
    let only = std::env::var("REPORTS_BENCH_DB").ok();
    for label in ["sqlite", "postgres"].into_iter().filter(|l| only.as_deref().is_none_or(|o| o == *l)) {
        let t = if label == "sqlite" { TestDb::sqlite().await } else { TestDb::postgres().await };
        run(label, &t, &config).await;
        t.cleanup().await;
    }
}
