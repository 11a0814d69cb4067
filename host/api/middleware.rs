//! Answer policies for every API call: personal answers are never cached, a call that runs too
//! long is cut off with an envelope rather than held open, and failures are worded in the
//! caller's language.
use super::error::ApiError;
use crate::{
    catalog::{Lang, query_lang},
    infra::localize::ServerTexts,
};
use axum::{
    body::Body,
    extract::Request,
    http::{HeaderValue, header},
    middleware::Next,
    response::{IntoResponse, Response},
};
use serde_json::Value;
use std::time::Duration;

/// Failure envelopes are small; anything larger is passed on untouched.
const MAX_ENVELOPE_BYTES: usize = 64 * 1024;

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

fn translate_value(texts: &ServerTexts, value: &mut Value) {
    if let Value::String(s) = value
        && let Some(t) = texts.translate(s)
    {
        *s = t;
    }
}

/// Middleware: failure envelopes in the language of the request (see [`Lang::negotiate`]).
pub async fn localize_failures(request: Request, next: Next) -> Response {
    let query = request.uri().path_and_query().map_or("", |pq| pq.as_str());
    let lang = Lang::negotiate(query_lang(query), request.headers());
    let response = next.run(request).await;
    let Some(texts) = ServerTexts::for_lang(lang) else { return response };
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if response.status().is_success() || !is_json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_ENVELOPE_BYTES).await else {
        return Response::from_parts(parts, Body::empty());
    };
    let Ok(mut envelope) = serde_json::from_slice::<Value>(&bytes) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    if let Some(reason) = envelope.get_mut("failureReason") {
        translate_value(texts, reason);
    }
    // Field errors: `[{field, message}]`; only the messages are words for people.
    if let Some(Value::Array(errors)) = envelope.get_mut("value").and_then(|v| v.get_mut("errors")) {
        for message in errors.iter_mut().filter_map(|e| e.get_mut("message")) {
            translate_value(texts, message);
        }
    }
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(envelope.to_string()))
}
