//! One engine per worker thread, fed through a bounded queue. The deadline is set when a
//! request is queued, so it covers waiting plus rendering; a job that waited out its whole
//! budget is answered without touching an engine, and an engine is rebuilt only when its
//! failure left it unusable (the engine says which).
//!
//! A job goes to the engine that went idle last (a stack, not a queue of idle workers): between
//! requests the busiest engine's JIT code, heap and the core's caches stay warm, where handing
//! jobs round-robin had every engine render on cold caches at half the rate (render bench). Jobs
//! wait in the queue only while every engine is busy.
//!
//! A JIT engine warms up on the pages it is shown: the first page of each route that is the same
//! for everyone is kept ([`Renderer::remember`]), and an engine with no job renders each kept page
//! until it has rendered it `warm_up` times. JavaScriptCore compiles React's functions in tiers
//! and was still compiling after the render bench's 50 warm-up renders (its JIT thread took 18% of
//! the process's CPU time over the next 300), so the first hundreds of shoppers after a start met
//! a half-compiled engine: 7-24% slower at p50 and 1.25-1.45x at p95 than after 1,000 renders.
use super::{
    engine::{Engine, EngineKind, PoolConfig},
    renderer::{RenderError, RenderFuture, RenderLoad, Rendered, Renderer},
};
use std::{
    collections::VecDeque,
    sync::{
        Arc, Mutex, MutexGuard,
        atomic::{AtomicU64, Ordering},
        mpsc,
    },
    time::Instant,
};
use tokio::sync::oneshot;

/// Render threads' own stack: well above the engines' JS stack limits, so deep recursion
/// throws a JS error instead of crashing the thread.
const THREAD_STACK_BYTES: usize = 16 << 20;

#[derive(Default, Debug)]
pub struct PoolStats {
    pub renders: AtomicU64,
    pub js_errors: AtomicU64,
    pub timeouts: AtomicU64,
    /// Jobs that expired while queued (never reached an engine).
    pub expired: AtomicU64,
    pub rejected: AtomicU64,
    pub rebuilds: AtomicU64,
    /// Renders of kept pages made while no job was waiting, to warm an engine's JIT.
    pub warm_ups: AtomicU64,
}

struct Job {
    payload: Arc<str>,
    deadline: Instant,
    reply: oneshot::Sender<Result<Rendered, RenderError>>,
}

/// Routes whose first page is kept for warming: more than the public routes there are.
const KEPT_PAGES: usize = 32;

/// What wakes an idle worker.
enum Wake {
    Job(Job),
    /// A page was kept that it has not warmed up on.
    Kept,
}

/// Who waits for whom: idle engines for jobs, or jobs for a free engine; never both at once.
#[derive(Default)]
struct Board {
    /// Idle workers, the one that went idle last on top. Dropping its sender stops a worker.
    idle: Vec<mpsc::Sender<Wake>>,
    waiting: VecDeque<Job>,
    /// The pages engines warm up on, by route, in the order they came; never removed, so a
    /// worker's count of its warm-up renders of each is indexed as this is.
    kept: Vec<(&'static str, Arc<str>)>,
    closed: bool,
}

enum Next {
    Job(Job),
    /// No job waits: render the kept page at this index to warm up.
    Warm(usize, Arc<str>),
    /// On the idle stack: a job or a kept page comes through here; none once the pool is closed
    /// (the board held the only sender).
    Wait(mpsc::Receiver<Wake>),
    Closed,
}

struct Dispatch {
    board: Mutex<Board>,
    capacity: usize,
    /// Warm-up renders per kept page and engine; 0 when the engine has no JIT to warm.
    warm_up: usize,
}

impl Dispatch {
    fn board(&self) -> MutexGuard<'_, Board> {
        // A worker that panicked mid-update left nothing half-done: every change is one push/pop.
        self.board.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Hands the job to the engine idle last, else queues it; gives it back when the queue is full.
    fn submit(&self, mut job: Job) -> Result<(), Job> {
        let mut board = self.board();
        while let Some(worker) = board.idle.pop() {
            match worker.send(Wake::Job(job)) {
                Ok(()) => return Ok(()),
                // That worker's thread is gone (it only ends when the pool closes): try the next.
                Err(mpsc::SendError(Wake::Job(back))) => job = back,
                Err(mpsc::SendError(Wake::Kept)) => unreachable!("a job was sent"),
            }
        }
        if board.closed || board.waiting.len() >= self.capacity {
            return Err(job);
        }
        board.waiting.push_back(job);
        Ok(())
    }

