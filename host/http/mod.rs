//! The HTTP surface: one router for pages, data, files and (later) the API.
mod answers;
mod assets;
mod calendar;
mod csrf;
mod downloads;
mod files;
mod forms;
pub mod metrics;
mod my_data;
mod old_hosts;
mod pages;
mod report_files;
mod security;
pub mod seo;
mod timing;
mod uploads;

use crate::api;
use crate::{
    api::session_cookie::SessionCookie,
    infra::ratelimit::ClientIp,
    state::{AppState, Phase},
};
use axum::{
    Extension, Router,
    extract::{Request, State},
    http::{Method, StatusCode, header},
    middleware,
    response::{IntoResponse, Redirect, Response},
    routing::get,
};
use security::Nonce;
use std::{sync::LazyLock, time::Duration};
use tower_http::{compression::CompressionLayer, timeout::TimeoutLayer, trace::TraceLayer};

/// No request holds a connection and its resources longer than this (slow clients,
/// stuck queries); the API answers its own envelope just before.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The API's OpenAPI document, with the pages' data types (both sides of the app's contract).
static API_DOCUMENT: LazyLock<serde_json::Value> = LazyLock::new(|| api::openapi::served(crate::pages::schemas()));

pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(ready))
        .route("/index.html", get(|| async { Redirect::permanent("/") }))
        .route("/_data", get(pages::data))
        .route("/_texts", get(pages::texts))
        .merge(seo::router())
        .merge(downloads::router())
        .merge(calendar::router())
        .merge(my_data::router())
        .merge(report_files::router())
        .merge(files::router())
        .merge(uploads::router())
        .nest("/api/v1", api::router(&API_DOCUMENT))
        .nest("/api/hsds", api::hsds::router())
        // HSDS names its meta answer `/` of the API: with the slash too.
        .route("/api/hsds/", get(api::hsds::meta))
        .fallback(page_or_form)
        .layer(middleware::from_fn_with_state(state.clone(), old_hosts::redirect))
        .layer(middleware::from_fn_with_state(state.clone(), security::headers))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, REQUEST_TIMEOUT))
        .layer(CompressionLayer::new())
        // The request's span names its path alone: a query can hold what a person typed (an API
        // search, a shared link's code), and every line logged in the span would carry it; a
        // calendar feed's path is named without its token.
        .layer(TraceLayer::new_for_http().make_span_with(|request: &axum::http::Request<_>| {
            tracing::debug_span!("request", method = %request.method(), path = %calendar::loggable(request.uri().path()))
        }))
        .layer(middleware::from_fn_with_state(state.clone(), metrics::record))
        .with_state(state)
}

/// `GET /readyz`, for a load balancer: 200 while the host takes requests, 503 while it starts and
/// from the moment it is told to stop (`Readiness`). `/healthz` stays 200 throughout: the process
/// is alive, and restarting it would not help.
async fn ready(State(state): State<AppState>) -> Response {
    let (status, text) = match state.readiness.phase() {
        Phase::Ready => (StatusCode::OK, "ready"),
        Phase::Starting => (StatusCode::SERVICE_UNAVAILABLE, "starting"),
        Phase::Draining => (StatusCode::SERVICE_UNAVAILABLE, "draining"),
    };
    (status, [(header::CACHE_CONTROL, "no-store")], text).into_response()
}

/// Anything the routes above do not name: a form posted to a page's URL goes to the page's action
/// (`forms`), anything else is a page or a static file (`pages`).
async fn page_or_form(
    State(state): State<AppState>,
    Extension(nonce): Extension<Nonce>,
    cookie: SessionCookie,
    ClientIp(ip): ClientIp,
    request: Request,
) -> Response {
    let (parts, body) = request.into_parts();
    if parts.method == Method::POST {
        return forms::post(&state, &nonce.0, cookie, ip, parts, body).await;
    }
    pages::page_or_file(state, nonce, cookie, ip, parts).await
}
