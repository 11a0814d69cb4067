//! `cargo bench --bench api`: pantry search on a national-size data set
//! (`seed --scale 200`: 60,000 pantries) and orders per second with 100
//! concurrent buyers, on SQLite and on PostgreSQL (ORDERAHEAD_TEST_PG, default
//! the local `test` database; a throwaway database is made and dropped); and a
//! burst of 200 buyers at once on one item with 50 left: each order's latency
//! (p50, p99), against a named peer in the same run, the database alone doing
//! the same 200 conditional stock updates each in its own transaction.
use axum::{
    Router,
    body::Body,
    http::{Request, header},
};
use http_body_util::BodyExt;
use orderahead::{
    config::Config,
    db::{self, repo::Store, testdb::TestDb},
    geo, http,
    infra::auth::{self, Tokens},
    server,
    state::AppState,
};
use serde_json::{Value, json};
use std::{
    collections::HashMap,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};
use tower::ServiceExt;

const BUYERS: usize = 100;
const ORDER_SECONDS: u64 = 5;

async fn call(app: &Router, method: &str, uri: &str, token: Option<&str>, body: Option<Value>) -> (u16, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(t) = token {
        req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    let req = match body {
        Some(b) => req.header(header::CONTENT_TYPE, "application/json").body(Body::from(b.to_string())),
        None => req.body(Body::empty()),
    }
    .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Statements the app runs while `on`, by their first words: how many and their time in ms.
#[derive(Clone, Default)]
struct Tally {
    on: Arc<AtomicBool>,
    seen: Arc<Mutex<HashMap<String, (u64, f64)>>>,
}

impl Tally {
    /// Prints what `n` calls (searches, orders) ran per call, the costliest statements first.
    fn print(&self, label: &str, what: &str, n: usize, wall_ms: f64) {
        let seen = std::mem::take(&mut *self.seen.lock().unwrap());
        let (count, ms) = seen.values().fold((0, 0.0), |(c, t), (n, ms)| (c + n, t + ms));
        let n = n.max(1) as f64;
        println!(
            "[{label}] per {what}: {:.1} statements, {:.2} ms in them, of {:.2} ms in all (one at a time)",
            count as f64 / n,
            ms / n,
            wall_ms / n
        );
        let mut rows: Vec<_> = seen.into_iter().collect();
        rows.sort_by(|a, b| b.1.1.total_cmp(&a.1.1));
        for (sql, (count, ms)) in rows.into_iter().take(12) {
            println!("    {:>5.2} x {:>6.3} ms  {sql}", count as f64 / n, ms / n);
        }
    }
}

async fn state_for(t: &TestDb, config: &Config, tally: &Tally) -> AppState {
    let renderer = server::start_renderer(config).await.unwrap();
    let mut db = t.db().clone();
    let (on, seen) = (tally.on.clone(), tally.seen.clone());
    db.set_metric_callback(move |info| {
        if on.load(Ordering::Relaxed) {
            let words: String = info.statement.sql.chars().take(90).collect();
            let mut seen = seen.lock().unwrap();
            let entry = seen.entry(words).or_default();
            entry.0 += 1;
            entry.1 += info.elapsed.as_secs_f64() * 1e3;
        }
    });
    AppState::new(config.clone(), renderer, Store::new(db), Tokens::from_secret(b"bench secret, thirty-two bytes!!"))
}

async fn search(label: &str, t: &TestDb, config: &Config) {
    let started = Instant::now();
    let summary = db::seed::seed_scale(t.db(), 200, db::now()).await.unwrap();
    if label == "postgres" {
        // Fresh bulk data: give the planner statistics, as autovacuum would shortly.
        use sea_orm::ConnectionTrait;
        t.db().execute_unprepared("ANALYZE").await.unwrap();
    }
    println!(
        "[{label}] seed --scale 200: {} pantries, {} pickup times in {:.1} s",
        summary.pantries,
        summary.pickup_times,
        started.elapsed().as_secs_f64()
    );
    let tally = Tally::default();
    let app = http::app(state_for(t, config, &tally).await);
    let mut points = Vec::new();
    for id in 1..=400 {
        let (status, body) = call(&app, "GET", &format!("/api/v1/foodbanks/{id}"), None, None).await;
        let zip = body["value"]["address"]["postalCode"].as_str().map(str::to_owned);
        if status == 200
            && let Some(p) = zip.as_deref().and_then(geo::geocode)
        {
            points.push(p);
        }
    }
    // The server's time is until the answer's last byte; the JSON parse that follows is this
    // client's own work, timed apart.
    let (mut times, mut parsed) = (Vec::new(), Vec::new());
    let (mut found, mut bytes) = (0usize, 0usize);
    for p in &points {
        let uri = format!("/api/v1/locations?lat={}&lng={}&radiusMiles=10", p.lat, p.lng);
        let t0 = Instant::now();
        let res = app.clone().oneshot(Request::get(&uri).body(Body::empty()).unwrap()).await.unwrap();
        let status = res.status();
        let body = res.into_body().collect().await.unwrap().to_bytes();
        times.push(t0.elapsed().as_secs_f64() * 1e3);
        let body: Value = serde_json::from_slice(&body).unwrap();
        parsed.push(t0.elapsed().as_secs_f64() * 1e3);
        assert_eq!(status, 200, "{body}");
        found += body["value"].as_array().map_or(0, Vec::len);
        bytes += body.to_string().len();
    }
    times.sort_by(f64::total_cmp);
    parsed.sort_by(f64::total_cmp);
    let n = times.len().max(1) as f64;
    println!(
        "[{label}] pantry search, 10 miles, {} searches: p50 {:.2} ms, p95 {:.2} ms to the answer's last byte \
         ({:.0} pantries, {:.1} KB per answer); with the client's JSON parse p50 {:.2} ms",
        times.len(),
        pct(&times, 0.5),
        pct(&times, 0.95),
        found as f64 / n,
        bytes as f64 / n / 1024.0,
        pct(&parsed, 0.5),
    );
    tally.on.store(true, Ordering::Relaxed);
    let started = Instant::now();
    for p in points.iter().take(100) {
        let uri = format!("/api/v1/locations?lat={}&lng={}&radiusMiles=10", p.lat, p.lng);
        call(&app, "GET", &uri, None, None).await;
    }
    tally.on.store(false, Ordering::Relaxed);
    tally.print(label, "search", points.len().min(100), started.elapsed().as_secs_f64() * 1e3);
}

async fn orders(label: &str, t: &TestDb, config: &Config) {
    db::seed::seed_demo(t.db(), db::now(), auth::hash_password_blocking).await.unwrap();
    let tally = Tally::default();
    let state = state_for(t, config, &tally).await;
    let store = state.store.clone();
    let pantry =
        store.test_pantry_id("Columbus Metropolitan Library - Main Library").await.unwrap().expect("demo pantry");
    let time = store
        .test_pickup_times(pantry)
        .await
        .unwrap()
        .into_iter()
        .find(|(_, at)| *at > db::now())
        .expect("a pickup time")
        .0;
    let item = store.test_stock(pantry, 1_000_000, None).await.unwrap();
    let mut tokens = Vec::new();
    for i in 0..BUYERS {
        let id = store.test_shopper(&format!("bench-buyer-{i}@example.org")).await.unwrap();
        store.test_answer_checkout_questions(id).await.unwrap();
        tokens.push(state.tokens.issue(id, 0).unwrap());
    }
    let app = http::app(state);
    let order = move |token: &str| {
        let body = json!({ "pantryLocationID": pantry, "pantryLocationPickupTimeID": time,
            "pantryOrderItems": [{ "pantryInventoryItemID": item, "isSubstituteOk": false, "quantity": 1 }] });
        let (app, token) = (app.clone(), token.to_owned());
        async move { call(&app, "POST", "/api/v1/order", Some(&token), Some(body)).await.0 }
    };
    let done = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    for token in &tokens {
        let (done, refused, stop) = (done.clone(), refused.clone(), stop.clone());
        let order = order.clone();
        let token = token.clone();
        tasks.push(tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                let status = order(&token).await;
                if status == 200 { &done } else { &refused }.fetch_add(1, Ordering::Relaxed);
            }
        }));
    }
    tokio::time::sleep(Duration::from_secs(ORDER_SECONDS)).await;
    stop.store(true, Ordering::Relaxed);
    for task in tasks {
        task.await.unwrap();
    }
    let n = done.load(Ordering::Relaxed);
    println!(
        "[{label}] orders, {BUYERS} concurrent buyers, {ORDER_SECONDS} s: {:.0} orders/s ({n} placed, {} refused)",
        n as f64 / ORDER_SECONDS as f64,
        refused.load(Ordering::Relaxed)
    );
    tally.on.store(true, Ordering::Relaxed);
    let started = Instant::now();
    for token in &tokens {
        assert_eq!(order(token).await, 200);
    }
    tally.on.store(false, Ordering::Relaxed);
    tally.print(label, "order", tokens.len(), started.elapsed().as_secs_f64() * 1e3);
}

