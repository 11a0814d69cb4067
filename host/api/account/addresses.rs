//! Saved delivery addresses: `GET`/`POST /account/addresses`,
//! `PUT`/`DELETE /account/addresses/{addressId}`. Another shopper's address is a 404.
use super::{ADDRESS_LINE_MAX, NAME_MAX, field_error, too_long};
use crate::{
    api::{ApiError, ApiResult, Body, PathParams, auth::AuthUser, ok},
    domain::{
        forms::{ADDRESS_NOTES_MAX, AddressForm, COUNTRY_CODE, validate_address},
        messages,
    },
    model::account::{SavedAddress, SavedAddressBody},
    state::AppState,
};
use axum::{Router, extract::State, routing::get};
use serde_json::{Value, json};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/account/addresses", get(list).post(create))
        .route("/account/addresses/{addressId}", axum::routing::put(update).delete(remove))
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
    let mut errors = too_long(&[
        ("name", Some(form.name.trim()), NAME_MAX),
        ("addressLine1", Some(form.address_line1.trim()), ADDRESS_LINE_MAX),
        ("addressLine2", form.address_line2.as_deref().map(str::trim), ADDRESS_LINE_MAX),
        ("city", Some(form.city.trim()), NAME_MAX),
    ]);
    if a.country_code.as_deref().is_some_and(|c| !c.trim().eq_ignore_ascii_case(COUNTRY_CODE)) {
        errors.push(field_error("countryCode", messages::INVALID_CHOICE));
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

async fn list(State(state): State<AppState>, user: AuthUser) -> ApiResult<Vec<SavedAddress>> {
    ok(crate::service::accounts::saved_addresses(&state, user.id).await?)
}

async fn create(
    State(state): State<AppState>,
    user: AuthUser,
    Body(body): Body<SavedAddressBody>,
) -> ApiResult<SavedAddress> {
    let form = form(body)?;
    ok(state.store.create_saved_address(user.id, &form).await?)
}

async fn update(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<i64>,
    Body(body): Body<SavedAddressBody>,
) -> ApiResult<SavedAddress> {
    let form = form(body)?;
    ok(state.store.update_saved_address(user.id, id, &form).await?.ok_or_else(|| ApiError::not_found("Address"))?)
}

async fn remove(State(state): State<AppState>, user: AuthUser, PathParams(id): PathParams<i64>) -> ApiResult<bool> {
    if state.store.delete_saved_address(user.id, id).await? { ok(true) } else { Err(ApiError::not_found("Address")) }
}

pub fn openapi() -> Value {
    use crate::api::openapi::{operation, operation_with_body, with_params};
    let saved = json!({ "$ref": "#/components/schemas/SavedAddress" });
    let body = json!({ "$ref": "#/components/schemas/SavedAddressInput" });
    let id = [("addressId", "path", "id")];
    json!({
        "paths": {
            "/account/addresses": {
                "get": operation("The shopper's saved addresses, primary first",
                    json!({ "type": "array", "items": saved.clone() }), true),
                "post": operation_with_body("Save an address; marking it primary clears the other primary",
                    body.clone(), saved.clone(), true)
            },
            "/account/addresses/{addressId}": {
                "put": with_params(operation_with_body("Edit a saved address (404 if not the shopper's)",
                    body, saved, true), &id),
                "delete": with_params(operation("Delete a saved address (404 if not the shopper's)",
                    json!({ "type": "boolean" }), true), &id)
            }
        },
        "schemas": {
            "SavedAddress": { "type": "object", "properties": {
                "id": { "type": "integer" },
                "name": { "type": "string" },
                "isPrimary": { "type": "boolean" },
                "notes": { "type": "string", "nullable": true, "maxLength": ADDRESS_NOTES_MAX },
                "address": { "type": "object", "properties": {
                    "id": { "type": "integer" },
                    "addressLine1": { "type": "string" },
                    "addressLine2": { "type": "string", "nullable": true },
                    "city": { "type": "string" },
                    "province": { "type": "string", "description": "State abbreviation" },
                    "postalCode": { "type": "string" },
                    "countryCode": { "type": "string", "enum": [COUNTRY_CODE] },
                    "latitude": { "type": "number", "nullable": true },
                    "longitude": { "type": "number", "nullable": true } } } } },
            "SavedAddressInput": { "type": "object", "required": ["name", "address"], "properties": {
                "name": { "type": "string", "maxLength": NAME_MAX },
                "isPrimary": { "type": "boolean", "default": false },
                "notes": { "type": "string", "nullable": true, "maxLength": ADDRESS_NOTES_MAX },
                "address": { "type": "object", "required": ["addressLine1", "city", "province", "postalCode"], "properties": {
                    "addressLine1": { "type": "string", "maxLength": ADDRESS_LINE_MAX },
                    "addressLine2": { "type": "string", "nullable": true, "maxLength": ADDRESS_LINE_MAX },
                    "city": { "type": "string", "maxLength": NAME_MAX },
                    "province": { "type": "string", "description": "One of the 50 states or DC" },
                    "postalCode": { "type": "string", "pattern": "^\\d{5}$" },
                    "countryCode": { "type": "string", "enum": [COUNTRY_CODE] } } } } }
        }
    })
}
