//! Saved delivery addresses: `GET`/`POST /account/addresses`,
//! `PUT`/`DELETE /account/addresses/{addressId}`. Another shopper's address is a 404.
use crate::{
    api::{ApiResult, Body, PathParams, ok},
    infra::auth::AuthUser,
    model::account::{SavedAddress, SavedAddressBody},
    state::AppState,
};
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(update, remove))
}

#[utoipa::path(
    get, path = "/account/addresses",
    operation_id = "list_addresses",
    summary = "The shopper's saved addresses, primary first",
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Vec<SavedAddress>))
)]
async fn list(State(state): State<AppState>, user: AuthUser) -> ApiResult<Vec<SavedAddress>> {
    ok(crate::service::accounts::saved_addresses(&state, user.id).await?)
}

#[utoipa::path(
    post, path = "/account/addresses",
    request_body = SavedAddressBody,
    summary = "Save an address; marking it primary clears the other primary",
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = SavedAddress))
)]
async fn create(
    State(state): State<AppState>,
    user: AuthUser,
    Body(body): Body<SavedAddressBody>,
) -> ApiResult<SavedAddress> {
    ok(crate::service::accounts::save_address(&state, user.id, None, body).await?)
}

#[utoipa::path(
    put, path = "/account/addresses/{addressId}",
    request_body = SavedAddressBody,
    summary = "Edit a saved address (404 if not the shopper's)",
    params(("addressId" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = SavedAddress))
)]
async fn update(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<i64>,
    Body(body): Body<SavedAddressBody>,
) -> ApiResult<SavedAddress> {
    ok(crate::service::accounts::save_address(&state, user.id, Some(id), body).await?)
}

#[utoipa::path(
    delete, path = "/account/addresses/{addressId}",
    summary = "Delete a saved address (404 if not the shopper's)",
    params(("addressId" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = bool))
)]
async fn remove(State(state): State<AppState>, user: AuthUser, PathParams(id): PathParams<i64>) -> ApiResult<bool> {
    crate::service::accounts::delete_saved_address(&state, user.id, id).await?;
    ok(true)
}
