//! The API of spec §7 under /api/v1: every answer in the envelope
//! `{successful, value, failureReason}`, failures with a refusal's `failureCode` and `failureData`
//! beside it (`error::failure_envelope`). Each module exposes `router()`.
pub(crate) mod account;
mod cart;
pub(crate) mod content;
mod envelope;
mod error;
mod extract;
mod favorites;
pub(crate) mod foodbanks;
mod form_schemas;
mod geography;
pub(crate) mod hsds;
mod limits;
pub(crate) mod locations;
mod logs;
mod middleware;
pub(crate) mod openapi;
mod orders;
mod params;
mod reference;
pub(crate) mod referrals;
pub(crate) mod session_cookie;
pub(crate) mod staff;
mod tefap;

pub use envelope::{Api, ApiResult, ok};
pub use error::ApiError;
pub use extract::{Body, PathParams, QueryParams, idempotency_key};

use crate::state::AppState;
use axum::{Router, extract::DefaultBodyLimit};
use utoipa_axum::router::OpenApiRouter;

/// JSON bodies above this are refused with a 413 envelope.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// Every documented route (all of them but /openapi.json, which serves their document).
pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(reference::router())
        .merge(locations::router())
        .merge(foodbanks::router())
        .merge(limits::router())
        .merge(referrals::router())
        .merge(tefap::router())
        .merge(geography::router())
        .merge(content::router())
        .merge(favorites::router())
        .merge(cart::router())
        .merge(logs::router())
        .merge(account::router())
        .merge(orders::router())
        .merge(staff::router())
}

/// The API, serving `document` (`openapi::document`, with the pages' data types) as its OpenAPI document.
pub fn router(document: &'static serde_json::Value) -> Router<AppState> {
    Router::from(routes())
        .merge(openapi::router(document))
        .fallback(|| async { ApiError::NotFound("No such API path.".into()) })
        .method_not_allowed_fallback(|| async {
            ApiError::MethodNotAllowed("This method is not allowed on this path.".into())
        })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn(middleware::time_limit))
        .layer(axum::middleware::from_fn(middleware::no_store_when_authorized))
        .layer(axum::middleware::from_fn(middleware::localize_failures))
}
