//! The devices signed in to the account (issue 53 item 2): `GET /account/sessions`,
//! `DELETE /account/sessions/{sessionId}` and `POST /account/sessions/end-all`.
use crate::{
    api::{
        ApiError, ApiResult, PathParams, ok,
        session_cookie::{SessionCookie, WithCookie},
    },
    infra::auth::{self, AuthUser},
    model::account::SignedInDevice,
    service::devices,
    state::AppState,
};
use axum::{extract::State, http::HeaderMap};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(end)).routes(routes!(end_all))
}

#[utoipa::path(
    get, path = "/account/sessions",
    operation_id = "list_sessions",
    summary = "The devices signed in to the account, the most recently used first; `current` marks the caller's",
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Vec<SignedInDevice>))
)]
async fn list(State(state): State<AppState>, user: AuthUser, headers: HeaderMap) -> ApiResult<Vec<SignedInDevice>> {
    // The bearer was verified by `AuthUser`; read again only for its session's id.
    let current = auth::bearer_token(&headers).and_then(|t| state.tokens.verify(t)).map(|c| c.sid);
    ok(devices::list(&state, user.id, current.as_deref().unwrap_or_default()).await?)
}

#[utoipa::path(
    delete, path = "/account/sessions/{sessionId}",
    operation_id = "end_session",
    summary = "Sign a device out of the account, on every host (404 if it is not signed in to this account)",
    params(("sessionId" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = bool))
)]
async fn end(State(state): State<AppState>, user: AuthUser, PathParams(id): PathParams<i64>) -> ApiResult<bool> {
    devices::end(&state, user.id, id).await?;
    ok(true)
}

#[utoipa::path(
    post, path = "/account/sessions/end-all",
    operation_id = "end_all_sessions",
    summary = "Sign out everywhere: every device's session ends (this one's too) and the session cookie is cleared",
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = bool))
)]
async fn end_all(
    State(state): State<AppState>,
    user: AuthUser,
    cookie: SessionCookie,
) -> Result<WithCookie<bool>, ApiError> {
    devices::end_everywhere(&state, user.id).await?;
    Ok(cookie.clear(true))
}
