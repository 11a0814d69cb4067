//! The HTTP surface: one router for pages, data, files and (later) the API.
mod assets;
mod csrf;
mod forms;
mod old_hosts;
mod pages;
mod security;
pub mod seo;
mod timing;

pub(crate) use forms::INTENT;

use crate::{api, state::AppState};
use axum::http::StatusCode;
use axum::{Router, middleware, response::Redirect, routing::get};
use std::time::Duration;
use tower_http::{compression::CompressionLayer, timeout::TimeoutLayer, trace::TraceLayer};

/// No request holds a connection and its resources longer than this (slow clients,
/// stuck queries); the API answers its own envelope just before.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/index.html", get(|| async { Redirect::permanent("/") }))
        .route("/_data", get(pages::data))
        .merge(seo::router())
        .nest("/api/v1", api::router())
        .fallback(pages::page_or_file)
        .layer(middleware::from_fn_with_state(state.clone(), old_hosts::redirect))
        .layer(middleware::from_fn_with_state(state.clone(), security::headers))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, REQUEST_TIMEOUT))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}
