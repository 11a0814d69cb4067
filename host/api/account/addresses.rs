//! Saved delivery addresses: `GET`/`POST /account/addresses`,
//! `PUT`/`DELETE /account/addresses/{addressId}`. Another shopper's address is a 404.
use crate::{
    api::{ApiError, ApiResult, Body, PathParams, auth::AuthUser, ok},
    domain::forms::{AddressForm, COUNTRY_CODE, FieldError, validate_address},
    model::account::{SavedAddress, SavedAddressBody},
    state::AppState,
};
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(update, remove))
}

/// The validated, trimmed form of a body.
fn form(body: SavedAddressBody) -> Result<AddressForm, ApiError> {
    let a = body.address;
    let form = AddressForm {
        name: body.name,
        address_line1: a.address_line1,
        address_line2: a.address_line2,
        city: a.city,
        province: a.province,
        postal_code: a.postal_code,
        notes: body.notes,
        is_primary: body.is_primary,
    };
    let mut errors = Vec::new();
    if a.country_code.as_deref().is_some_and(|c| !c.trim().eq_ignore_ascii_case(COUNTRY_CODE)) {
        errors.push(FieldError::choice("countryCode"));
    }
    match validate_address(&form) {
        Ok(clean) if errors.is_empty() => Ok(clean),
        Ok(_) => Err(ApiError::invalid(errors)),
        Err(mut e) => {
            e.extend(errors);
            Err(ApiError::invalid(e))
        }
    }
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
    let form = form(body)?;
    ok(crate::service::accounts::create_saved_address(&state, user.id, &form).await?)
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
    let form = form(body)?;
    ok(crate::service::accounts::update_saved_address(&state, user.id, id, &form).await?)
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
