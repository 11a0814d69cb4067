//! `cargo bench --bench render`: per-page server render time (median, p95) of the real
//! payloads of /, /pantries/{id}, /pantries?zip=43215 and /products?pantry={id} in QuickJS-NG,
//! JavaScriptCore and Node (V8, the named peer) from the same bundle, with JSC/Node and
//! QuickJS/Node ratios; then requests/s and latency of an 80/20 cached/uncached page mix at 16 and
//! 200 connections against a plain Node `http` server (tests/bench/node-peer.mjs), each uncached
//! page's p50 against that server's with the host's stage breakdown (Server-Timing), the share of
//! server-rendered answers with 200 clients on uncached pages, and RSS of both.
mod demo_host;
mod render_load;

use demo_host::Host;
use orderahead::render::{EngineKind, PoolConfig, RenderPool, Renderer, SERVER_BUNDLE};
use render_load::{NodePeer, load, print_load, print_rss, rss_of};
use std::{
    sync::Arc,
    time::{Duration, Instant},
};

const RENDERS: usize = 300;
/// The pause between renders of the engines' second row.
const IDLE: Duration = Duration::from_millis(2);
const WARM_UP: usize = 50;
/// Cached pages asked for with `Accept-Encoding: br, gzip`, for the cache check and compress stages.
const COMPRESSED: usize = 100;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Renders per turn when JavaScriptCore and Node take turns on a page: the machine's speed drifts
/// over seconds (a shared VM), and turns let the drift fall on both.
const TURN: usize = 30;

/// Median and p95 ms, from unsorted samples.
fn p50_p95(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (percentile(&v, 0.5), percentile(&v, 0.95))
}

