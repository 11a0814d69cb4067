//! Server rendering of the React app: the engine behind a small trait, the HTML
//! document around its output, and the cache of what it rendered.
mod cache;
mod document;
#[cfg(has_jsc)]
mod jsc;
mod manifest;
mod pool;
mod quickjs;

pub use cache::{CacheKey, CacheStats, CachedPage, RenderCache};
pub use document::{Document, escape_json_for_html};
pub use manifest::{AssetManifest, RouteAssets};
pub use pool::{EngineKind, PoolConfig, PoolStats, QUEUE_PER_THREAD, RenderPool};

use std::{future::Future, pin::Pin, sync::Arc};

/// What the server bundle's `SSR.render(payload)` returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    pub html: String,
    pub title: String,
    pub description: String,
}

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
}

/// The server bundle produced by build.rs (esbuild of app/src/server-entry.tsx).
pub const SERVER_BUNDLE: &str = include_str!(concat!(env!("OUT_DIR"), "/app/server.js"));
