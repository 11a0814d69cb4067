//! Limits that apply at a pantry or delivery window, the caller's past orders the
//! limits count, and the orders-per-period check.
use super::{ApiError, ApiResult, PathParams, ok};
use crate::infra::auth::AuthUser;
use crate::{
    domain::order_limits::OrderLimitCheck,
    model::locations::{Limit, LimitOrder, OrderLimitResult},
    service::{limits, shop::Site},
    state::AppState,
};
use axum::{
    Json,
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde_json::json;
use utoipa_axum::{router::OpenApiRouter, routes};

/// §7/§8: the past-orders calls fail with this text when there are none.
pub const NO_PAST_ORDERS: &str = "Server Error";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(pantry_limits))
        .routes(routes!(delivery_limits))
        .routes(routes!(pantry_orders))
        .routes(routes!(food_bank_orders))
        .routes(routes!(pantry_check))
        .routes(routes!(food_bank_check))
        .routes(routes!(delivery_check))
}

#[utoipa::path(
    get, path = "/limits/locations/{id}",
    summary = "Limits set on the pantry and its food bank (ITEM: items per order; ORDER: orders per period)",
    params(("id" = inline(super::params::RowId), Path)),
    security(()),
    responses((status = 200, description = "successful", body = Vec<Limit>))
)]
async fn pantry_limits(State(state): State<AppState>, PathParams(id): PathParams<i64>) -> ApiResult<Vec<Limit>> {
    ok(limits::site_limits(&state, Site::Pantry(id)).await?)
}

#[utoipa::path(
    get, path = "/limits/deliverytimes/{id}",
    summary = "Limits set on the delivery window's program and its food bank",
    params(("id" = inline(super::params::RowId), Path)),
    security(()),
    responses((status = 200, description = "successful", body = Vec<Limit>))
)]
async fn delivery_limits(State(state): State<AppState>, PathParams(id): PathParams<i64>) -> ApiResult<Vec<Limit>> {
    ok(limits::site_limits(&state, Site::Delivery(id)).await?)
}

fn non_empty(orders: Vec<LimitOrder>) -> ApiResult<Vec<LimitOrder>> {
    if orders.is_empty() { Err(ApiError::NotFound(NO_PAST_ORDERS.into())) } else { ok(orders) }
}

#[utoipa::path(
    get, path = "/limits/locations/{id}/orders",
    summary = r#"The caller's non-cancelled orders at the pantry, newest first; "Server Error" when none"#,
    params(("id" = inline(super::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Vec<LimitOrder>))
)]
async fn pantry_orders(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<i64>,
) -> ApiResult<Vec<LimitOrder>> {
    non_empty(limits::pantry_orders(&state, user.id, id).await?)
}

#[utoipa::path(
    get, path = "/limits/foodbanks/{id}/orders",
    summary = r#"The caller's non-cancelled orders at the food bank, newest first; "Server Error" when none"#,
    params(("id" = inline(super::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Vec<LimitOrder>))
)]
async fn food_bank_orders(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<i64>,
) -> ApiResult<Vec<LimitOrder>> {
    non_empty(limits::food_bank_orders(&state, user.id, id).await?)
}

/// The check's answer: successful with the allowance, or — when the caller may not
/// order now — a 422 whose value still carries the result, so the app can show the
/// next available date beside the message.
pub struct CheckReply(OrderLimitCheck);

impl IntoResponse for CheckReply {
    fn into_response(self) -> Response {
        let c = self.0;
        let result = OrderLimitResult {
            limit: c.limit,
            message: c.message(),
            next_available_order_date: c.next_available_order_date,
        };
        match c.refusal {
            None => Json(json!({ "successful": true, "value": result, "failureReason": null })).into_response(),
            Some(refusal) => {
                let body = super::error::failure_envelope(json!(result), &refusal.into());
                (StatusCode::UNPROCESSABLE_ENTITY, Json(body)).into_response()
            }
        }
    }
}

#[utoipa::path(
    get, path = "/limits/locations/{id}/check",
    summary = "Whether the caller may place another order at the pantry (orders-per-period limits); 422 with the result and the limit's message when not",
    params(("id" = inline(super::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = OrderLimitResult))
)]
async fn pantry_check(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<i64>,
) -> Result<CheckReply, ApiError> {
    Ok(CheckReply(limits::order_check(&state, user.id, Site::Pantry(id)).await?))
}

/// The delivery program's and the food bank's limits: what Place Order enforces for a delivery
/// in this window, so the checkout can say so before the shopper gets that far.
#[utoipa::path(
    get, path = "/limits/deliverytimes/{id}/check",
    summary = "Whether the caller may place another delivery order in the window's program (its and the food bank's orders-per-period limits, as Place Order checks them); 422 with the result and the limit's message when not",
    params(("id" = inline(super::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = OrderLimitResult))
)]
async fn delivery_check(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<i64>,
) -> Result<CheckReply, ApiError> {
    Ok(CheckReply(limits::order_check(&state, user.id, Site::Delivery(id)).await?))
}

#[utoipa::path(
    get, path = "/limits/foodbanks/{id}/check",
    summary = "Whether the caller may place another order at the food bank; 422 with the result and the limit's message when not",
    params(("id" = inline(super::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = OrderLimitResult))
)]
async fn food_bank_check(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<i64>,
) -> Result<CheckReply, ApiError> {
    Ok(CheckReply(limits::food_bank_order_check(&state, user.id, id).await?))
}
