//! Password reset (`POST /user/reset`, `GET /user/password/validate`, `POST /user/password`):
//! the input checks and the per-address allowance; `service::password_reset` does the rest.
use super::{PASSWORD_MAX, too_long};
use crate::{
    api::{ApiError, ApiResult, Body, QueryParams, ok, ratelimit::ClientIp},
    catalog::Lang,
    domain::{
        forms::{FieldCode, FieldError, Format, is_valid_email, new_password},
        messages,
        passwords::password_problem,
    },
    model::account::{NewPasswordBody, ResetLink, ResetRequestBody},
    service::password_reset,
    state::AppState,
};
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

pub const PASSWORDS_DIFFER: &str = "The passwords do not match";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(request_reset)).routes(routes!(validate)).routes(routes!(set_password))
}

/// Always successful for a well-formed request: whether the e-mail has an account
/// is not told, neither by the answer nor by its timing (the link is made and
/// mailed after answering).
#[utoipa::path(
    post, path = "/user/reset",
    request_body = ResetRequestBody,
    summary = "Mail a password reset link (valid 1 hour). Successful whether or not the e-mail has an account; 429 when asked too often",
    security(()),
    responses((status = 200, description = "successful", body = bool))
)]
async fn request_reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    lang: Lang,
    Body(body): Body<ResetRequestBody>,
) -> ApiResult<bool> {
    send_reset(&state, &ip, lang, &body.email).await?;
    ok(true)
}

/// Mails a reset link for `email` asked from `ip`; shared by the JSON call and the form.
pub(crate) async fn send_reset(state: &AppState, ip: &str, lang: Lang, email: &str) -> Result<(), ApiError> {
    let email = email.trim().to_lowercase();
    if email.is_empty() {
        return Err(ApiError::invalid(vec![FieldError::required("email")]));
    }
    if !is_valid_email(&email) {
        return Err(ApiError::invalid(vec![Format::Email.error("email")]));
    }
    let limits = &state.rate_limits;
    // A request refused for its e-mail still counts for its address: cycling one
    // address through requests for a victim's mailbox burns the sender's allowance too.
    let counted = match limits.reset_requests_per_ip.try_hit(ip).await {
        Ok(()) => limits.reset_requests_per_email.try_hit(&email).await,
        refused => refused,
    };
    if let Err(wait) = counted {
        tracing::warn!(event = "reset_throttled", client = %ip, account = ?email, retry_after_secs = wait.as_secs(), "security event");
        return Err(ApiError::too_many(&messages::TOO_MANY_RESETS, wait));
    }
    Ok(password_reset::send_link(state, &email, lang).await?)
}

#[utoipa::path(
    get, path = "/user/password/validate",
    summary = "Whether a reset link is usable; 422 with the expiry message when expired, used or wrong",
    params(ResetLink),
    security(()),
    responses((status = 200, description = "successful", body = bool))
)]
async fn validate(State(state): State<AppState>, QueryParams(link): QueryParams<ResetLink>) -> ApiResult<bool> {
    password_reset::open_link(&state, &link.token, &link.code).await?;
    ok(true)
}

#[utoipa::path(
    post, path = "/user/password",
    request_body = NewPasswordBody,
    summary = "Set a new password through a reset link; ends every session of the account",
    params(ResetLink),
    security(()),
    responses((status = 200, description = "successful", body = bool))
)]
async fn set_password(
    State(state): State<AppState>,
    QueryParams(link): QueryParams<ResetLink>,
    Body(body): Body<NewPasswordBody>,
) -> ApiResult<bool> {
    reset_password(&state, &link, body).await?;
    ok(true)
}

/// Sets the new password through a reset link; shared by the JSON call and the form.
pub(crate) async fn reset_password(state: &AppState, link: &ResetLink, body: NewPasswordBody) -> Result<(), ApiError> {
    let confirm = body.confirm_password.as_deref().unwrap_or(&body.password);
    let Some(password) = new_password(&body.password, confirm) else {
        let error = if body.password.trim().is_empty() {
            FieldError::required("password")
        } else {
            FieldError::new("password", FieldCode::PasswordsDiffer, PASSWORDS_DIFFER)
        };
        return Err(ApiError::invalid(vec![error]));
    };
    let long = too_long(&[("password", Some(&password), PASSWORD_MAX)]);
    if !long.is_empty() {
        return Err(ApiError::invalid(long));
    }
    if let Some(why) = password_problem(&password) {
        return Err(ApiError::Invalid {
            reason: why.into(),
            fields: vec![FieldError::new("password", FieldCode::WeakPassword, why)],
        });
    }
    Ok(password_reset::set_password(state, &link.token, &link.code, password).await?)
}