const BURST_BUYERS: usize = 200;
const BURST_STOCK: i32 = 50;

/// Starts every call of `each` at the same moment; their latencies in ms, with what each returned.
async fn all_at_once<T, F, Fut>(n: usize, each: F) -> Vec<(T, f64)>
where
    T: Send + 'static,
    F: Fn(usize) -> Fut,
    Fut: std::future::Future<Output = T> + Send + 'static,
{
    let gate = Arc::new(tokio::sync::Barrier::new(n));
    let tasks: Vec<_> = (0..n)
        .map(|i| {
            let (gate, call) = (gate.clone(), each(i));
            tokio::spawn(async move {
                gate.wait().await;
                let started = Instant::now();
                let out = call.await;
                (out, started.elapsed().as_secs_f64() * 1e3)
            })
        })
        .collect();
    let mut out = Vec::with_capacity(n);
    for task in tasks {
        out.push(task.await.unwrap());
    }
    out
}

fn p50_p99(results: &[(bool, f64)]) -> (f64, f64) {
    let mut ms: Vec<f64> = results.iter().map(|r| r.1).collect();
    ms.sort_by(f64::total_cmp);
    (pct(&ms, 0.5), pct(&ms, 0.99))
}

/// 200 buyers at once on one item with 50 left (issue 47: p99 under 0.5 s): every order's latency,
/// against the database alone taking the same 200 units each in its own transaction.
async fn burst(label: &str, t: &TestDb, config: &Config) {
    use sea_orm::{ConnectionTrait, Statement, TransactionTrait};
    db::seed::seed_demo(t.db(), db::now(), auth::hash_password_blocking).await.unwrap();
    let tally = Tally::default();
    let state = state_for(t, config, &tally).await;
    let store = state.store.clone();
    let pantry =
        store.test_pantry_id("Columbus Metropolitan Library - Main Library").await.unwrap().expect("demo pantry");
    let time = store
        .test_pickup_times(pantry)
        .await
        .unwrap()
        .into_iter()
        .find(|(_, at)| *at > db::now())
        .expect("a pickup time")
        .0;
    let item = store.test_stock(pantry, BURST_STOCK, None).await.unwrap();
    let mut tokens = Vec::new();
    for i in 0..BURST_BUYERS {
        let id = store.test_shopper(&format!("burst-buyer-{i}@example.org")).await.unwrap();
        store.test_answer_checkout_questions(id).await.unwrap();
        tokens.push(state.tokens.issue(id, 0).unwrap());
    }
    let app = http::app(state);
    tally.on.store(true, Ordering::Relaxed);
    let started = Instant::now();
    let orders = all_at_once(BURST_BUYERS, |i| {
        let body = json!({ "pantryLocationID": pantry, "pantryLocationPickupTimeID": time,
            "pantryOrderItems": [{ "pantryInventoryItemID": item, "isSubstituteOk": false, "quantity": 1 }] });
        let (app, token) = (app.clone(), tokens[i].clone());
        async move { call(&app, "POST", "/api/v1/order", Some(&token), Some(body)).await.0 == 200 }
    })
    .await;
    tally.on.store(false, Ordering::Relaxed);
    // Statement times under the burst include the waits for the rows other orders hold.
    tally.print(label, "burst order", BURST_BUYERS, started.elapsed().as_secs_f64() * 1e3);
    let placed = orders.iter().filter(|r| r.0).count();
    assert_eq!(placed, BURST_STOCK as usize, "every unit sold once, no more");

    // The peer: the same item's stock back to 50, then 200 bare conditional takes at once.
    let conn = t.db().clone();
    let backend = conn.get_database_backend();
    let param = if matches!(backend, sea_orm::DatabaseBackend::Postgres) { "$1" } else { "?" };
    let set = format!("UPDATE inventory_items SET quantity = {BURST_STOCK} WHERE id = {param}");
    conn.execute_raw(Statement::from_sql_and_values(backend, set, [item.into()])).await.unwrap();
    let take = format!("UPDATE inventory_items SET quantity = quantity - 1 WHERE id = {param} AND quantity >= 1");
    let bare = all_at_once(BURST_BUYERS, |_| {
        let (conn, take) = (conn.clone(), take.clone());
        async move {
            let txn = conn.begin().await.unwrap();
            let done = txn.execute_raw(Statement::from_sql_and_values(backend, take, [item.into()])).await.unwrap();
            txn.commit().await.unwrap();
            done.rows_affected() == 1
        }
    })
    .await;
    assert_eq!(bare.iter().filter(|r| r.0).count(), BURST_STOCK as usize);
    let ((o50, o99), (b50, b99)) = (p50_p99(&orders), p50_p99(&bare));
    println!(
        "[{label}] burst, {BURST_BUYERS} buyers at once, {BURST_STOCK} units: orders p50 {o50:.0} ms p99 {o99:.0} ms ({placed} placed); \
         peer (the database alone: bare conditional takes) p50 {b50:.0} ms p99 {b99:.0} ms; p99 ratio {:.1}x, target p99 < 500 ms",
        o99 / b99.max(0.001)
    );
}

#[tokio::main]
async fn main() {
    let config = Config::for_tests(std::env::temp_dir().join("orderahead-bench-api"));
    let only = std::env::var("BENCH_ONLY").ok();
    for label in ["sqlite", "postgres"] {
        let fresh = || async { if label == "sqlite" { TestDb::sqlite().await } else { TestDb::postgres().await } };
        // BENCH_ONLY=search|orders|burst runs one part.
        let part = |name: &str| only.as_deref().is_none_or(|o| o == name);
        if part("search") {
            let t = fresh().await;
            search(label, &t, &config).await;
            t.cleanup().await;
        }
        if part("orders") {
            let t = fresh().await;
            orders(label, &t, &config).await;
            t.cleanup().await;
        }
        if part("burst") {
            let t = fresh().await;
            burst(label, &t, &config).await;
            t.cleanup().await;
        }
    }
}
