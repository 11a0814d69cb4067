//! What rendering a page answers, and the trait the host renders through, whichever engine is
//! behind it.
use std::{future::Future, pin::Pin, sync::Arc};

/// What the server bundle's `SSR.render(payload)` returns.
#[derive(Clone, Debug)]
pub struct Rendered {
    pub html: String,
    pub title: String,
    pub description: String,
    /// The engine's own time on it (the rest of a render is the wait for a free engine), for the
    /// page's stages; set by the pool.
    pub engine: std::time::Duration,
}

/// Two renders are the same page whatever time each took.
impl PartialEq for Rendered {
    fn eq(&self, other: &Self) -> bool {
        (&self.html, &self.title, &self.description) == (&other.html, &other.title, &other.description)
    }
}

impl Eq for Rendered {}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    #[error("javascript error: {0}")]
    Js(String),
    #[error("render took longer than its time limit")]
    Timeout,
    #[error("render queue is full")]
    Busy,
    #[error("render engine is not available: {0}")]
    Unavailable(String),
}

pub type RenderFuture = Pin<Box<dyn Future<Output = Result<Rendered, RenderError>> + Send>>;

/// Renders one page payload (`{route,status,url,data,config}` as JSON) to markup.
/// A trait so the host does not care which JS engine sits behind it.
pub trait Renderer: Send + Sync + 'static {
    fn render(&self, payload: Arc<str>) -> RenderFuture;

    /// How busy the engines are and what they did since they started (the host's metrics).
    fn load(&self) -> RenderLoad {
        RenderLoad::default()
    }

    /// A page of `route` that is the same for everyone, rendered fine: the renderer may keep the
    /// first one per route to warm its engines on while they have nothing else to do.
    fn remember(&self, _route: &'static str, _payload: Arc<str>) {}
}

/// A renderer's queue and counts, read when the metrics are scraped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RenderLoad {
    /// Pages waiting for a free engine.
    pub queued: usize,
    pub engines: usize,
    pub renders: u64,
    /// Renders that ran out of their time limit, in an engine or while still queued.
    pub timeouts: u64,
    /// Renders refused at once because the queue was full.
    pub rejected: u64,
    pub js_errors: u64,
    /// Renders of kept pages that warmed an engine up ([`Renderer::remember`]).
    pub warm_ups: u64,
}
