//! The signed-in shopper's favourite pantry (§4 "Favorite toggle": stored on the
//! server when signed in). One favourite: storing another replaces it.
use super::{ApiError, ApiResult, PathParams, ok};
use crate::infra::auth::AuthUser;
use crate::{
    domain::messages,
    {model::referrals::PantryRef, service::referrals, state::AppState},
};
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(load, clear)).routes(routes!(store))
}

/// The favourite pantry, or `null` when there is none.
#[utoipa::path(get, path = "/account/favorite", operation_id = "load_favorite",
    summary = "The caller's favourite pantry, or null", security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Option<PantryRef>)))]
async fn load(State(state): State<AppState>, user: AuthUser) -> ApiResult<Option<PantryRef>> {
    ok(referrals::favorite_pantry(&state, user.id).await?)
}

#[utoipa::path(put, path = "/account/favorite/{locationId}",
    summary = "Make a pantry the caller's favourite (replacing any other); 404 for an unknown pantry",
    params(("locationId" = inline(super::params::RowId), Path)), security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = PantryRef)))]
async fn store(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(location_id): PathParams<i64>,
) -> ApiResult<PantryRef> {
    let pantry = referrals::set_favorite_pantry(&state, user.id, location_id).await?;
    ok(pantry.ok_or_else(|| ApiError::not_found(&messages::PANTRY_NOT_FOUND))?)
}

/// Clearing when there is no favourite succeeds too; the value is the (now empty) favourite.
#[utoipa::path(delete, path = "/account/favorite",
    summary = "Clear the caller's favourite pantry (value null)", security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Option<PantryRef>)))]
async fn clear(State(state): State<AppState>, user: AuthUser) -> ApiResult<Option<PantryRef>> {
    referrals::clear_favorite_pantry(&state, user.id).await?;
    ok(None)
}
