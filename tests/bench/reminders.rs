//! `cargo bench --bench reminders`: the reminder job writing the day before's reminders for 20,000
//! pickups at one pantry on one day (issue 25: ≤ 10 s to enqueue), every shopper taking e-mail and
//! texts (40,000 outbox rows), on SQLite and PostgreSQL (ORDERAHEAD_TEST_PG as for the other
//! benches). Each run starts from no reminders; a second run over the same day (which writes
//! nothing: the dedup keys are there) is timed too. Prints medians.
use chrono::{Duration, NaiveTime, TimeZone, Utc};
use chrono_tz::America::New_York;
use orderahead::{
    config::Config,
    db::{self, repo::Store, testdb::TestDb},
    infra::{auth, auth::Tokens, clock::TestClock},
    server,
    sms::SmsConfig,
    state::AppState,
};
use sea_orm::ConnectionTrait;
use std::{sync::Arc, time::Instant};

const RUNS: usize = 3;
const PICKUPS: usize = 20_000;
const PANTRY: &str = "Columbus Metropolitan Library - Main Library";

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

async fn run(label: &str, t: &TestDb, config: &Config) {
    db::seed::seed_demo(t.db(), db::now(), auth::hash_password_blocking).await.unwrap();
    let store = Store::new(t.db().clone());
    let pantry = store.test_pantry_id(PANTRY).await.unwrap().expect("the Main Library");
    // One pickup time three days out: its orders are reminded at noon the day before.
    let (time, starts) = store
        .test_pickup_times(pantry)
        .await
        .unwrap()
        .into_iter()
        .find(|(_, at)| *at > Utc::now() + Duration::days(3))
        .expect("a pickup time three days out");
    let day = starts.with_timezone(&New_York).date_naive();
    let eve = New_York
        .from_local_datetime(&day.pred_opt().unwrap().and_time(NaiveTime::from_hms_opt(12, 0, 0).unwrap()))
        .unwrap()
        .with_timezone(&Utc);
    let shoppers = store.test_bulk_shoppers("bench-reminder-", PICKUPS, "es").await.unwrap();
    store.test_bulk_pickup_orders(pantry, &[time], &shoppers, &[], PICKUPS).await.unwrap();

    let renderer = server::start_renderer(config).await.unwrap();
    let mut config = config.clone();
    // Texting on (nothing is sent: the bench times the writing of the outbox alone).
    config.sms = SmsConfig {
        base_url: "http://127.0.0.1:9".into(),
        account_sid: Some("ACbench".into()),
        auth_token: Some("bench".into()),
        from: Some("+16145550100".into()),
    };
    let state = AppState::with_clock(
        config,
        renderer,
        store,
        Tokens::from_secret(b"bench secret, thirty-two bytes!!"),
        Arc::new(TestClock::at(eve)),
    );
    let (mut first, mut again, mut written) = (Vec::new(), Vec::new(), 0);
    for _ in 0..RUNS {
        t.db().execute_unprepared("DELETE FROM outbox").await.unwrap();
        let t0 = Instant::now();
        written = state.send_reminders().await.unwrap();
        first.push(t0.elapsed().as_secs_f64());
        let t0 = Instant::now();
        assert_eq!(state.send_reminders().await.unwrap(), 0, "a second run writes nothing");
        again.push(t0.elapsed().as_secs_f64());
    }
    assert!(written >= 2 * PICKUPS as u64, "an e-mail and a text for each pickup: {written}");
    println!(
        "[{label}] {PICKUPS} pickups tomorrow, {written} reminders written: median {:.2} s [target 10 s]; \
         the same day again (nothing to write): median {:.2} s",
        median(first),
        median(again)
    );
}

#[tokio::main]
async fn main() {
    let config = Config::for_tests(std::env::temp_dir().join("orderahead-bench-reminders"));
    for label in ["sqlite", "postgres"] {
        let t = if label == "sqlite" { TestDb::sqlite().await } else { TestDb::postgres().await };
        run(label, &t, &config).await;
        t.cleanup().await;
    }
}
