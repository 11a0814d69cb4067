//! `/api/v1/staff/items`: a pantry's items (pantry staff and admins), as the `/staff/items` page
//! keeps them: list, add, edit, hide or show, and the product's photo (multipart, JPEG/PNG/WebP
//! up to 5 MB, re-encoded by the server). `/api/v1/staff/audit`: the admin's log of changes.
use super::{super::ApiResult, super::Body, super::PathParams, super::QueryParams, super::ok, Caller};
use crate::{
    api::ApiError,
    domain::{
        Id, messages,
        staff::{FoodBankAdmin, PantryStaff},
    },
    infra::images::{MAX_PHOTO_BYTES, PhotoProblem},
    model::{
        staff_audit::AuditPage,
        staff_items::{ItemActive, ItemForm, StaffItem, StaffItems},
    },
    service::{Error, staff::audit, staff::items as service},
    state::AppState,
};
use axum::extract::{Multipart, State, multipart::MultipartRejection};
use serde::Deserialize;
use utoipa::ToSchema;

/// A photo upload's largest body: the photo and the form's own parts. A larger photo that still
/// fits is refused by its size (`photoTooLarge`), as is a body over this.
pub const PHOTO_BODY_BYTES: usize = MAX_PHOTO_BYTES + 64 * 1024;

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct PantryQuery {
    /// The pantry (default: the caller's first).
    #[param(value_type = Option<crate::api::params::RowId>, inline)]
    pantry: Option<Id>,
}

#[utoipa::path(
    get, path = "/staff/items",
    summary = "A pantry's items (hidden ones too), with the food bank's catalog, units and categories to add from",
    params(PantryQuery),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = StaffItems))
)]
pub(super) async fn staff_items(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    QueryParams(q): QueryParams<PantryQuery>,
) -> ApiResult<StaffItems> {
    ok(service::items(&state, &staff, q.pantry).await?)
}

#[utoipa::path(
    post, path = "/staff/items",
    request_body = ItemForm,
    summary = "Add an item to one of the caller's pantries: a product of the food bank's catalog (productId) or a new one (name, optional Spanish name, size and unit); shown in the shop at once, with none on hand",
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = StaffItem))
)]
pub(super) async fn create_item(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    Body(form): Body<ItemForm>,
) -> ApiResult<StaffItem> {
    ok(service::create(&state, &staff, &form).await?)
}

#[utoipa::path(
    put, path = "/staff/items/{id}",
    request_body = ItemForm,
    summary = "Edit an item: another catalog product, or its own product's name, size and unit (the food bank's products only); its category and source",
    params(("id" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = StaffItem))
)]
pub(super) async fn update_item(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams(id): PathParams<Id>,
    Body(form): Body<ItemForm>,
) -> ApiResult<StaffItem> {
    ok(service::update(&state, &staff, id, &form).await?)
}

#[utoipa::path(
    put, path = "/staff/items/{id}/active",
    request_body = ItemActive,
    summary = "Show an item in the shop or hide it (at once)",
    params(("id" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = StaffItem))
)]
pub(super) async fn set_item_active(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams(id): PathParams<Id>,
    Body(active): Body<ItemActive>,
) -> ApiResult<StaffItem> {
    ok(service::set_active(&state, &staff, id, active.active).await?)
}

/// The photo upload's form.
#[derive(ToSchema)]
#[allow(dead_code)] // Describes the multipart body for the document; the handler reads it part by part.
pub(super) struct PhotoUpload {
    /// A JPEG, PNG or WebP image of at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    photo: Vec<u8>,
}

/// A photo body that is too large, or a part that could not be read.
fn part_refusal(e: &axum::extract::multipart::MultipartError) -> Error {
    if e.status().as_u16() == 413 {
        service::photo_refusal(PhotoProblem::TooLarge)
    } else {
        Error::Invalid((&messages::PHOTO_UNREADABLE).into())
    }
}

/// The bytes of a form's `photo` part.
pub(crate) async fn photo_bytes(field: axum::extract::multipart::Field<'_>) -> Result<Vec<u8>, Error> {
    field.bytes().await.map(|b| b.to_vec()).map_err(|e| part_refusal(&e))
}

/// The bytes of the form's `photo` part, the other parts skipped.
pub(crate) async fn photo_part(mut form: Multipart) -> Result<Vec<u8>, Error> {
    loop {
        match form.next_field().await {
            Ok(Some(field)) if field.name() == Some("photo") => return photo_bytes(field).await,
            Ok(Some(_)) => continue,
            Ok(None) => return Err(Error::Invalid((&messages::PHOTO_MISSING).into())),
            Err(e) => return Err(part_refusal(&e)),
        }
    }
}

#[utoipa::path(
    post, path = "/staff/items/{id}/photo",
    request_body(content = PhotoUpload, content_type = "multipart/form-data"),
    summary = "Give the item's product a photo (the food bank's products only): JPEG, PNG or WebP up to 5 MB, checked by content, shrunk to 800 px and stored as the server's own JPEG",
    params(("id" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = StaffItem))
)]
pub(super) async fn item_photo(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams(id): PathParams<Id>,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<StaffItem> {
    let form = form.map_err(|_| ApiError::UnsupportedMediaType("Send the photo as multipart/form-data.".into()))?;
    let upload = photo_part(form).await?;
    ok(service::photo(&state, &staff, id, upload).await?)
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct AuditQuery {
    /// One of the admin's pantries (default: all of their food banks').
    #[param(value_type = Option<crate::api::params::RowId>, inline)]
    pantry: Option<Id>,
    /// An entry id: the page of entries older than it.
    #[param(value_type = Option<crate::api::params::RowId>, inline)]
    before: Option<i64>,
    /// The account whose changes to list.
    #[param(value_type = Option<crate::api::params::RowId>, inline)]
    person: Option<Id>,
    /// One kind of change, e.g. `item.update`.
    #[param(value_type = Option<String>, max_length = 64)]
    action: Option<crate::api::params::Bounded<64>>,
    /// The first day (in the admin's first pantry's time zone).
    from: Option<chrono::NaiveDate>,
    /// The last day, included.
    to: Option<chrono::NaiveDate>,
}

#[utoipa::path(
    get, path = "/staff/audit",
    summary = "The newest staff changes at the caller's food banks (50 a page), by pantry, person, kind of change and days: who, when, where, what, and each field before and after",
    params(AuditQuery),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = AuditPage))
)]
pub(super) async fn audit_log(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    QueryParams(q): QueryParams<AuditQuery>,
) -> ApiResult<AuditPage> {
    let ask =
        audit::AuditAsk { pantry: q.pantry, person: q.person, action: q.action.map(|a| a.0), from: q.from, to: q.to };
    ok(audit::page(&state, &admin, &ask, q.before).await?)
}
