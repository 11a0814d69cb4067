//! The demo host the benchmarks measure: the release binary in a process of its own.
use std::{path::PathBuf, time::Duration};

/// Our server as shoppers get it: the release binary in a process of its own (so its RSS is its
/// own), on a fresh demo database, default settings but the engine memory budget.
pub(crate) struct Host {
    pub(crate) child: std::process::Child,
    pub(crate) base: String,
    /// Its Prometheus metrics (`--metrics-bind`).
    pub(crate) metrics: String,
    pub(crate) _data: PathBuf,
}

impl Host {
    pub(crate) async fn start(memory_mb: usize) -> Self {
        let data = std::env::temp_dir().join(format!("orderahead-bench-host-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let base = format!("http://127.0.0.1:{port}");
        let metrics_port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let metrics = format!("http://127.0.0.1:{metrics_port}/metrics");
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_orderahead"))
            .args(["--bind", &format!("127.0.0.1:{port}"), "--tile-url", "", "--server-timing"])
            .args(["--metrics-bind", &format!("127.0.0.1:{metrics_port}")])
            // Its 200 clients share one address, which the bound per address is there to stop.
            .args(["--max-connections-per-address", "0"])
            .arg("--data-dir")
            .arg(&data)
            .args(["--render-memory-mb", &memory_mb.to_string()])
            .env("RUST_LOG", "error")
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("the orderahead binary");
        // Owned at once: Drop stops the process on every path, the panic below included.
        let host = Self { child, base, metrics, _data: data };
        let client = reqwest::Client::new();
        for _ in 0..600 {
            if client.get(format!("{}/robots.txt", host.base)).send().await.is_ok_and(|r| r.status().is_success()) {
                return host;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the host did not start on {}", host.base);
    }
}

impl Host {
    /// A counter or gauge of its metrics.
    pub(crate) async fn metric(&self, client: &reqwest::Client, name: &str) -> f64 {
        let text = client.get(&self.metrics).send().await.unwrap().text().await.unwrap();
        text.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok()).unwrap_or(f64::NAN)
    }

    /// Returns once every engine has made its warm-up renders of `pages` kept pages.
    pub(crate) async fn warmed_up(&self, client: &reqwest::Client, pages: usize, warm_up: usize) {
        let engines = self.metric(client, "orderahead_render_engines").await;
        let due = engines * (pages * warm_up) as f64;
        while self.metric(client, "orderahead_render_warm_ups_total").await < due {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self._data);
    }
}
