//! `/metrics` on its own listener (`--metrics-bind`), and the requests it counts: each by the
//! route pattern that answered it, never the path the client sent, so no client can make new series.
use super::assets;
use crate::{
    infra::metrics::{RequestLabels, method_label},
    pages,
    state::AppState,
};
use axum::{
    Router,
    extract::{MatchedPath, Request, State},
    http::{HeaderValue, header},
    middleware::Next,
    response::{IntoResponse, Response},
    routing::get,
};
use std::{borrow::Cow, time::Instant};

/// The metrics listener's whole app: nothing but `/metrics`.
pub fn app(state: AppState) -> Router {
    Router::new().route("/metrics", get(scrape)).with_state(state)
}

async fn scrape(State(state): State<AppState>) -> Response {
    let mut res = state.metrics.encode().await.into_response();
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/openmetrics-text; version=1.0.0; charset=utf-8"),
    );
    res
}

/// Counts every request of the main app with its time to the response head.
pub(super) async fn record(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = method_label(request.method());
    let route = route(&request);
    let mut res = next.run(request).await;
    let took = started.elapsed();
    state.metrics.request(RequestLabels { route, method, status: res.status().as_u16() }, took);
    // The page's stages end with the whole answer as the outermost layer saw it: what the stages
    // leave out of it is the middleware's, and what it leaves out of the client's time is HTTP's.
    if state.config.server_timing
        && let Some(stages) = res.headers().get("server-timing").and_then(|v| v.to_str().ok())
        && let Ok(all) = HeaderValue::from_str(&format!("{stages}, total;dur={:.3}", took.as_secs_f64() * 1e3))
    {
        res.headers_mut().insert("server-timing", all);
    }
    res
}

/// The pattern that answers `request`: an axum route's (the API's, with its `/api/v1` prefix), else
/// the page's, else `static` for the embedded files, else `unmatched` (the Not Found page).
fn route(request: &Request) -> Cow<'static, str> {
    if let Some(matched) = request.extensions().get::<MatchedPath>() {
        return Cow::Owned(matched.as_str().to_owned());
    }
    let path = request.uri().path();
    if assets::exists(path) {
        return Cow::Borrowed("static");
    }
    Cow::Borrowed(pages::table().pattern(path).unwrap_or("unmatched"))
}
