//! `cargo bench --bench render`: per-page server render time (median, p95) of the real
//! payloads of /, /pantries/{id}, /pantries?zip=43215 and /products?pantry={id} in QuickJS-NG,
//! JavaScriptCore and Node (V8, the named peer) from the same bundle, with JSC/Node and
//! QuickJS/Node ratios; then requests/s of `GET /` with and without the HTML cache, and RSS.
use orderahead::{
    config::Config,
    render::{EngineKind, PoolConfig, RenderPool, Renderer, SERVER_BUNDLE},
    server,
};
use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

const RENDERS: usize = 300;
const WARM_UP: usize = 50;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

async fn engine_render_ms(engine: EngineKind, payload: &str) -> (f64, f64) {
    let pool = RenderPool::start(SERVER_BUNDLE, PoolConfig { engine, threads: 1, ..PoolConfig::default() }).unwrap();
    let payload: Arc<str> = payload.into();
    for _ in 0..WARM_UP {
        pool.render(payload.clone()).await.unwrap();
    }
    let mut times = Vec::with_capacity(RENDERS);
    for _ in 0..RENDERS {
        let t = Instant::now();
        pool.render(payload.clone()).await.unwrap();
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    (percentile(&times, 0.5), percentile(&times, 0.95))
}

fn node_render_ms(payload: &str) -> Option<(f64, f64)> {
    let dir = std::env::temp_dir().join("orderahead-bench");
    std::fs::create_dir_all(&dir).ok()?;
    let bundle = dir.join("server.js");
    std::fs::write(&bundle, SERVER_BUNDLE).ok()?;
    let data = dir.join("payload.json");
    std::fs::write(&data, payload).ok()?;
    let script = format!(
        r#"const vm=require("vm"),fs=require("fs");const ctx={{}};vm.createContext(ctx);
vm.runInContext(fs.readFileSync({bundle:?},"utf8"),ctx);const p=fs.readFileSync({data:?},"utf8");
for(let i=0;i<{WARM_UP};i++)ctx.SSR.render(p);const t=[];
for(let i=0;i<{RENDERS};i++){{const s=process.hrtime.bigint();ctx.SSR.render(p);t.push(Number(process.hrtime.bigint()-s)/1e6);}}
t.sort((a,b)=>a-b);console.log(t[Math.round((t.length-1)*0.5)],t[Math.round((t.length-1)*0.95)]);"#,
        bundle = bundle.display().to_string(),
        data = data.display().to_string(),
    );
    let out = std::process::Command::new("node").arg("-e").arg(script).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut it = text.split_whitespace().filter_map(|s| s.parse().ok());
    Some((it.next()?, it.next()?))
}

/// The loader payload of a page, as the host hands it to the engine.
async fn payload(client: &reqwest::Client, base: &str, url: &str) -> String {
    client.get(format!("{base}/_data")).query(&[("url", url)]).send().await.unwrap().text().await.unwrap()
}

fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Requests/s of `GET <url>` over loopback with `conns` concurrent clients.
async fn requests_per_second(base: &str, unique_urls: bool, secs: u64, conns: usize) -> f64 {
    let client = reqwest::Client::new();
    let done = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let counter = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for _ in 0..conns {
        let (client, done, stop, counter, base) =
            (client.clone(), done.clone(), stop.clone(), counter.clone(), base.to_owned());
        tasks.push(tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                let url = if unique_urls {
                    format!("{base}/?n={}", counter.fetch_add(1, Ordering::Relaxed))
                } else {
                    format!("{base}/")
                };
                let res = client.get(url).send().await.unwrap();
                assert!(res.status().is_success());
                res.bytes().await.unwrap();
                done.fetch_add(1, Ordering::Relaxed);
            }
        }));
    }
    tokio::time::sleep(Duration::from_secs(secs)).await;
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        t.await.unwrap();
    }
    done.load(Ordering::Relaxed) as f64 / secs as f64
}

#[tokio::main]
async fn main() {
    let dir = std::env::temp_dir().join("orderahead-bench-data");
    let state = server::build_state(Config::for_tests(dir)).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(server::launch_with_listener(listener, state, std::future::pending()));

    let client = reqwest::Client::new();
    let list = payload(&client, &base, "/pantries?zip=43215").await;
    let pantry = regex_lite::Regex::new(r#""pantryLocationID":(\d+)"#).unwrap().captures(&list).unwrap()[1].to_owned();
    let node = std::process::Command::new("node")
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    println!(
        "median / p95 ms per render, {RENDERS} renders after {WARM_UP} warm-up, one engine instance, same bundle and payload"
    );
    println!(
        "{:<28} {:>16} {:>16} {:>16} {:>9} {:>9}",
        "page",
        "QuickJS-NG",
        "JavaScriptCore",
        format!("Node {node}"),
        "JSC/Node",
        "QJS/Node"
    );
    for url in [
        "/".to_owned(),
        format!("/pantries/{pantry}"),
        "/pantries?zip=43215".to_owned(),
        format!("/products?pantry={pantry}"),
    ] {
        let p = payload(&client, &base, &url).await;
        let (q50, q95) = engine_render_ms(EngineKind::Quickjs, &p).await;
        let (j50, j95) = engine_render_ms(EngineKind::Jsc, &p).await;
        let (n50, n95) = node_render_ms(&p).unwrap_or((f64::NAN, f64::NAN));
        println!(
            "{url:<28} {:>16} {:>16} {:>16} {:>8.2}x {:>8.2}x",
            format!("{q50:.2} / {q95:.2}"),
            format!("{j50:.2} / {j95:.2}"),
            format!("{n50:.2} / {n95:.2}"),
            j50 / n50,
            q50 / n50
        );
    }

    let cached = requests_per_second(&base, false, 5, 16).await;
    let uncached = requests_per_second(&base, true, 5, 16).await;
    println!(
        "GET / at {} cores, 16 connections, default engine: cached {cached:.0} req/s, uncached {uncached:.0} req/s, ratio {:.1}x",
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        cached / uncached
    );
    println!("RSS of this process after the run: {:.0} MB", rss_mb());
}
