//! `cargo bench --bench hosts`: what sharing one PostgreSQL database costs (issue 26 item 8). The
//! render bench's page mix (80% public pages the cache holds, 20% work: half pages rendered afresh,
//! half pantry searches of the API) runs against one host, then against two, each host the release
//! binary in a process of its own on one demo database, behind a small round-robin proxy in this
//! process (the one host goes through it too, so both rows pay the same hop), and prints
//! requests/s, p50 and p95 of each and their ratio. On a machine of few cores two hosts share the
//! same cores: the figure shows what the second host's own pool, engines and cache cost, not a gain.
use axum::{
    Router,
    body::Body,
    extract::{Request, State},
    http::{HeaderValue, StatusCode, header},
    response::Response,
};
use orderahead::db::{self, testdb::TestDb};
use std::{
    path::PathBuf,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

const SECRET: &str = "hosts bench shares this secret!!";
const CONNECTIONS: usize = 32;
/// A Columbus point with some twenty pantries within 10 miles (the demo's).
const SEARCH: &str = "/api/v1/locations?lat=39.9612&lng=-82.9988";

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted.get(((sorted.len().max(1) - 1) as f64 * p).round() as usize).copied().unwrap_or(f64::NAN)
}

/// One host: the release binary on the shared database, in its own process.
struct Host {
    child: std::process::Child,
    base: String,
    data: PathBuf,
}