/// One engine in a pool of one thread, as the host renders: `warmed`, it first warms up on the
/// page as the host does (kept, then rendered `PoolConfig::warm_up` times while idle); otherwise
/// it is young. Then `WARM_UP` renders more.
async fn engine_pool(engine: EngineKind, payload: &Arc<str>, memory_mb: usize, warmed: bool) -> RenderPool {
    let warm_up = if warmed { PoolConfig::default().warm_up } else { 0 };
    let config = PoolConfig { engine, threads: 1, memory_limit: memory_mb << 20, warm_up, ..PoolConfig::default() };
    let pool = RenderPool::start(SERVER_BUNDLE, config).unwrap();
    if warm_up > 0 {
        pool.remember("bench", payload.clone());
        // An engine without a JIT (QuickJS) keeps nothing and makes no warm-up renders.
        while engine == EngineKind::Jsc && pool.load().warm_ups < warm_up as u64 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    for _ in 0..WARM_UP {
        pool.render(payload.clone()).await.unwrap();
    }
    pool
}

/// `n` renders with `idle` between two (zero: back to back; a host's render thread mostly waits
/// between pages, and caches cool meanwhile), appended as the asker waited through the pool
/// (queue, hand-off to the render thread and back) and as the engine call alone took (timed on
/// the render thread, as Node's renders are timed in its loop).
async fn pool_renders(pool: &RenderPool, payload: &Arc<str>, n: usize, idle: Duration, times: &mut Times) {
    for _ in 0..n {
        let t = Instant::now();
        let rendered = pool.render(payload.clone()).await.unwrap();
        times.pool.push(t.elapsed().as_secs_f64() * 1e3);
        times.engine.push(rendered.engine.as_secs_f64() * 1e3);
        if !idle.is_zero() {
            tokio::time::sleep(idle).await;
        }
    }
}

/// One engine's render times in ms, as the asker waited and as the engine took.
#[derive(Default)]
struct Times {
    pool: Vec<f64>,
    engine: Vec<f64>,
}

/// Node rendering the page in a `vm` context, as tests/bench/node-peer.mjs does, told how many
/// renders to time next on its standard input: `idle_ms` between them through a timer, as its
/// event loop would wait for the next request.
struct NodeRenders {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
}

impl NodeRenders {
    /// Node with the page, after `warm_up` renders of it.
    fn start(payload: &str, warm_up: usize) -> Option<Self> {
        use std::io::BufRead;
        let dir = std::env::temp_dir().join("orderahead-bench");
        std::fs::create_dir_all(&dir).ok()?;
        let bundle = dir.join("server.js");
        std::fs::write(&bundle, SERVER_BUNDLE).ok()?;
        let data = dir.join("payload.json");
        std::fs::write(&data, payload).ok()?;
        let script = format!(
            r#"const vm=require("vm"),fs=require("fs");const ctx={{}};vm.createContext(ctx);
vm.runInContext(fs.readFileSync({bundle:?},"utf8"),ctx);const p=fs.readFileSync({data:?},"utf8");
for(let i=0;i<{warm_up};i++)ctx.SSR.render(p);console.log("ready");
require("readline").createInterface({{input:process.stdin}}).on("line",(line)=>{{
const [n,idle]=line.split(" ").map(Number);const t=[];
const one=()=>{{const s=process.hrtime.bigint();ctx.SSR.render(p);t.push(Number(process.hrtime.bigint()-s)/1e6);}};
const done=()=>console.log(t.join(" "));
if(idle===0){{for(let i=0;i<n;i++)one();done();}}
else{{const next=()=>{{one();if(t.length<n)setTimeout(next,idle);else done();}};next();}}}});"#,
            bundle = bundle.display().to_string(),
            data = data.display().to_string(),
        );
        let mut child = std::process::Command::new("node")
            .arg("-e")
            .arg(script)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let mut output = std::io::BufReader::new(child.stdout.take()?).lines();
        (output.next()?.ok()? == "ready").then_some(Self { child, input, output })
    }

    fn renders(&mut self, n: usize, idle_ms: u64, times: &mut Vec<f64>) -> Option<()> {
        use std::io::Write;
        writeln!(self.input, "{n} {idle_ms}").ok()?;
        let line = self.output.next()?.ok()?;
        times.extend(line.split_whitespace().filter_map(|s| s.parse::<f64>().ok()));
        Some(())
    }
}

impl Drop for NodeRenders {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// JavaScriptCore (through the pool) and Node on the same page, `RENDERS` renders each in turns
/// of `TURN`, after the same warm-up: `warmed` as the host warms its engines (Node's as many
/// renders), else `WARM_UP` renders only. Node's times are `None` when it could not run.
async fn jsc_and_node(payload: &str, memory_mb: usize, idle: Duration, warmed: bool) -> (Times, Option<Vec<f64>>) {
    let payload: Arc<str> = payload.into();
    let pool = engine_pool(EngineKind::Jsc, &payload, memory_mb, warmed).await;
    let warm_up = if warmed { PoolConfig::default().warm_up } else { 0 };
    let mut node = NodeRenders::start(&payload, warm_up + WARM_UP);
    let (mut jsc, mut theirs) = (Times::default(), Vec::new());
    for _ in 0..RENDERS / TURN {
        pool_renders(&pool, &payload, TURN, idle, &mut jsc).await;
        if node.as_mut().and_then(|n| n.renders(TURN, idle.as_millis() as u64, &mut theirs)).is_none() {
            node = None;
        }
    }
    (jsc, node.map(|_| theirs))
}

/// The loader payload of a page, as the host hands it to the engine.
async fn payload(client: &reqwest::Client, base: &str, url: &str) -> String {
    client.get(format!("{base}/_data")).query(&[("url", url)]).send().await.unwrap().text().await.unwrap()
}

/// A request the host must render afresh. The page cache keys a page on the parameters its
/// loader reads only, so a fresh address no longer misses it; with `--server-timing` (the
/// bench's diagnostics) the host honours `no-cache` instead. The Node peer renders every request.
fn uncached(request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
    request.header(reqwest::header::CACHE_CONTROL, "no-cache")
}

/// `BENCH_SKIP=engines,load` leaves those sections out (a quicker run while working on one
/// stage); the default runs all of them, as the issue's "one run" asks.
fn skipped(section: &str) -> bool {
    std::env::var("BENCH_SKIP").is_ok_and(|v| v.split(',').any(|s| s.trim() == section))
}

#[tokio::main]
async fn main() {
    let memory_mb = std::env::var("BENCH_ENGINE_RAM_MB")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(PoolConfig::default().memory_limit >> 20);
    println!("render engine memory budget: {memory_mb} MB (JavaScriptCore forceRAMSize)");
    let host = Host::start(memory_mb).await;
    let base = host.base.clone();

    let client = reqwest::Client::new();
    let list = payload(&client, &base, "/pantries?zip=43215").await;
    let pantry = regex_lite::Regex::new(r#""pantries":\[\{"id":(\d+)"#).unwrap().captures(&list).unwrap()[1].to_owned();
    let node = std::process::Command::new("node")
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    let host_warm_up = PoolConfig::default().warm_up;
    if !skipped("engines") {
        println!(
            "median / p95 ms per render, {RENDERS} renders after {WARM_UP} more, one engine instance, same bundle and payload; \
             engines warmed up as the host warms them: {host_warm_up} renders of the page first (Node's as many); \
             JavaScriptCore and Node take turns of {TURN} renders"
        );
        println!(
            "{:<28} {:>16} {:>16} {:>16} {:>16} {:>9} {:>9}",
            "page",
            "QuickJS-NG",
            "JSC via pool",
            "JavaScriptCore",
            format!("Node {node}"),
            "JSC/Node",
            "QJS/Node"
        );
        let (mut idle_rows, mut young_rows) = (Vec::new(), Vec::new());
        for url in [
            "/".to_owned(),
            format!("/pantries/{pantry}"),
            "/pantries?zip=43215".to_owned(),
            format!("/products?pantry={pantry}"),
        ] {
            let p = payload(&client, &base, &url).await;
            let quickjs = {
                let p: Arc<str> = p.as_str().into();
                let pool = engine_pool(EngineKind::Quickjs, &p, memory_mb, false).await;
                let mut times = Times::default();
                pool_renders(&pool, &p, RENDERS, Duration::ZERO, &mut times).await;
                p50_p95(times.engine)
            };
            let nan = || vec![f64::NAN];
            let (j, n) = jsc_and_node(&p, memory_mb, Duration::ZERO, true).await;
            let (ji, ni) = jsc_and_node(&p, memory_mb, IDLE, true).await;
            let (jy, ny) = jsc_and_node(&p, memory_mb, Duration::ZERO, false).await;
            let row = |t: Times, n: Vec<f64>| {
                let (pool, engine, node) = (p50_p95(t.pool), p50_p95(t.engine), p50_p95(n));
                format!(
                    "{:>16} {:>16} {:>16} {:>8.2}x",
                    format!("{:.2} / {:.2}", pool.0, pool.1),
                    format!("{:.2} / {:.2}", engine.0, engine.1),
                    format!("{:.2} / {:.2}", node.0, node.1),
                    engine.0 / node.0
                )
            };
            idle_rows.push(format!("{url:<28} {}", row(ji, ni.unwrap_or_else(nan))));
            young_rows.push(format!("{url:<28} {}", row(jy, ny.unwrap_or_else(nan))));
            let n = n.unwrap_or_else(nan);
            let node_p50 = p50_p95(n.clone()).0;
            println!(
                "{url:<28} {:>16} {} {:>8.2}x",
                format!("{:.2} / {:.2}", quickjs.0, quickjs.1),
                row(j, n),
                quickjs.0 / node_p50
            );
        }
        println!(
            "(engines: the engine call on its thread, as Node's; via pool: the asker's whole wait. Target: JSC/Node at most 1.2x)"
        );
        let header = || {
            println!(
                "{:<28} {:>16} {:>16} {:>16} {:>9}",
                "page",
                "JSC via pool",
                "JavaScriptCore",
                format!("Node {node}"),
                "JSC/Node"
            )
        };
        println!("the same with {} ms idle between renders (a waiting host's caches cool; V8's too)", IDLE.as_millis());
        header();
        for row in idle_rows {
            println!("{row}");
        }
        println!(
            "the same on young engines: {WARM_UP} renders before the timed ones, no warm-up (what a host that kept no page meets)"
        );
        header();
        for row in young_rows {
            println!("{row}");
        }
    }
    println!();
    // Page data: what each page inlines, and how long its loader takes (as `/_data` answers it,
    // so JSON and loopback HTTP included).
    println!("{:<28} {:>12} {:>16}", "page data", "payload KB", "/_data p50 / p95 ms");
    for url in [
        "/".to_owned(),
        format!("/pantries/{pantry}"),
        "/pantries?zip=43215".to_owned(),
        format!("/products?pantry={pantry}"),
    ] {
        let size = payload(&client, &base, &url).await.len();
        let mut times = Vec::with_capacity(RENDERS);
        for _ in 0..RENDERS {
            let t = Instant::now();
            payload(&client, &base, &url).await;
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
        times.sort_by(f64::total_cmp);
        let (p50, p95) = (percentile(&times, 0.5), percentile(&times, 0.95));
        println!("{url:<28} {:>12.1} {:>16}", size as f64 / 1024.0, format!("{p50:.2} / {p95:.2}"));
    }
    println!("(target: at most 25 KB for /pantries?zip= and /products)");

    // Uncached pages one at a time, host and Node peer taking turns: each answer's whole time, and
    // the host's own account of its stages (its Server-Timing header).
    let peer = NodePeer::start(&base);
    let pages = [
        "/".to_owned(),
        format!("/pantries/{pantry}"),
        "/pantries?zip=43215".to_owned(),
        format!("/products?pantry={pantry}"),
    ];
    println!();
    println!(
        "uncached pages, one request at a time, {RENDERS} each after {WARM_UP} warm-up (p50 ms; stages from Server-Timing: route match, cache check, loader, payload serialisation, queue wait, engine call, document, compression)"
    );
    println!("{:<28} {:>8} {:>8} {:>9}  host stages", "page", "host", "Node", "host/Node");
    // The host keeps each page it rendered first and warms its engine on it while idle; the
    // timing starts once that is done, and the peer has rendered each page as often.
    let mut n = 0u64;
    for page in &pages {
        let sep = if page.contains('?') { '&' } else { '?' };
        n += 1;
        uncached(client.get(format!("{base}{page}{sep}u={n}"))).send().await.unwrap().text().await.unwrap();
    }
    host.warmed_up(&client, pages.len(), host_warm_up).await;
    // The peer's V8 gets as many renders of each page, so both are timed warm.
    if let Some(peer) = &peer {
        for page in &pages {
            let sep = if page.contains('?') { '&' } else { '?' };
            let turns: Vec<_> = (0..4)
                .map(|_| {
                    let (client, url) = (client.clone(), format!("{}{page}{sep}warm=1", peer.base));
                    tokio::spawn(async move {
                        for _ in 0..host_warm_up / 4 {
                            client.get(&url).send().await.unwrap().text().await.unwrap();
                        }
                    })
                })
                .collect();
            for turn in turns {
                turn.await.unwrap();
            }
        }
    }
    for page in &pages {
        let sep = if page.contains('?') { '&' } else { '?' };
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        let mut stages: std::collections::BTreeMap<String, Vec<f64>> = Default::default();
        let mut order: Vec<String> = Vec::new();
        for i in 0..WARM_UP + RENDERS {
            n += 1;
            let t = Instant::now();
            let res = uncached(client.get(format!("{base}{page}{sep}u={n}"))).send().await.unwrap();
            let timing = res.headers().get("server-timing").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
            res.text().await.unwrap();
            let host_ms = t.elapsed().as_secs_f64() * 1e3;
            let peer_ms = match &peer {
                Some(peer) => {
                    let t = Instant::now();
                    client.get(format!("{}{page}{sep}u={n}", peer.base)).send().await.unwrap().text().await.unwrap();
                    t.elapsed().as_secs_f64() * 1e3
                }
                None => f64::NAN,
            };
            if i < WARM_UP {
                continue;
            }
            ours.push(host_ms);
            theirs.push(peer_ms);
            for part in timing.split(", ").filter(|p| !p.is_empty()) {
                let (name, dur) = part.split_once(";dur=").unwrap_or((part, "nan"));
                if !order.iter().any(|o| o == name) {
                    order.push(name.to_owned());
                }
                stages.entry(name.to_owned()).or_default().push(dur.parse().unwrap_or(f64::NAN));
            }
        }
        let median = |mut v: Vec<f64>| {
            v.sort_by(f64::total_cmp);
            percentile(&v, 0.5)
        };
        // The peer never compresses, so the comparison above asks the host for identity; a browser
        // asks for Brotli. Those answers come from the cache here (the address differs only in a
        // parameter the loader does not read), so they also time the cache check of a hit.
        let (mut cached, mut check, mut compress) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..COMPRESSED {
            n += 1;
            let t = Instant::now();
            let res = client
                .get(format!("{base}{page}{sep}u={n}"))
                .header(reqwest::header::ACCEPT_ENCODING, "br, gzip")
                .send()
                .await
                .unwrap();
            let timing = res.headers().get("server-timing").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
            res.bytes().await.unwrap();
            cached.push(t.elapsed().as_secs_f64() * 1e3);
            let stage = |name: &str| {
                let prefix = format!("{name};dur=");
                timing.split(", ").find_map(|p| p.strip_prefix(prefix.as_str())?.parse().ok()).unwrap_or(f64::NAN)
            };
            check.push(stage("cache"));
            compress.push(stage("compress"));
        }
        let (h, p) = (median(ours), median(theirs));
        let breakdown: Vec<String> =
            order.iter().map(|name| format!("{name} {:.2}", median(stages.remove(name).unwrap_or_default()))).collect();
        println!("{page:<28} {h:>8.2} {p:>8.2} {:>8.2}x  {}", h / p, breakdown.join(", "));
        println!(
            "{:<28} {:>8.2} {:>8} {:>9}  a cached page with Accept-Encoding br: cache check {:.2}, compress {:.2}",
            "",
            median(cached),
            "",
            "",
            median(check),
            median(compress)
        );
    }
    println!("(target: host/Node at most 0.8x on every page)");

    // Load: 80% of requests for pages the cache holds, 20% for pages it cannot (a fresh address
    // each time), then every request a render; against the plain Node server on the same pages.
    if !skipped("load") {
        let secs = std::env::var("BENCH_LOAD_SECS").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        println!();
        println!("load over loopback, {cores} cores, {secs} s per row, pages {pages:?}");
        println!(
            "{:<34} {:>5} {:>10} {:>9} {:>9} {:>8} {:>7}",
            "server, request mix", "conns", "req/s", "p50 ms", "p99 ms", "shell", "errors"
        );
        let mut ratios = Vec::new();
        for conns in [16, 200] {
            let ours = load(&base, &pages, 5, secs, conns).await;
            print_load("host, 80% cached / 20% not", conns, &ours);
            if let Some(peer) = &peer {
                let theirs = load(&peer.base, &pages, 1, secs, conns).await;
                print_load(&format!("Node {node} http, every request"), conns, &theirs);
                ratios.push((conns, ours.per_second / theirs.per_second));
            }
        }
        let all_renders = load(&base, &pages, 1, secs.max(30), 200).await;
        print_load("host, every request a render", 200, &all_renders);
        for (conns, ratio) in ratios {
            println!("host mix / Node at {conns} connections: {ratio:.1}x requests/s (target: at least 3x)");
        }
        println!(
            "server-rendered answers with 200 clients, all uncached: {:.2}% (target: at least 99%), errors {}",
            100.0 * (all_renders.total - all_renders.shells - all_renders.errors) as f64
                / all_renders.total.max(1) as f64,
            all_renders.errors
        );
    }
    // Right after the last row (the host's, 30 s of renders; the Node peer's row ran before it),
    // then after two quiet seconds for both, in which the host hands back what its burst freed.
    let both = || {
        let node = peer.as_ref().map_or((f64::NAN, f64::NAN, f64::NAN), |p| rss_of(p.child.id()));
        format!("{}, {}", print_rss("host", rss_of(host.child.id())), print_rss("Node peer", node))
    };
    println!("RSS right after the runs: {}", both());
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    println!("RSS 2 s after the runs:   {} (target: host at most 150 MB)", both());
}
