//! `cargo bench --bench schedule`: the schedule job publishing a 60-day horizon for 300 pantries
//! (`seed --scale`'s food bank of 300), each open Monday to Friday 09:00–12:00 in 15-minute slots
//! of 10 orders, on SQLite and PostgreSQL (ORDERAHEAD_TEST_PG as for the other benches). Each run
//! starts from no published times; a second pass over the same horizon (which makes nothing) is
//! timed too. Then the same for delivery: the job's delivery part publishing 60 days of windows for
//! the food bank's delivery programs (10, each delivering Monday to Saturday 08:00–20:00 in 2-hour
//! windows of 25 orders, in the food bank's zone). Prints medians. Target (issue 24): ≤ 2 s.
use orderahead::{
    config::Config,
    db::{self, repo::Store, testdb::TestDb},
    infra::auth::Tokens,
    server,
    state::AppState,
};
use sea_orm::ConnectionTrait;
use std::time::Instant;

const RUNS: usize = 3;
const HORIZON_DAYS: i32 = 60;
const DELIVERY_PROGRAMS: usize = 10;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

async fn run(label: &str, t: &TestDb, config: &Config) {
    let now = db::now();
    let seeded = db::seed::seed_scale(t.db(), 1, now).await.unwrap();
    let renderer = server::start_renderer(config).await.unwrap();
    let store = Store::new(t.db().clone());
    let state =
        AppState::new(config.clone(), renderer, store, Tokens::from_secret(b"bench secret, thirty-two bytes!!"));
    let stamp = if label == "postgres" { "now()" } else { "CURRENT_TIMESTAMP" };
    for weekday in 0..5 {
        t.db()
            .execute_unprepared(&format!(
                "INSERT INTO schedules (pantry_location_id, weekday, opens, closes, slot_minutes, capacity, created_at) \
                 SELECT id, {weekday}, '09:00:00', '12:00:00', 15, 10, {stamp} FROM pantry_locations"
            ))
            .await
            .unwrap();
    }
    t.db()
        .execute_unprepared(&format!(
            "INSERT INTO schedule_horizons (pantry_location_id, days) SELECT id, {HORIZON_DAYS} FROM pantry_locations"
        ))
        .await
        .unwrap();
    let (mut first, mut again, mut made) = (Vec::new(), Vec::new(), 0);
    for _ in 0..RUNS {
        t.db().execute_unprepared("DELETE FROM pickup_times WHERE schedule_id IS NOT NULL").await.unwrap();
        // The setup's delete leaves dead rows in PostgreSQL's indexes that a day's publishing
        // never meets (it adds a day's times at the end of the horizon): cleared before timing.
        if label == "postgres" {
            t.db().execute_unprepared("VACUUM ANALYZE pickup_times").await.unwrap();
        }
        let t0 = Instant::now();
        made = state.publish_schedules().await.unwrap();
        first.push(t0.elapsed().as_secs_f64());
        println!("[{label}] run: {:.2} s", t0.elapsed().as_secs_f64());
        let t0 = Instant::now();
        assert_eq!(state.publish_schedules().await.unwrap(), 0, "a second pass makes nothing");
        again.push(t0.elapsed().as_secs_f64());
    }
    println!(
        "[{label}] {} pantries, {HORIZON_DAYS}-day horizon, {made} pickup times made: median {:.2} s [target 2 s]; \
         the same horizon again (nothing to make): median {:.2} s",
        seeded.pantries,
        median(first),
        median(again)
    );

    for n in 0..DELIVERY_PROGRAMS {
        t.db()
            .execute_unprepared(&format!(
                "INSERT INTO delivery_programs (food_bank_id, name, is_active, horizon_days) \
                 SELECT id, 'Bench delivery {n}', true, {HORIZON_DAYS} FROM food_banks"
            ))
            .await
            .unwrap();
    }
    for weekday in 0..6 {
        t.db()
            .execute_unprepared(&format!(
                "INSERT INTO delivery_schedules (delivery_program_id, weekday, opens, closes, slot_minutes, capacity, created_at) \
                 SELECT id, {weekday}, '08:00:00', '20:00:00', 120, 25, {stamp} FROM delivery_programs"
            ))
            .await
            .unwrap();
    }
    let (mut first, mut again, mut made) = (Vec::new(), Vec::new(), 0);
    for _ in 0..RUNS {
        t.db().execute_unprepared("DELETE FROM delivery_times WHERE schedule_id IS NOT NULL").await.unwrap();
        let t0 = Instant::now();
        made = state.publish_delivery_schedules().await.unwrap();
        first.push(t0.elapsed().as_secs_f64());
        let t0 = Instant::now();
        assert_eq!(state.publish_delivery_schedules().await.unwrap(), 0, "a second pass makes nothing");
        again.push(t0.elapsed().as_secs_f64());
    }
    println!(
        "[{label}] {DELIVERY_PROGRAMS} delivery programs, {HORIZON_DAYS}-day horizon, {made} delivery windows made: \
         median {:.3} s [target 2 s]; the same horizon again (nothing to make): median {:.3} s",
        median(first),
        median(again)
    );
}

#[tokio::main]
async fn main() {
    let config = Config::for_tests(std::env::temp_dir().join("orderahead-bench-schedule"));
    for label in ["sqlite", "postgres"] {
        let t = if label == "sqlite" { TestDb::sqlite().await } else { TestDb::postgres().await };
        run(label, &t, &config).await;
        t.cleanup().await;
    }
}
