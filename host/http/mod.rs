//! The HTTP surface: one router for pages, data, files and (later) the API.
mod assets;
mod pages;
mod security;

use crate::{api, state::AppState};
use axum::{Router, middleware, response::Redirect, routing::get};
use tower_http::{compression::CompressionLayer, trace::TraceLayer};

pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/index.html", get(|| async { Redirect::permanent("/") }))
        .route("/_data", get(pages::data))
        .nest("/api/v1", api::router())
        .fallback(pages::page_or_file)
        .layer(middleware::from_fn_with_state(state.clone(), security::headers))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}
