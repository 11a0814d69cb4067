//! The shopper's account (spec §7 account/*, user/*): session, profile, saved
//! addresses, password reset, and the eligibility and checkout surveys.
mod addresses;
mod password;
mod profile;
mod session;
mod survey;

use crate::{domain::forms::FieldError, state::AppState};
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(session::router())
        .merge(profile::router())
        .merge(addresses::router())
        .merge(password::router())
        .merge(survey::router())
}

pub(crate) use crate::domain::forms::{ADDRESS_LINE_MAX, FREE_TEXT_MAX, NAME_MAX, PASSWORD_MAX};

/// A "too long" error for each `(field, value, max)` over its limit.
pub(crate) fn too_long(checks: &[(&'static str, Option<&str>, usize)]) -> Vec<FieldError> {
    checks
        .iter()
        .filter(|(_, value, max)| value.is_some_and(|v| v.chars().count() > *max))
        .map(|(field, _, max)| FieldError::too_long(field, *max))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{password, session};
    use crate::domain::messages::Refusal;

    /// The account refusals keep their codes (see `domain::messages::REFUSALS`).
    #[test]
    fn account_refusal_texts_have_their_codes() {
        for (text, code) in [
            (session::LOGIN_FAILED, "loginFailed"),
            (session::TOO_MANY_LOGINS, "tooManyLogins"),
            (session::TOO_MANY_REGISTRATIONS, "tooManyRegistrations"),
            (session::EMAIL_TAKEN, "emailTaken"),
            (crate::service::password_reset::RESET_EXPIRED, "resetExpired"),
            (password::TOO_MANY_RESETS, "tooManyResets"),
        ] {
            assert_eq!(Refusal::recognize(text).map(|r| r.code), Some(code), "{text}");
        }
    }
}
