//! QuickJS-NG (rquickjs): the portable engine, used where JavaScriptCore is not
//! installed or when asked for. One runtime holds the server bundle; `!Send`, it
//! lives and dies on the worker thread that made it.
use super::{
    engine::{Engine, PoolConfig},
    renderer::{RenderError, Rendered},
};
use rquickjs::{CatchResultExt, Context, Ctx, Function, Module, Object, Runtime, WriteOptions};
use std::{
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::Instant,
};

/// Large enough for React's recursion on deep trees; the worker thread's own
/// stack (`pool::THREAD_STACK_BYTES`) must be well above it, or deep recursion
/// crashes instead of throwing.
const JS_STACK_BYTES: usize = 4 << 20;

fn caught(ctx: &Ctx<'_>, e: rquickjs::Error) -> String {
    match Err::<(), _>(e).catch(ctx) {
        Err(c) => c.to_string(),
        Ok(()) => "unknown javascript error".into(),
    }
}

/// Compiles the bundle to bytecode once, so each runtime loads in ~2 ms instead of
/// parsing 150 KB of JS. The bundle's footer sets `globalThis.SSR`, which makes
/// module evaluation equivalent to running it as a script.
fn compile(source: &str) -> Result<Vec<u8>, String> {
    let rt = Runtime::new().map_err(|e| e.to_string())?;
    let ctx = Context::full(&rt).map_err(|e| e.to_string())?;
    ctx.with(|c| {
        let m = Module::declare(c.clone(), "server.js", source).map_err(|e| caught(&c, e))?;
        m.write(WriteOptions::default()).map_err(|e| caught(&c, e))
    })
}

/// Deadline shared with the interrupt handler: nanoseconds since `epoch`, 0 = none.
#[derive(Clone)]
struct Deadline {
    epoch: Instant,
    at: Arc<AtomicU64>,
}

impl Deadline {
    fn new() -> Self {
        Self { epoch: Instant::now(), at: Arc::new(AtomicU64::new(0)) }
    }
    fn arm(&self, until: Instant) {
        let nanos = until.saturating_duration_since(self.epoch).as_nanos().max(1) as u64;
        self.at.store(nanos, Ordering::Relaxed);
    }
    fn disarm(&self) {
        self.at.store(0, Ordering::Relaxed);
    }
    fn passed(&self) -> bool {
        let at = self.at.load(Ordering::Relaxed);
        at != 0 && self.epoch.elapsed().as_nanos() as u64 >= at
    }
}

pub struct QuickJs {
    /// Kept so the runtime's limits and handler live exactly as long as the context.
    _rt: Runtime,
    ctx: Context,
    deadline: Deadline,
}

impl QuickJs {
    fn start(bytecode: &[u8], memory_limit: usize) -> Result<Self, String> {
        let rt = Runtime::new().map_err(|e| e.to_string())?;
        rt.set_max_stack_size(JS_STACK_BYTES);
        rt.set_memory_limit(memory_limit);
        let deadline = Deadline::new();
        let watch = deadline.clone();
        rt.set_interrupt_handler(Some(Box::new(move || watch.passed())));
        let ctx = Context::full(&rt).map_err(|e| e.to_string())?;
        ctx.with(|c| -> Result<(), String> {
            // SAFETY: the bytes come from `compile` in this process, same engine build.
            let m = unsafe { Module::load(c.clone(), bytecode) }.map_err(|e| caught(&c, e))?;
            let (_m, promise) = m.eval().map_err(|e| caught(&c, e))?;
            promise.finish::<()>().map_err(|e| caught(&c, e))
        })?;
        Ok(Self { _rt: rt, ctx, deadline })
    }
}

impl Engine for QuickJs {
    const NAME: &'static str = "quickjs";
    /// An interpreter: a render is as fast the first time as the thousandth.
    const JIT: bool = false;
    /// The bundle compiled to bytecode once, so each runtime loads in ~2 ms instead of
    /// parsing it again.
    type Prepared = Vec<u8>;

    fn prepare(source: &str, _config: &PoolConfig) -> Result<Vec<u8>, String> {
        compile(source)
    }

    fn load(bytecode: &Vec<u8>, config: &PoolConfig) -> Result<Self, String> {
        Self::start(bytecode, config.memory_limit)
    }

    fn render(&mut self, payload: &str, until: Instant) -> Result<Rendered, RenderError> {
        self.deadline.arm(until);
        let result = self.ctx.with(|c| {
            let call = || -> rquickjs::Result<Rendered> {
                let ssr: Object = c.globals().get("SSR")?;
                let render: Function = ssr.get("render")?;
                let out: Object = render.call((payload,))?;
                Ok(Rendered {
                    html: out.get("html")?,
                    title: out.get("title")?,
                    description: out.get("description")?,
                    engine: std::time::Duration::ZERO,
                })
            };
            call().map_err(|e| caught(&c, e))
        });
        self.deadline.disarm();
        result.map_err(|message| if Instant::now() >= until { RenderError::Timeout } else { RenderError::Js(message) })
    }

    /// An interrupted or out-of-memory runtime may hold half-updated React state, and an
    /// exception may have left globals changed: a QuickJS runtime is cheap to rebuild
    /// from bytecode, so every failed render gets a fresh one.
    fn broken_after(&self, _error: &RenderError) -> bool {
        true
    }
}
