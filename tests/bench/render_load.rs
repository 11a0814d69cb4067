//! The render bench's load runs: clients against the host and the Node peer, their answers
//! counted, and the processes' memory.
use super::{percentile, uncached};
use orderahead::render::SERVER_BUNDLE;
use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

/// What a load run measured.
pub(crate) struct Load {
    pub(crate) per_second: f64,
    p50_ms: f64,
    p99_ms: f64,
    /// Answers that were the client-rendered shell (`"ssr":false`) rather than server HTML.
    pub(crate) shells: u64,
    pub(crate) errors: u64,
    pub(crate) total: u64,
}

/// `conns` clients requesting for `secs` seconds; one request in `uncached_every` is rendered afresh
/// (`uncached`, at an address no one asked for before), the
/// rest cycle through `pages`. `uncached_every == 1` makes every request a render.
pub(crate) async fn load(base: &str, pages: &[String], uncached_every: u64, secs: u64, conns: usize) -> Load {
    let client = reqwest::Client::builder().pool_max_idle_per_host(conns).build().unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let counter = Arc::new(AtomicU64::new(0));
    let (shells, errors) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let pages: Arc<[String]> = pages.into();
    let mut tasks = Vec::new();
    for _ in 0..conns {
        let (client, stop, counter, shells, errors, pages, base) = (
            client.clone(),
            stop.clone(),
            counter.clone(),
            shells.clone(),
            errors.clone(),
            pages.clone(),
            base.to_owned(),
        );
        tasks.push(tokio::spawn(async move {
            let mut times = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let n = counter.fetch_add(1, Ordering::Relaxed);
                let page = &pages[(n / uncached_every) as usize % pages.len()];
                let request = if n % uncached_every == 0 {
                    let sep = if page.contains('?') { '&' } else { '?' };
                    uncached(client.get(format!("{base}{page}{sep}n={n}")))
                } else {
                    client.get(format!("{base}{page}"))
                };
                let t = Instant::now();
                match request.send().await {
                    Ok(res) if res.status().is_success() => {
                        let body = res.text().await.unwrap_or_default();
                        if body.contains("\"ssr\":false") {
                            shells.fetch_add(1, Ordering::Relaxed);
                        }
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
        p99_ms: percentile(&times, 0.99),
        shells: shells.load(Ordering::Relaxed),
        errors: errors.load(Ordering::Relaxed),
        total: times.len() as u64,
    }
}

/// A process's resident MB: all, and its two parts (anonymous: heaps, stacks; file: the mapped
/// binary and libraries, ICU's data among them).
pub(crate) fn rss_of(pid: u32) -> (f64, f64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let mb = |key: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
            .map_or(f64::NAN, |kb| kb / 1024.0)
    };
    (mb("VmRSS:"), mb("RssAnon:"), mb("RssFile:"))
}

pub(crate) fn print_rss(name: &str, (all, anon, file): (f64, f64, f64)) -> String {
    format!("{name} {all:.0} MB (anonymous {anon:.0}, files {file:.0})")
}

/// The named peer of the load runs: a plain Node `http` server rendering every request with the
/// same bundle's `renderToString`, its data fetched from our `/_data` (tests/bench/node-peer.mjs).
pub(crate) struct NodePeer {
    pub(crate) child: std::process::Child,
    pub(crate) base: String,
}

impl NodePeer {
    pub(crate) fn start(data_origin: &str) -> Option<Self> {
        use std::io::BufRead;
        let dir = std::env::temp_dir().join("orderahead-bench");
        std::fs::create_dir_all(&dir).ok()?;
        let bundle = dir.join("server.js");
        std::fs::write(&bundle, SERVER_BUNDLE).ok()?;
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/bench/node-peer.mjs");
        let mut child = std::process::Command::new("node")
            .arg(script)
            .arg("--bundle")
            .arg(&bundle)
            .args(["--data-origin", data_origin, "--port", "0"])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .ok()?;
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take()?).read_line(&mut line).ok()?;
        let base = line.trim().strip_prefix("listening ")?.to_owned();
        Some(Self { child, base })
    }
}

impl Drop for NodePeer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn print_load(label: &str, conns: usize, l: &Load) {
    println!(
        "{label:<34} {conns:>5} {:>10.0} {:>9.1} {:>9.1} {:>8} {:>7}",
        l.per_second,
        l.p50_ms,
        l.p99_ms,
        format!("{:.2}%", 100.0 * l.shells as f64 / l.total.max(1) as f64),
        l.errors
    );
}
