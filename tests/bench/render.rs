//! `cargo bench --bench render`: server render time of `/` in QuickJS, the same
//! bundle in Node 20, and requests/s of `GET /` with and without the HTML cache.
use orderahead::{
    config::Config,
    render::{PoolConfig, QuickJsPool, Renderer, SERVER_BUNDLE},
    server,
};
use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

const PAYLOAD: &str = r#"{"route":"home","status":200,"url":"/","data":{"infoSections":[]},"config":{"tileUrl":""}}"#;
const RENDERS: usize = 400;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

async fn quickjs_render_ms() -> (f64, f64) {
    let pool = QuickJsPool::start(SERVER_BUNDLE, PoolConfig { threads: 1, ..PoolConfig::default() }).unwrap();
    let payload: Arc<str> = PAYLOAD.into();
    for _ in 0..20 {
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

fn node_render_ms() -> Option<(f64, f64)> {
    let dir = std::env::temp_dir().join("orderahead-bench");
    std::fs::create_dir_all(&dir).ok()?;
    let bundle = dir.join("server.js");
    std::fs::write(&bundle, SERVER_BUNDLE).ok()?;
    let script = format!(
        r#"const vm=require("vm"),fs=require("fs");const ctx={{}};vm.createContext(ctx);
vm.runInContext(fs.readFileSync({bundle:?},"utf8"),ctx);const p={PAYLOAD:?};
for(let i=0;i<50;i++)ctx.SSR.render(p);const t=[];
for(let i=0;i<{RENDERS};i++){{const s=process.hrtime.bigint();ctx.SSR.render(p);t.push(Number(process.hrtime.bigint()-s)/1e6);}}
t.sort((a,b)=>a-b);console.log(t[Math.round((t.length-1)*0.5)],t[Math.round((t.length-1)*0.95)]);"#,
        bundle = bundle.display().to_string()
    );
    let out = std::process::Command::new("node").arg("-e").arg(script).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut it = text.split_whitespace().filter_map(|s| s.parse().ok());
    Some((it.next()?, it.next()?))
}

/// Requests/s of `GET <url>` over loopback with `conns` concurrent clients.
async fn requests_per_second(base: &str, unique_urls: bool, secs: u64, conns: usize) -> f64 {
    let client = reqwest::Client::new();
    let done = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let counter = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for _ in 0..conns {
        let (client, done, stop, counter, base) = (client.clone(), done.clone(), stop.clone(), counter.clone(), base.to_owned());
        tasks.push(tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                let url = if unique_urls { format!("{base}/?n={}", counter.fetch_add(1, Ordering::Relaxed)) } else { format!("{base}/") };
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
    let (q50, q95) = quickjs_render_ms().await;
    println!("render / in QuickJS-NG: median {q50:.2} ms, p95 {q95:.2} ms ({RENDERS} renders, 1 runtime)");
    match node_render_ms() {
        Some((n50, n95)) => println!(
            "render / in Node {}: median {n50:.3} ms, p95 {n95:.3} ms; QuickJS/Node median ratio {:.1}x",
            std::process::Command::new("node").arg("--version").output().map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned()).unwrap_or_default(),
            q50 / n50
        ),
        None => println!("render / in Node: node not available"),
    }

    let dir = std::env::temp_dir().join("orderahead-bench-data");
    let state = server::build_state(Config::for_tests(dir)).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(server::launch_with_listener(listener, state, std::future::pending()));
    let cached = requests_per_second(&base, false, 5, 16).await;
    let uncached = requests_per_second(&base, true, 5, 16).await;
    println!("GET / at {} cores, 16 connections: cached {cached:.0} req/s, uncached {uncached:.0} req/s, ratio {:.1}x",
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1), cached / uncached);
}