impl Host {
    async fn start(database_url: &str, name: &str) -> Self {
        let data = std::env::temp_dir().join(format!("orderahead-bench-hosts-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let base = format!("http://127.0.0.1:{port}");
        // `--server-timing` lets the bench ask for a page rendered afresh (`Cache-Control: no-cache`).
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_orderahead"))
            .args(["--bind", &format!("127.0.0.1:{port}"), "--tile-url", "", "--server-timing"])
            .arg("--data-dir")
            .arg(&data)
            .env("DATABASE_URL", database_url)
            .env("ORDERAHEAD_TOKEN_SECRET", SECRET)
            .env("RUST_LOG", "error")
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("the orderahead binary");
        let host = Self { child, base, data };
        let client = reqwest::Client::new();
        let deadline = Instant::now() + Duration::from_secs(120);
        while Instant::now() < deadline {
            if client.get(format!("{}/readyz", host.base)).send().await.is_ok_and(|r| r.status().is_success()) {
                return host;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("host {name} did not become ready on {}", host.base);
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

/// The round-robin proxy: each request to the next host in turn, over kept-alive connections.
#[derive(Clone)]
struct Proxy {
    client: reqwest::Client,
    upstreams: Arc<[String]>,
    next: Arc<AtomicUsize>,
}

async fn forward(State(proxy): State<Proxy>, request: Request) -> Response {
    let upstream = &proxy.upstreams[proxy.next.fetch_add(1, Ordering::Relaxed) % proxy.upstreams.len()];
    let path = request.uri().path_and_query().map_or("/", |pq| pq.as_str());
    let mut outgoing = proxy.client.get(format!("{upstream}{path}"));
    if let Some(cache) = request.headers().get(header::CACHE_CONTROL) {
        outgoing = outgoing.header(header::CACHE_CONTROL, cache.clone());
    }
    match outgoing.send().await {
        Ok(res) => {
            let status = res.status();
            let kind = res.headers().get(header::CONTENT_TYPE).cloned();
            let body = res.bytes().await.unwrap_or_default();
            let mut answer = Response::new(Body::from(body));
            *answer.status_mut() = status;
            if let Some(kind) = kind {
                answer.headers_mut().insert(header::CONTENT_TYPE, kind);
            }
            answer
        }
        Err(_) => {
            let mut answer = Response::new(Body::empty());
            *answer.status_mut() = StatusCode::BAD_GATEWAY;
            answer.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain"));
            answer
        }
    }
}

/// Starts the proxy in this process; its base URL.
async fn proxy(upstreams: &[&Host]) -> String {
    let proxy = Proxy {
        client: reqwest::Client::builder().pool_max_idle_per_host(CONNECTIONS).build().unwrap(),
        upstreams: upstreams.iter().map(|h| h.base.clone()).collect(),
        next: Arc::default(),
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let app = Router::new().fallback(forward).with_state(proxy);
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    base
}

struct Load {
    per_second: f64,
    p50_ms: f64,
    p95_ms: f64,
    errors: u64,
}

/// `CONNECTIONS` clients for `secs` seconds on the mix: of every 10 requests, 8 cycle through the
/// cached `pages`, one is a page rendered afresh and one a pantry search.
async fn load(base: &str, pages: &[String], secs: u64) -> Load {
    let client = reqwest::Client::builder().pool_max_idle_per_host(CONNECTIONS).build().unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let (counter, errors) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let pages: Arc<[String]> = pages.into();
    let mut tasks = Vec::new();
    for _ in 0..CONNECTIONS {
        let (client, stop, counter, errors, pages, base) =
            (client.clone(), stop.clone(), counter.clone(), errors.clone(), pages.clone(), base.to_owned());
        tasks.push(tokio::spawn(async move {
            let mut times = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let n = counter.fetch_add(1, Ordering::Relaxed);
                let page = &pages[(n / 10) as usize % pages.len()];
                let request = match n % 10 {
                    0 => client.get(format!("{base}{page}")).header(header::CACHE_CONTROL, "no-cache"),
                    5 => client.get(format!("{base}{SEARCH}")),
                    _ => client.get(format!("{base}{page}")),
                };
                let t = Instant::now();
                match request.send().await {
                    Ok(res) if res.status().is_success() => {
                        let _ = res.bytes().await;
                    }
                    _ => {
                        errors.fetch_add(1, Ordering::Relaxed);
                    }
                }
                times.push(t.elapsed().as_secs_f64() * 1e3);
            }
            times
        }));
    }
    tokio::time::sleep(Duration::from_secs(secs)).await;
    stop.store(true, Ordering::Relaxed);
    let mut times = Vec::new();
    for t in tasks {
        times.extend(t.await.unwrap());
    }
    times.sort_by(f64::total_cmp);
    Load {
        per_second: times.len() as f64 / secs as f64,
        p50_ms: percentile(&times, 0.5),
        p95_ms: percentile(&times, 0.95),
        errors: errors.load(Ordering::Relaxed),
    }
}

fn print_load(label: &str, l: &Load) {
    println!("{label:<36} {:>9.0} {:>9.1} {:>9.1} {:>7}", l.per_second, l.p50_ms, l.p95_ms, l.errors);
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

#[tokio::main]
async fn main() {
    let secs = std::env::var("BENCH_LOAD_SECS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let t = TestDb::postgres().await;
    db::seed::seed_demo(t.db(), db::now(), orderahead::infra::auth::hash_password_blocking).await.unwrap();
    let (a, b) = tokio::join!(Host::start(t.url(), "a"), Host::start(t.url(), "b"));

    let client = reqwest::Client::new();
    let found: serde_json::Value =
        client.get(format!("{}{SEARCH}", a.base)).send().await.unwrap().json().await.unwrap();
    let pantry = found["value"][0]["pantryLocationID"]
        .as_i64()
        .or_else(|| found["value"][0]["id"].as_i64())
        .unwrap_or_else(|| panic!("a pantry near Columbus: {found}"));
    let pages = vec![
        "/".to_owned(),
        "/pantries?zip=43215".to_owned(),
        format!("/pantries/{pantry}"),
        format!("/products?pantry={pantry}"),
    ];
    let (one, two) = (proxy(&[&a]).await, proxy(&[&a, &b]).await);
    // Warm both hosts' page caches and engines the same way before measuring.
    for host in [&a.base, &b.base] {
        for page in &pages {
            if let Ok(res) = client.get(format!("{host}{page}")).send().await {
                let _ = res.bytes().await;
            }
        }
    }

    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    println!(
        "80/20 page mix over loopback, {CONNECTIONS} connections, {secs} s per row, {cores} cores, one PostgreSQL database"
    );
    println!("pages {pages:?}; of every 10 requests 8 cached, 1 rendered afresh, 1 {SEARCH}");
    println!("{:<36} {:>9} {:>9} {:>9} {:>7}", "", "req/s", "p50 ms", "p95 ms", "errors");
    let direct = load(&a.base, &pages, secs).await;
    print_load("one host, direct", &direct);
    let single = load(&one, &pages, secs).await;
    print_load("one host behind the proxy", &single);
    let double = load(&two, &pages, secs).await;
    print_load("two hosts behind the proxy", &double);
    println!(
        "two hosts / one host (both behind the proxy): {:.2}x requests/s, p50 {:.2}x, p95 {:.2}x; load average {}",
        double.per_second / single.per_second,
        double.p50_ms / single.p50_ms,
        double.p95_ms / single.p95_ms,
        load_average()
    );
    drop((a, b));
    t.cleanup().await;
}
