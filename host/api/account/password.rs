//! Password reset (`POST /user/reset`, `GET /user/password/validate`, `POST /user/password`);
//! `service::password_reset` checks the input, counts the allowances and does the rest.
use crate::{
    api::{ApiResult, Body, QueryParams, ok},
    catalog::Lang,
    infra::ratelimit::ClientIp,
    model::account::{NewPasswordBody, ResetLink, ResetRequestBody},
    service::password_reset::{self, reset_password, send_reset},
    state::AppState,
};
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

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
