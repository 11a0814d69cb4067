//! The host's metrics, in the Prometheus text format (OpenMetrics) of `prometheus-client`, the
//! Prometheus project's own Rust client: each host keeps its own registry (no process-wide
//! recorder, so the several hosts a test starts in one process count apart), and what other parts
//! already count (the render pool, the page cache, the database pool) is read when scraped rather
//! than counted twice. Served only on `--metrics-bind` (`http::metrics`), never on the public port.
//!
//! Every label has a bounded set of values: a route is the pattern that matched, never the path a
//! client sent; a method outside the standard ones is `other`; a job is one of `service::jobs`'.
use crate::{
    db::repo::Store,
    render::{RenderCache, Renderer},
};
use prometheus_client::{
    collector::Collector,
    encoding::{DescriptorEncoder, EncodeLabelSet, EncodeMetric},
    metrics::{
        counter::{ConstCounter, Counter},
        family::Family,
        gauge::{ConstGauge, Gauge},
        histogram::Histogram,
    },
    registry::Registry,
};
use std::{borrow::Cow, sync::Arc, time::Duration};

/// A request's labels: the route pattern that answered it, its method, its status.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RequestLabels {
    pub route: Cow<'static, str>,
    pub method: &'static str,
    pub status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct JobLabels {
    job: &'static str,
    outcome: &'static str,
}

/// Latency buckets from 1 ms to about 16 s: a cached page takes a millisecond or two, an
/// uncached one tens, and a request gives up at 30 s (`http::REQUEST_TIMEOUT`).
fn latency_histogram() -> Histogram {
    Histogram::new(prometheus_client::metrics::histogram::exponential_buckets(0.001, 2.0, 15))
}

/// What the host counts as it goes; the rest is read at each scrape (`Sampled`).
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Histogram, fn() -> Histogram>,
    shell_fallbacks: Counter,
    outbox_sent: Counter,
    outbox_failures: Counter,
    outbox_backlog: Gauge,
    outbox_given_up: Gauge,
    job_runs: Family<JobLabels, Counter>,
    store: Store,
    outbox_max_attempts: i32,
}

/// What the registry reads when scraped: the render pool's queue and counts, the page cache's
/// hits and misses, and the database pool's use.
struct Sampled {
    renderer: Arc<dyn Renderer>,
    cache: RenderCache,
    store: Store,
}

impl std::fmt::Debug for Sampled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sampled")
    }
}

fn gauge(encoder: &mut DescriptorEncoder, name: &str, help: &str, value: impl TryInto<i64>) -> std::fmt::Result {
    let metric = ConstGauge::new(value.try_into().unwrap_or(i64::MAX));
    metric.encode(encoder.encode_descriptor(name, help, None, metric.metric_type())?)
}

fn counter(encoder: &mut DescriptorEncoder, name: &str, help: &str, value: u64) -> std::fmt::Result {
    let metric = ConstCounter::new(value);
    metric.encode(encoder.encode_descriptor(name, help, None, metric.metric_type())?)
}

impl Collector for Sampled {
    fn encode(&self, mut encoder: DescriptorEncoder) -> std::fmt::Result {
        let e = &mut encoder;
        let render = self.renderer.load();
        gauge(e, "render_queue_depth", "Pages waiting for a free render engine.", render.queued)?;
        gauge(e, "render_engines", "Render engines (one per render thread).", render.engines)?;
        counter(e, "renders", "Pages the engines rendered.", render.renders)?;
        counter(e, "render_timeouts", "Renders that ran out of time, in an engine or queued.", render.timeouts)?;
        counter(e, "render_rejected", "Renders refused because the render queue was full.", render.rejected)?;
        counter(e, "render_errors", "Renders the page's JavaScript failed.", render.js_errors)?;
        counter(e, "render_warm_ups", "Renders of kept pages that warmed an idle engine up.", render.warm_ups)?;
        let cache = self.cache.stats();
        counter(e, "page_cache_hits", "Public pages served from the page cache.", cache.hits)?;
        counter(e, "page_cache_misses", "Public pages not in the page cache, or outdated there.", cache.misses)?;
        let pool = self.store.pool_use();
        gauge(e, "db_pool_connections", "Open database connections of this host's pool.", pool.open)?;
        gauge(e, "db_pool_idle", "Open database connections not in use.", pool.idle)?;
        gauge(e, "db_pool_max", "The pool's bound on open connections.", pool.max)?;
        Ok(())
    }
}

