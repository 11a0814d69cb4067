//! The HTTP surface: one router for pages, data, files and (later) the API.
mod assets;
mod pages;
mod security;

use crate::state::AppState;
use axum::{Router, middleware, response::Redirect, routing::get};
use tower_http::{compression::CompressionLayer, limit::RequestBodyLimitLayer, trace::TraceLayer};

/// Larger bodies are refused before any handler reads them.
const MAX_BODY_BYTES: usize = 256 * 1024;

pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/index.html", get(|| async { Redirect::permanent("/") }))
        .route("/_data", get(pages::data))
        .fallback(pages::page_or_file)
        .layer(middleware::from_fn_with_state(state.clone(), security::headers))
        .layer(CompressionLayer::new())
        .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}
