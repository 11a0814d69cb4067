//! `/api/v1/staff/stock...`: a pantry's stock (pantry staff and admins), as the `/staff/stock`
//! pages show and change it: the items, an item's movements, stock in and out, the CSV export,
//! import (upload for a preview, then Apply) and the limits on an item and on the order size.
use super::{
    super::{ApiResult, Body, PathParams, QueryParams, ok},
    Caller,
};
use crate::{
    domain::{Id, staff::PantryStaff},
    model::stock::{
        ImportApplied, ImportPreview, LimitRequest, OrderSizeRequest, StockEntryRequest, StockImportRequest, StockItem,
        StockItemHistory, StockList,
    },
    service::stock as service,
    state::AppState,
};
use axum::extract::{DefaultBodyLimit, State};
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

pub(super) fn router() -> OpenApiRouter<AppState> {
    // The import's body holds a file of up to 5 MB (with JSON's escapes); every other body stays small.
    let uploads = OpenApiRouter::new()
        .routes(routes!(import))
        .layer(DefaultBodyLimit::max(service::MAX_IMPORT_BYTES * 6 / 5 + 1024));
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(history))
        .routes(routes!(record))
        .routes(routes!(preview, apply))
        .routes(routes!(set_limit))
        .routes(routes!(delete_limit))
        .routes(routes!(order_size))
        .merge(uploads)
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct PantryQuery {
    /// The pantry (default: the caller's first).
    #[param(value_type = Option<crate::api::params::RowId>, inline)]
    pantry: Option<Id>,
}

#[utoipa::path(
    get, path = "/staff/stock",
    summary = "A pantry's items: on hand, held by open orders, the last movement and the limits; and the pantry's order-size limit",
    params(PantryQuery),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = StockList))
)]
async fn list(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    QueryParams(q): QueryParams<PantryQuery>,
) -> ApiResult<StockList> {
    ok(service::list(&state, &staff, q.pantry).await?)
}

#[utoipa::path(
    get, path = "/staff/stock/{itemId}",
    summary = "An item of the caller's pantries with its stock movements, newest first",
    params(("itemId" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = StockItemHistory))
)]
async fn history(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams(id): PathParams<Id>,
) -> ApiResult<StockItemHistory> {
    ok(service::history(&state, &staff, id).await?)
}

#[utoipa::path(
    post, path = "/staff/stock/{itemId}/movements",
    request_body = StockEntryRequest,
    summary = "Stock in or out with a reason: units received, damaged or given out, or a recount's count; a result below zero is refused (stockBelowZero at units)",
    params(
        ("itemId" = inline(crate::api::params::RowId), Path),
        ("Idempotency-Key" = Option<String>, Header, max_length = 255, description = "A retry with the same key moves nothing again and answers the item as it is."),
    ),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = StockItem))
)]
async fn record(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams(id): PathParams<Id>,
    headers: axum::http::HeaderMap,
    Body(entry): Body<StockEntryRequest>,
) -> ApiResult<StockItem> {
    let key = super::super::idempotency_key(&headers)?;
    ok(service::record(&state, &staff, id, &entry, key.as_deref()).await?)
}

#[utoipa::path(
    post, path = "/staff/stock/imports",
    request_body = StockImportRequest,
    summary = "Upload a CSV of items (itemId or product, and quantity or received) for a preview of every row's change and error; nothing is applied until Apply with its token. Over 5 MB is importTooLarge, a file that is not such a CSV importNotCsv",
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = ImportPreview))
)]
async fn import(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    Body(upload): Body<StockImportRequest>,
) -> ApiResult<ImportPreview> {
    ok(service::upload(&state, &staff, upload.pantry_id, upload.csv.as_bytes()).await?)
}

#[utoipa::path(
    get, path = "/staff/stock/imports/{token}",
    summary = "The preview of an upload kept for Apply, against the stock as it is now",
    params(("token" = String, Path, max_length = 64)),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = ImportPreview))
)]
async fn preview(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams(token): PathParams<String>,
) -> ApiResult<ImportPreview> {
    ok(service::preview(&state, &staff, &token).await?)
}

#[utoipa::path(
    post, path = "/staff/stock/imports/{token}",
    summary = "Apply the previewed upload, all or nothing in one transaction (a file with any row error applies nothing: importHasErrors)",
    params(("token" = String, Path, max_length = 64)),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = ImportApplied))
)]
async fn apply(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams(token): PathParams<String>,
) -> ApiResult<ImportApplied> {
    ok(service::apply(&state, &staff, &token).await?)
}

#[utoipa::path(
    put, path = "/staff/stock/{itemId}/limits",
    request_body = LimitRequest,
    summary = "Set the item's limit of a scope (DAY, WEEK, MONTH, ORDER, ACCOUNT), replacing the one of that scope; the checkout and the shop show it at once",
    params(("itemId" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = StockItem))
)]
async fn set_limit(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams(id): PathParams<Id>,
    Body(req): Body<LimitRequest>,
) -> ApiResult<StockItem> {
    ok(service::set_limit(&state, &staff, id, &req).await?)
}

#[utoipa::path(
    delete, path = "/staff/stock/{itemId}/limits/{limitId}",
    summary = "Remove one of the item's limits",
    params(("itemId" = inline(crate::api::params::RowId), Path), ("limitId" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = StockItem))
)]
async fn delete_limit(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams((id, limit_id)): PathParams<(Id, Id)>,
) -> ApiResult<StockItem> {
    ok(service::delete_limit(&state, &staff, id, limit_id).await?)
}

#[utoipa::path(
    put, path = "/staff/pantries/{pantryId}/order-size-limit",
    request_body = OrderSizeRequest,
    summary = "Set (or with no value remove) the pantry's order-size limit: at most that many items per order",
    params(("pantryId" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = StockList))
)]
async fn order_size(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams(id): PathParams<Id>,
    Body(req): Body<OrderSizeRequest>,
) -> ApiResult<StockList> {
    ok(service::set_order_size(&state, &staff, id, &req).await?)
}