impl Metrics {
    /// `outbox_max_attempts`: the tries after which the sender gives a message up.
    pub fn new(renderer: Arc<dyn Renderer>, cache: RenderCache, store: Store, outbox_max_attempts: i32) -> Self {
        let mut registry = Registry::with_prefix("orderahead");
        let requests = Family::<RequestLabels, Histogram, fn() -> Histogram>::new_with_constructor(
            latency_histogram as fn() -> Histogram,
        );
        let (shell_fallbacks, outbox_sent, outbox_failures) = Default::default();
        let outbox_backlog = Gauge::default();
        let outbox_given_up = Gauge::default();
        let job_runs = Family::<JobLabels, Counter>::default();
        registry.register(
            "http_request_duration_seconds",
            "Requests by route pattern, method and status, and their time to the response head (its count is the requests)",
            requests.clone(),
        );
        registry.register(
            "render_shell_fallbacks",
            "Pages served as the client-rendered shell because the server render failed or timed out",
            Clone::clone(&shell_fallbacks),
        );
        registry.register("outbox_sent", "Messages this host's sender delivered", Clone::clone(&outbox_sent));
        registry.register(
            "outbox_failures",
            "Deliveries this host's sender tried that failed (each retried later with back-off)",
            Clone::clone(&outbox_failures),
        );
        registry.register(
            "outbox_backlog",
            "Messages in the shared outbox not sent yet and still to be tried (the same on every host)",
            outbox_backlog.clone(),
        );
        registry.register(
            "outbox_given_up",
            "Messages in the shared outbox no host will try again: every try failed (the same on every host)",
            outbox_given_up.clone(),
        );
        registry.register("job_runs", "Periodic jobs this host ran, by job and outcome", job_runs.clone());
        // `register` ends each help with a full stop; the collector's carry their own.
        registry.register_collector(Box::new(Sampled { renderer, cache, store: store.clone() }));
        Self {
            registry,
            requests,
            shell_fallbacks,
            outbox_sent,
            outbox_failures,
            outbox_backlog,
            outbox_given_up,
            job_runs,
            store,
            outbox_max_attempts,
        }
    }

    pub fn request(&self, labels: RequestLabels, took: Duration) {
        self.requests.get_or_create(&labels).observe(took.as_secs_f64());
    }

    pub fn shell_fallback(&self) {
        self.shell_fallbacks.inc();
    }

    pub fn outbox_pass(&self, sent: usize, failed: usize) {
        self.outbox_sent.inc_by(sent as u64);
        self.outbox_failures.inc_by(failed as u64);
    }

    pub fn job_ran(&self, job: &'static str, ok: bool) {
        self.job_runs.get_or_create(&JobLabels { job, outcome: if ok { "ok" } else { "failed" } }).inc();
    }

    /// The scrape: every metric in the text format, the outbox's figures read from the database
    /// first (left at its last value when the database does not answer).
    pub async fn encode(&self) -> String {
        match self.store.outbox_counts(self.outbox_max_attempts).await {
            Ok(counts) => {
                self.outbox_backlog.set(i64::try_from(counts.waiting).unwrap_or(i64::MAX));
                self.outbox_given_up.set(i64::try_from(counts.given_up).unwrap_or(i64::MAX));
            }
            Err(error) => tracing::warn!(%error, "metrics: outbox backlog unreadable"),
        }
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry).expect("writing to a String cannot fail");
        text
    }
}

/// The method as a label: the standard ones by name, any other `other` (a client may send any
/// token as a method, which must not make a new series).
pub fn method_label(method: &axum::http::Method) -> &'static str {
    const STANDARD: [&str; 7] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
    STANDARD.into_iter().find(|m| *m == method.as_str()).unwrap_or("other")
}
