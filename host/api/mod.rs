//! The API of spec §7 under /api/v1: every answer in the envelope
//! `{successful, value, failureReason}`. Each module exposes `router()`.
pub mod auth;
mod envelope;
mod error;
mod extract;
pub mod openapi;
mod reference;
pub(crate) mod locations;
pub(crate) mod foodbanks;
mod limits;
pub(crate) mod content;
mod favorites;
mod geography;
mod logs;
mod referrals;
mod tefap;
mod account;
mod orders;
pub mod ratelimit;

pub use envelope::{Api, ApiResult, ok};
pub use error::ApiError;
pub use extract::{Body, PathParams, QueryParams};

use crate::state::AppState;
use axum::{Router, extract::DefaultBodyLimit};

/// JSON bodies above this are refused with a 413 envelope.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(openapi::router())
        .merge(reference::router())
        .merge(locations::router())
        .merge(foodbanks::router())
        .merge(limits::router())
        .merge(referrals::router())
        .merge(tefap::router())
        .merge(geography::router())
        .merge(content::router())
        .merge(favorites::router())
        .merge(logs::router())
        .merge(account::router())
        .merge(orders::router())
        .fallback(|| async { ApiError::NotFound("No such API path.".into()) })
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed("This method is not allowed on this path.".into()) })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
}