    /// What a worker that is free does next: a queued job, else a warm-up render of a kept page
    /// it has rendered fewer than `warm_up` times (`warmed`, its counts), else it goes on top of
    /// the idle stack and waits. A worker asks before it replies to the job it finished, so a job
    /// sent the moment that reply arrives finds it on top (warm), not the other engine.
    fn next(&self, warmed: &[usize]) -> Next {
        let mut board = self.board();
        if let Some(job) = board.waiting.pop_front() {
            return Next::Job(job);
        }
        if board.closed {
            return Next::Closed;
        }
        let unwarmed = board.kept.iter().enumerate().find(|(i, _)| warmed.get(*i).copied().unwrap_or(0) < self.warm_up);
        if let Some((i, (_, page))) = unwarmed {
            return Next::Warm(i, page.clone());
        }
        let (handed, inbox) = mpsc::channel();
        board.idle.push(handed);
        Next::Wait(inbox)
    }

    /// Keeps the route's first page for the engines to warm up on, and wakes the idle ones.
    fn keep(&self, route: &'static str, page: Arc<str>) {
        if self.warm_up == 0 {
            return;
        }
        let mut board = self.board();
        if board.closed || board.kept.len() >= KEPT_PAGES || board.kept.iter().any(|(r, _)| *r == route) {
            return;
        }
        board.kept.push((route, page));
        for worker in std::mem::take(&mut board.idle) {
            let _ = worker.send(Wake::Kept);
        }
    }

    fn close(&self) {
        let mut board = self.board();
        board.closed = true;
        board.idle.clear();
    }
}

pub struct RenderPool {
    dispatch: Arc<Dispatch>,
    config: PoolConfig,
    pub stats: Arc<PoolStats>,
}

impl RenderPool {
    /// Starts the configured engine's workers; returns when all have loaded the bundle.
    pub fn start(source: &str, config: PoolConfig) -> Result<Self, String> {
        match config.engine {
            EngineKind::Quickjs => Self::start_with::<super::quickjs::QuickJs>(source, config),
            #[cfg(has_jsc)]
            EngineKind::Jsc => Self::start_with::<super::jsc::Jsc>(source, config),
            #[cfg(not(has_jsc))]
            EngineKind::Jsc => Err("this build has no JavaScriptCore (libjavascriptcoregtk-6.0-dev was not found \
                                    when it was compiled); use --js-engine quickjs"
                .into()),
        }
    }

    fn start_with<E: Engine>(source: &str, config: PoolConfig) -> Result<Self, String> {
        let prepared = Arc::new(E::prepare(source, &config)?);
        let warm_up = if E::JIT { config.warm_up } else { 0 };
        let dispatch = Arc::new(Dispatch { board: Mutex::default(), capacity: config.queue.max(1), warm_up });
        let stats = Arc::new(PoolStats::default());
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        for i in 0..config.threads.max(1) {
            let (dispatch, prepared, stats, ready, config) =
                (dispatch.clone(), prepared.clone(), stats.clone(), ready_tx.clone(), config.clone());
            std::thread::Builder::new()
                .name(format!("render-{}-{i}", E::NAME))
                .stack_size(THREAD_STACK_BYTES)
                .spawn(move || worker::<E>(&dispatch, prepared, config, stats, ready))
                .map_err(|e| e.to_string())?;
        }
        drop(ready_tx);
        let pool = Self { dispatch, config, stats };
        for _ in 0..pool.config.threads.max(1) {
            ready_rx.recv().map_err(|_| "render worker died while loading".to_string())??;
        }
        tracing::info!(engine = E::NAME, threads = pool.config.threads, "render pool ready");
        Ok(pool)
    }
}

impl RenderPool {
    /// The routes whose first page the engines warm up on, in the order they were kept.
    pub fn kept_routes(&self) -> Vec<&'static str> {
        self.dispatch.board().kept.iter().map(|(route, _)| *route).collect()
    }
}

/// The workers stop once the pool is gone: idle ones at once, busy ones after their job.
impl Drop for RenderPool {
    fn drop(&mut self) {
        self.dispatch.close();
    }
}

