//! Order calls (spec §7): place an order, list and show the shopper's orders and
//! their lines, cancel, and change pickup time or pantry. All need a signed-in shopper;
//! another shopper's order answers 404, like one that does not exist.
use super::{ApiError, ApiResult, Body, PathParams, idempotency_key, ok};
use crate::infra::auth::AuthUser;
use crate::{
    domain::Id,
    model::orders::{Order, OrderItem, OrderLocationChange, OrderSubmission},
    service::orders as service,
    state::AppState,
};
use axum::{extract::State, http::HeaderMap};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(submit))
        .routes(routes!(list))
        .routes(routes!(show, cancel))
        .routes(routes!(items))
        .routes(routes!(change_pickup_time))
        .routes(routes!(change_delivery_time))
        .routes(routes!(change_location))
}

#[utoipa::path(
    post, path = "/order",
    operation_id = "submit_order", request_body = OrderSubmission,
    summary = r#"Place an order (pickup, or delivery to a saved address); the value is the new order id. Refused with 422 and value {"step": "eligibility"|"survey"} while the checkout's food-situation screening or a survey round is unanswered"#,
    params(("Idempotency-Key" = Option<String>, Header, max_length = 255, description = "A retry with the same key returns the first order's id and places nothing.")),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = inline(i64)))
)]
async fn submit(
    State(state): State<AppState>,
    user: AuthUser,
    headers: HeaderMap,
    Body(submission): Body<OrderSubmission>,
) -> ApiResult<Id> {
    let key = idempotency_key(&headers)?;
    submission.validate().map_err(ApiError::invalid)?;
    ok(service::submit(&state, user.id, &submission, key).await?)
}

#[utoipa::path(
    get, path = "/orders",
    operation_id = "list_orders",
    summary = "The shopper's orders, newest first",
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Vec<Order>))
)]
async fn list(State(state): State<AppState>, user: AuthUser) -> ApiResult<Vec<Order>> {
    ok(service::list(&state, user.id).await?)
}

#[utoipa::path(
    get, path = "/orders/{id}",
    summary = "One of the shopper's orders",
    params(("id" = inline(super::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Order))
)]
async fn show(State(state): State<AppState>, user: AuthUser, PathParams(id): PathParams<Id>) -> ApiResult<Order> {
    ok(service::show(&state, user.id, id).await?)
}

#[utoipa::path(
    get, path = "/orders/{id}/items",
    summary = "The order's lines",
    params(("id" = inline(super::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Vec<OrderItem>))
)]
async fn items(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<Id>,
) -> ApiResult<Vec<OrderItem>> {
    ok(service::items(&state, user.id, id).await?)
}

#[utoipa::path(
    delete, path = "/orders/{id}",
    summary = "Cancel the order and give its stock back; the value is the cancelled order",
    params(("id" = inline(super::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Order))
)]
async fn cancel(State(state): State<AppState>, user: AuthUser, PathParams(id): PathParams<Id>) -> ApiResult<Order> {
    ok(service::cancel(&state, user.id, id).await?)
}

#[utoipa::path(
    put, path = "/orders/{id}/pickuptime/{pickupTimeId}",
    summary = "Move a pickup order to another valid pickup time of its pantry",
    params(("id" = inline(super::params::RowId), Path), ("pickupTimeId" = inline(super::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Order))
)]
async fn change_pickup_time(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams((id, pickup_time_id)): PathParams<(Id, Id)>,
) -> ApiResult<Order> {
    ok(service::change_time(&state, user.id, id, pickup_time_id).await?)
}

#[utoipa::path(
    put, path = "/orders/{id}/deliverytime/{deliveryTimeId}",
    summary = "Move a delivery order to another valid window of its delivery program",
    params(("id" = inline(super::params::RowId), Path), ("deliveryTimeId" = inline(super::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Order))
)]
async fn change_delivery_time(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams((id, delivery_time_id)): PathParams<(Id, Id)>,
) -> ApiResult<Order> {
    ok(service::change_delivery(&state, user.id, id, delivery_time_id).await?)
}

#[utoipa::path(
    put, path = "/orders/{id}/location",
    request_body = OrderLocationChange,
    summary = "Move a pickup order to another pantry of its food bank and a pickup time there",
    params(("id" = inline(super::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Order))
)]
async fn change_location(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<Id>,
    Body(change): Body<OrderLocationChange>,
) -> ApiResult<Order> {
    ok(service::change_location(&state, user.id, id, &change).await?)
}
