//! `/api/v1/staff/pantries-admin`: a food bank admin's pantries, as the `/staff/pantries-admin`
//! page keeps them: list, add, edit, deactivate or reactivate, and photos (multipart, the items'
//! rules). Another food bank's pantry is 404, like one that does not exist.
use super::{
    super::{ApiResult, Body, PathParams, ok},
    Caller,
    items::{PHOTO_BODY_BYTES, PhotoUpload, photo_part},
};
use crate::{
    api::ApiError,
    domain::{Id, staff::FoodBankAdmin},
    model::staff_pantries::{AdminPantries, AdminPantry, PantryActive, PantryForm},
    service::staff::pantries as service,
    state::AppState,
};
use axum::extract::{DefaultBodyLimit, Multipart, State, multipart::MultipartRejection};
use utoipa_axum::{router::OpenApiRouter, routes};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_pantries, create_pantry))
        .routes(routes!(update_pantry))
        .routes(routes!(set_pantry_active))
        // The photo's body is larger than the API's JSON limit: this route alone takes more.
        .merge(OpenApiRouter::new().routes(routes!(pantry_photo)).layer(DefaultBodyLimit::max(PHOTO_BODY_BYTES)))
}

#[utoipa::path(
    get, path = "/staff/pantries-admin",
    summary = "The caller's food banks and all their pantries (deactivated ones too), with address, place, time zone, phone, instructions, photos and what they offer",
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = AdminPantries))
)]
async fn admin_pantries(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
) -> ApiResult<AdminPantries> {
    ok(service::pantries(&state, &admin).await?)
}

#[utoipa::path(
    post, path = "/staff/pantries-admin",
    request_body = PantryForm,
    summary = "Add a pantry to one of the caller's food banks, placed at its ZIP's centre unless latitude and longitude are given; found by search, its page and the sitemap at once",
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = AdminPantry))
)]
async fn create_pantry(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    Body(form): Body<PantryForm>,
) -> ApiResult<AdminPantry> {
    ok(service::create(&state, &admin, &form).await?)
}

#[utoipa::path(
    put, path = "/staff/pantries-admin/{id}",
    request_body = PantryForm,
    summary = "Edit one of the caller's pantries; its place stays unless latitude and longitude or the ZIP change",
    params(("id" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = AdminPantry))
)]
async fn update_pantry(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    PathParams(id): PathParams<Id>,
    Body(form): Body<PantryForm>,
) -> ApiResult<AdminPantry> {
    ok(service::update(&state, &admin, id, &form).await?)
}

#[utoipa::path(
    put, path = "/staff/pantries-admin/{id}/active",
    request_body = PantryActive,
    summary = "Deactivate a pantry (gone from search, its page and the sitemap; its orders kept) or activate it again",
    params(("id" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = AdminPantry))
)]
async fn set_pantry_active(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    PathParams(id): PathParams<Id>,
    Body(active): Body<PantryActive>,
) -> ApiResult<AdminPantry> {
    ok(service::set_active(&state, &admin, id, active.active).await?)
}

#[utoipa::path(
    post, path = "/staff/pantries-admin/{id}/photos",
    request_body(content = PhotoUpload, content_type = "multipart/form-data"),
    summary = "Add a photo to a pantry: JPEG, PNG or WebP up to 5 MB, checked by content, shrunk to 800 px and stored as the server's own JPEG",
    params(("id" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = AdminPantry))
)]
async fn pantry_photo(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    PathParams(id): PathParams<Id>,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<AdminPantry> {
    let form = form.map_err(|_| ApiError::UnsupportedMediaType("Send the photo as multipart/form-data.".into()))?;
    let upload = photo_part(form).await?;
    ok(service::photo(&state, &admin, id, upload).await?)
}