fn worker<E: Engine>(
    dispatch: &Dispatch,
    prepared: Arc<E::Prepared>,
    config: PoolConfig,
    stats: Arc<PoolStats>,
    ready: std::sync::mpsc::Sender<Result<(), String>>,
) {
    let mut engine = match E::load(&prepared, &config) {
        Ok(e) => e,
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    // Warm-up renders of each kept page, indexed as the board's `kept`.
    let mut warmed: Vec<usize> = Vec::new();
    let mut next = dispatch.next(&warmed);
    // Ready once on the idle stack: a worker that told it was ready but got there only after the
    // first job's engine went back on top would be handed the next job instead of that warm one.
    let _ = ready.send(Ok(()));
    loop {
        let job = match next {
            Next::Job(job) => job,
            Next::Warm(i, page) => {
                if warmed.len() <= i {
                    warmed.resize(i + 1, 0);
                }
                let until = Instant::now() + config.time_limit;
                match engine.render(&page, until) {
                    Ok(_) => {
                        warmed[i] += 1;
                        stats.warm_ups.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(err) => {
                        // A page that fails is not rendered again to warm up.
                        warmed[i] = usize::MAX;
                        if recover(&mut engine, &err, &prepared, &config, &stats) {
                            warmed.iter_mut().filter(|n| **n != usize::MAX).for_each(|n| *n = 0);
                        }
                    }
                }
                next = dispatch.next(&warmed);
                continue;
            }
            Next::Wait(inbox) => match inbox.recv() {
                Ok(Wake::Job(job)) => job,
                Ok(Wake::Kept) => {
                    next = dispatch.next(&warmed);
                    continue;
                }
                Err(_) => return,
            },
            Next::Closed => return,
        };
        // The asker leaves at its deadline, so a closed reply is an expired job too.
        if job.reply.is_closed() || Instant::now() >= job.deadline {
            stats.expired.fetch_add(1, Ordering::Relaxed);
            next = dispatch.next(&warmed);
            let _ = job.reply.send(Err(RenderError::Timeout));
            continue;
        }
        let started = Instant::now();
        let result = engine.render(&job.payload, job.deadline).map(|r| Rendered { engine: started.elapsed(), ..r });
        match &result {
            Ok(_) => {
                stats.renders.fetch_add(1, Ordering::Relaxed);
            }
            Err(err) => {
                let counter = if *err == RenderError::Timeout { &stats.timeouts } else { &stats.js_errors };
                counter.fetch_add(1, Ordering::Relaxed);
                if recover(&mut engine, err, &prepared, &config, &stats) {
                    // A new engine is a young one.
                    warmed.iter_mut().filter(|n| **n != usize::MAX).for_each(|n| *n = 0);
                }
            }
        }
        next = dispatch.next(&warmed);
        let _ = job.reply.send(result);
    }
}

/// After a failed render: the engine is replaced when the failure left it unfit. Whether it was.
fn recover<E: Engine>(
    engine: &mut E,
    err: &RenderError,
    prepared: &E::Prepared,
    config: &PoolConfig,
    stats: &PoolStats,
) -> bool {
    let rebuild = engine.broken_after(err);
    tracing::warn!(engine = E::NAME, error = ?err.to_string(), rebuild, "server render failed");
    if !rebuild {
        return false;
    }
    match E::load(prepared, config) {
        Ok(fresh) => {
            *engine = fresh;
            stats.rebuilds.fetch_add(1, Ordering::Relaxed);
            true
        }
        Err(e) => {
            tracing::error!(engine = E::NAME, error = %e, "could not rebuild the render engine");
            false
        }
    }
}

impl Renderer for RenderPool {
    fn load(&self) -> RenderLoad {
        let s = &self.stats;
        RenderLoad {
            queued: self.dispatch.board().waiting.len(),
            engines: self.config.threads.max(1),
            renders: s.renders.load(Ordering::Relaxed),
            timeouts: s.timeouts.load(Ordering::Relaxed) + s.expired.load(Ordering::Relaxed),
            rejected: s.rejected.load(Ordering::Relaxed),
            js_errors: s.js_errors.load(Ordering::Relaxed),
            warm_ups: s.warm_ups.load(Ordering::Relaxed),
        }
    }

    fn remember(&self, route: &'static str, payload: Arc<str>) {
        self.dispatch.keep(route, payload);
    }

    fn render(&self, payload: Arc<str>) -> RenderFuture {
        let (reply, answer) = oneshot::channel();
        let deadline = Instant::now() + self.config.time_limit;
        let sent = self.dispatch.submit(Job { payload, deadline, reply });
        let stats = self.stats.clone();
        Box::pin(async move {
            if sent.is_err() {
                stats.rejected.fetch_add(1, Ordering::Relaxed);
                return Err(RenderError::Busy);
            }
            // The request never waits past its deadline, whatever the engine's own limit does
            // (JavaScriptCore's watchdog counts CPU time, which runs slower than the clock on a
            // busy machine); the worker still finishes and counts the job.
            match tokio::time::timeout_at(deadline.into(), answer).await {
                Ok(answer) => answer.unwrap_or_else(|_| Err(RenderError::Unavailable("render worker stopped".into()))),
                Err(_) => Err(RenderError::Timeout),
            }
        })
    }
}
