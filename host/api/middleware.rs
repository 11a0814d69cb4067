//! Answer policies for every API call: personal answers are never cached, and a
//! call that runs too long is cut off with an envelope rather than held open.
use super::error::ApiError;
use axum::{
    extract::Request,
    http::{HeaderValue, header},
    middleware::Next,
    response::{IntoResponse, Response},
};
use std::time::Duration;

/// Just under the whole server's limit (`http::REQUEST_TIMEOUT`), so an API call is
/// answered with this envelope before the outer layer's bare 408 fires.
pub const API_TIMEOUT: Duration = Duration::from_secs(29);

/// A request that carries credentials gets an answer about that person, and an answer that sets
/// a cookie (login and sign-up carry the session token in body and cookie) is one: shared caches
/// and the browser's back/forward cache must not keep it.
pub async fn no_store_when_authorized(req: Request, next: Next) -> Response {
    let authorized = req.headers().contains_key(header::AUTHORIZATION);
    let mut res = next.run(req).await;
    if authorized || res.headers().contains_key(header::SET_COOKIE) {
        res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    res
}

pub async fn time_limit(req: Request, next: Next) -> Response {
    match tokio::time::timeout(API_TIMEOUT, next.run(req)).await {
        Ok(res) => res,
        Err(_) => ApiError::TimedOut((&crate::domain::messages::TIMED_OUT).into()).into_response(),
    }
}
