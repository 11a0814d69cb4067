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
use axum::Router;
use serde_json::{Map, Value, json};

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(session::router())
        .merge(profile::router())
        .merge(addresses::router())
        .merge(password::router())
        .merge(survey::router())
}

pub fn openapi() -> Value {
    let mut paths = Map::new();
    let mut schemas = Map::new();
    for part in [session::openapi(), profile::openapi(), addresses::openapi(), password::openapi(), survey::openapi()] {
        if let Some(p) = part["paths"].as_object() {
            for (path, ops) in p {
                // Two parts may document different methods of one path.
                match paths.get_mut(path).and_then(Value::as_object_mut) {
                    Some(existing) => existing.extend(ops.as_object().cloned().unwrap_or_default()),
                    None => {
                        paths.insert(path.clone(), ops.clone());
                    }
                }
            }
        }
        if let Some(s) = part["schemas"].as_object() {
            schemas.extend(s.clone());
        }
    }
    json!({ "paths": paths, "schemas": schemas })
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
