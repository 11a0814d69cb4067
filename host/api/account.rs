//! The shopper's account (spec §7 account/*, user/*): session, profile, saved
//! addresses, password reset, and the eligibility and checkout surveys.
mod addresses;
mod devices;
pub(crate) mod password;
mod profile;
pub(crate) mod session;
mod survey;

use crate::{domain::forms::FieldError, state::AppState};
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(session::router())
        .merge(profile::router())
        .merge(addresses::router())
        .merge(devices::router())
        .merge(password::router())
        .merge(survey::router())
}

pub(crate) use crate::domain::forms::{ADDRESS_LINE_MAX, FREE_TEXT_MAX, NAME_MAX};

/// A "too long" error for each `(field, value, max)` over its limit.
pub(crate) fn too_long(checks: &[(&'static str, Option<&str>, usize)]) -> Vec<FieldError> {
    checks
        .iter()
        .filter(|(_, value, max)| value.is_some_and(|v| v.chars().count() > *max))
        .map(|(field, _, max)| FieldError::too_long(field, *max))
        .collect()
}
