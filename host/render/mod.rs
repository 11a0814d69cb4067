//! Server rendering of the React app: the engine behind a small trait, the HTML
//! document around its output, and the cache of what it rendered.
mod cache;
mod critical_css;
mod document;
mod engine;
#[cfg(has_jsc)]
mod jsc;
mod manifest;
mod pool;
mod quickjs;
mod renderer;

pub use cache::{CacheKey, CacheStats, CachedPage, RenderCache};
pub use critical_css::CriticalCss;
pub use document::{Alternate, Document, escape_json_for_html};
pub use engine::{EngineKind, PoolConfig, QUEUE_PER_THREAD};
pub use manifest::{AssetManifest, RouteAssets};
pub use pool::{PoolStats, RenderPool};
pub use renderer::{RenderError, RenderFuture, RenderLoad, Rendered, Renderer};

/// The server bundle produced by build.rs (esbuild of app/src/server-entry.tsx).
pub const SERVER_BUNDLE: &str = include_str!(concat!(env!("OUT_DIR"), "/app/server.js"));

/// The app's one stylesheet (app/build.mjs copies it here from its hashed name).
pub const APP_CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/app/app.css"));
