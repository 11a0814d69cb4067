//! The shopper's account (spec §7 account/*, user/*): session, profile, saved
//! addresses, password reset, and the eligibility and checkout surveys.
mod addresses;
mod password;
mod profile;
mod session;
mod survey;

use crate::{
    domain::{forms::FieldError, messages},
    state::AppState,
};
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(session::router())
        .merge(profile::router())
        .merge(addresses::router())
        .merge(password::router())
        .merge(survey::router())
}

/// Free-text fields have no length limit in the spec; these keep rows (and
/// e-mails built from them) sane. Counted in characters, after trimming.
pub(crate) const NAME_MAX: usize = 100;
pub(crate) const ADDRESS_LINE_MAX: usize = 200;
pub(crate) const PASSWORD_MAX: usize = 256;
pub(crate) const FREE_TEXT_MAX: usize = 1000;

/// A "too long" error for each `(field, value, max)` over its limit.
pub(crate) fn too_long(checks: &[(&'static str, Option<&str>, usize)]) -> Vec<FieldError> {
    checks
        .iter()
        .filter(|(_, value, max)| value.is_some_and(|v| v.chars().count() > *max))
        .map(|(field, _, max)| FieldError { field, message: messages::too_long(*max) })
        .collect()
}

pub(crate) fn field_error(field: &'static str, message: &str) -> FieldError {
    FieldError { field, message: message.to_owned() }
}
