//! A JavaScript engine as the render pool drives it, which one, and the pool's settings.
use super::renderer::{RenderError, Rendered};
use std::time::{Duration, Instant};

/// Which JavaScript engine renders pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineKind {
    /// JavaScriptCore: the default wherever build.rs found the library.
    Jsc,
    /// QuickJS-NG: the portable fallback.
    Quickjs,
}

impl EngineKind {
    /// JavaScriptCore when this build links it, else QuickJS-NG.
    pub const fn default_for_build() -> Self {
        if cfg!(has_jsc) { Self::Jsc } else { Self::Quickjs }
    }
}

#[derive(Clone, Debug)]
pub struct PoolConfig {
    pub engine: EngineKind,
    pub threads: usize,
    /// Jobs waiting beyond the ones being rendered; past it a request gets the client shell.
    pub queue: usize,
    pub time_limit: Duration,
    /// QuickJS: the runtime's hard limit. JavaScriptCore: its `forceRAMSize` GC budget.
    pub memory_limit: usize,
    /// Renders of each kept page an idle engine makes to warm its JIT (none for an engine
    /// without one); 0 turns warming off.
    pub warm_up: usize,
}

/// Jobs that may wait per render thread.
pub const QUEUE_PER_THREAD: usize = 128;

impl Default for PoolConfig {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        Self {
            engine: EngineKind::default_for_build(),
            // Half the cores: a page's loader, its JSON and the HTTP work need the rest. On two
            // cores, 200 clients asking only for uncached pages got theirs at p50 1.63 s
            // (products), 0.98 s (pantry list) and 0.26 s (home) from one engine, against 2.06,
            // 1.34 and 0.65 s from two, and the host held 163 MB after it instead of 227.
            threads: (cores / 2).max(1),
            // Room for a 200-client burst of uncached pages on two cores, each waiting at most
            // the time limit: measured with `cargo bench --bench render`, a 1 s limit and a
            // 128-job queue served 97-100% of such a burst server-rendered, the rest the shell.
            queue: cores * QUEUE_PER_THREAD,
            time_limit: Duration::from_millis(2000),
            // JavaScriptCore's GC budget: at 64 MiB it collected so often that pages rendered at
            // 1.2-2.1x Node's time; at 256 MiB 0.9-1.3x, for +23 MB of server RSS (render bench).
            memory_limit: 256 << 20,
            // Render bench, one run: warmed by 1,000 renders, JavaScriptCore's pantry page took
            // 0.56 ms p50 / 1.56 p95 instead of a young engine's 0.65 / 2.26, the shop 1.96 / 3.66
            // instead of 2.12 / 4.76. 1,000 renders of the shop are 2 s of one core, spent while
            // the engine has nothing else to do.
            warm_up: 1000,
        }
    }
}

/// A JavaScript engine holding the server bundle. Not `Send`: made, used and dropped on one thread.
pub trait Engine: Sized {
    const NAME: &'static str;
    /// Whether the engine compiles what it runs often, so that renders warm it up.
    const JIT: bool;
    /// What start-up makes once from the bundle and every engine loads from.
    type Prepared: Send + Sync + 'static;
    fn prepare(source: &str, config: &PoolConfig) -> Result<Self::Prepared, String>;
    fn load(prepared: &Self::Prepared, config: &PoolConfig) -> Result<Self, String>;
    fn render(&mut self, payload: &str, until: Instant) -> Result<Rendered, RenderError>;
    /// Whether the failed render left this engine unfit for the next one.
    fn broken_after(&self, error: &RenderError) -> bool;
}
