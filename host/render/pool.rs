//! One QuickJS runtime per worker thread, fed through a bounded queue. A runtime
//! that failed (exception, time limit, memory limit) is thrown away and rebuilt
//! from the bytecode, so one bad render cannot poison the next.
use super::{
    RenderError, RenderFuture, Rendered, Renderer,
    engine::{self, Engine, THREAD_STACK_BYTES},
};
use std::{
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};
use tokio::sync::oneshot;

#[derive(Clone, Debug)]
pub struct PoolConfig {
    pub threads: usize,
    /// Jobs waiting beyond the ones being rendered; past it a request gets the client shell.
    pub queue: usize,
    pub time_limit: Duration,
    pub memory_limit: usize,
}

impl Default for PoolConfig {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        Self { threads: cores, queue: cores * 32, time_limit: Duration::from_millis(500), memory_limit: 64 << 20 }
    }
}

#[derive(Default, Debug)]
pub struct PoolStats {
    pub renders: AtomicU64,
    pub js_errors: AtomicU64,
    pub timeouts: AtomicU64,
    pub rejected: AtomicU64,
    pub rebuilds: AtomicU64,
}

struct Job {
    payload: Arc<str>,
    /// Set when queued, so a job that waited out its whole budget is not rendered late.
    deadline: Instant,
    reply: oneshot::Sender<Result<Rendered, RenderError>>,
}

pub struct QuickJsPool {
    tx: async_channel::Sender<Job>,
    config: PoolConfig,
    pub stats: Arc<PoolStats>,
}

impl QuickJsPool {
    /// Compiles `source` once and starts the workers; returns when all have loaded it.
    pub fn start(source: &str, config: PoolConfig) -> Result<Self, String> {
        let bytecode = Arc::new(engine::compile(source)?);
        let (tx, rx) = async_channel::bounded::<Job>(config.queue.max(1));
        let stats = Arc::new(PoolStats::default());
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        for i in 0..config.threads.max(1) {
            let (rx, bytecode, stats, ready) = (rx.clone(), bytecode.clone(), stats.clone(), ready_tx.clone());
            let memory_limit = config.memory_limit;
            std::thread::Builder::new()
                .name(format!("render-{i}"))
                .stack_size(THREAD_STACK_BYTES)
                .spawn(move || worker(rx, bytecode, memory_limit, stats, ready))
                .map_err(|e| e.to_string())?;
        }
        drop(ready_tx);
        for _ in 0..config.threads.max(1) {
            ready_rx.recv().map_err(|_| "render worker died while loading".to_string())??;
        }
        Ok(Self { tx, config, stats })
    }
}

fn worker(
    rx: async_channel::Receiver<Job>,
    bytecode: Arc<Vec<u8>>,
    memory_limit: usize,
    stats: Arc<PoolStats>,
    ready: std::sync::mpsc::Sender<Result<(), String>>,
) {
    let mut engine = match Engine::load(&bytecode, memory_limit) {
        Ok(e) => {
            let _ = ready.send(Ok(()));
            e
        }
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    while let Ok(job) = rx.recv_blocking() {
        if job.reply.is_closed() {
            continue;
        }
        let result = if Instant::now() >= job.deadline {
            Err(RenderError::Timeout)
        } else {
            engine.render(&job.payload, job.deadline)
        };
        match &result {
            Ok(_) => {
                stats.renders.fetch_add(1, Ordering::Relaxed);
            }
            Err(err) => {
                let counter = if *err == RenderError::Timeout { &stats.timeouts } else { &stats.js_errors };
                counter.fetch_add(1, Ordering::Relaxed);
                tracing::warn!(error = %err, "server render failed; rebuilding the runtime");
                match Engine::load(&bytecode, memory_limit) {
                    Ok(fresh) => {
                        engine = fresh;
                        stats.rebuilds.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(e) => tracing::error!(error = %e, "could not rebuild the render runtime"),
                }
            }
        }
        let _ = job.reply.send(result);
    }
}

impl Renderer for QuickJsPool {
    fn render(&self, payload: Arc<str>) -> RenderFuture {
        let (reply, answer) = oneshot::channel();
        let job = Job { payload, deadline: Instant::now() + self.config.time_limit, reply };
        let sent = self.tx.try_send(job);
        let stats = self.stats.clone();
        Box::pin(async move {
            if sent.is_err() {
                stats.rejected.fetch_add(1, Ordering::Relaxed);
                return Err(RenderError::Busy);
            }
            answer.await.unwrap_or_else(|_| Err(RenderError::Unavailable("render worker stopped".into())))
        })
    }
}
