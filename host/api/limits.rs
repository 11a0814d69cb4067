//! Limits that apply at a pantry or delivery window, the caller's past orders the
//! limits count, and the orders-per-period check.
use super::{ApiError, ApiResult, PathParams, auth::AuthUser, ok};
use crate::{
    db::{now, repo::shopping::OrderSite},
    domain::order_limits::{OrderLimitCheck, check_order_limits},
    model::locations::{Limit, LimitOrder, OrderLimitResult},
    state::AppState,
};
use axum::{
    Json, Router,
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::get,
};
use serde_json::{Value, json};

/// §7/§8: the past-orders calls fail with this text when there are none.
pub const NO_PAST_ORDERS: &str = "Server Error";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/limits/locations/{id}", get(pantry_limits))
        .route("/limits/deliverytimes/{id}", get(delivery_limits))
        .route("/limits/locations/{id}/orders", get(pantry_orders))
        .route("/limits/foodbanks/{id}/orders", get(food_bank_orders))
        .route("/limits/locations/{id}/check", get(pantry_check))
        .route("/limits/foodbanks/{id}/check", get(food_bank_check))
        .route("/limits/deliverytimes/{id}/check", get(delivery_check))
}

async fn pantry_limits(State(state): State<AppState>, PathParams(id): PathParams<i64>) -> ApiResult<Vec<Limit>> {
    let facts = state.store.pantry_facts(id).await?.ok_or_else(|| ApiError::not_found("Pantry location"))?;
    ok(state.store.pantry_limits(&facts.pantry).await?)
}

async fn delivery_limits(State(state): State<AppState>, PathParams(id): PathParams<i64>) -> ApiResult<Vec<Limit>> {
    let facts = state.store.delivery_facts(id).await?.ok_or_else(|| ApiError::not_found("Delivery time"))?;
    ok(state.store.delivery_limits(&facts.time).await?)
}

fn non_empty(orders: Vec<LimitOrder>) -> ApiResult<Vec<LimitOrder>> {
    if orders.is_empty() { Err(ApiError::NotFound(NO_PAST_ORDERS.into())) } else { ok(orders) }
}

async fn pantry_orders(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<i64>,
) -> ApiResult<Vec<LimitOrder>> {
    let facts = state.store.pantry_facts(id).await?.ok_or_else(|| ApiError::not_found("Pantry location"))?;
    non_empty(state.store.limit_orders(user.id, Some(facts.pantry.id), None).await?)
}

async fn food_bank_orders(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<i64>,
) -> ApiResult<Vec<LimitOrder>> {
    let fb = state.store.food_bank(id).await?.ok_or_else(|| ApiError::not_found("Food bank"))?;
    non_empty(state.store.limit_orders(user.id, None, Some(fb.id)).await?)
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
            message: c.message.clone(),
            next_available_order_date: c.next_available_order_date,
        };
        if c.allowed {
            Json(json!({ "successful": true, "value": result, "failureReason": null })).into_response()
        } else {
            let body = json!({ "successful": false, "value": result, "failureReason": c.message });
            (StatusCode::UNPROCESSABLE_ENTITY, Json(body)).into_response()
        }
    }
}

async fn pantry_check(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<i64>,
) -> Result<CheckReply, ApiError> {
    let facts = state.store.pantry_facts(id).await?.ok_or_else(|| ApiError::not_found("Pantry location"))?;
    let site = OrderSite::Pickup(&facts.pantry);
    Ok(CheckReply(state.store.order_limit_check(user.id, site, facts.tz, now()).await?))
}

/// The delivery program's and the food bank's limits: what Place Order enforces for a delivery
/// in this window, so the checkout can say so before the shopper gets that far.
async fn delivery_check(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<i64>,
) -> Result<CheckReply, ApiError> {
    let facts = state.store.delivery_facts(id).await?.ok_or_else(|| ApiError::not_found("Delivery time"))?;
    let site = OrderSite::Delivery(&facts.time);
    Ok(CheckReply(state.store.order_limit_check(user.id, site, facts.tz, now()).await?))
}

async fn food_bank_check(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<i64>,
) -> Result<CheckReply, ApiError> {
    let fb = state.store.food_bank(id).await?.ok_or_else(|| ApiError::not_found("Food bank"))?;
    let tz = fb.time_zone.parse().unwrap_or(chrono_tz::UTC);
    let limits = state.store.food_bank_order_limits(user.id, fb.id).await?;
    Ok(CheckReply(check_order_limits(&limits, now(), tz)))
}

pub fn openapi() -> Value {
    use super::openapi::{operation, with_params};
    let id = [("id", "path", "id")];
    let limits = json!({ "type": "array", "items": { "$ref": "#/components/schemas/Limit" } });
    let orders = json!({ "type": "array", "items": { "$ref": "#/components/schemas/LimitOrder" } });
    let check = json!({ "$ref": "#/components/schemas/OrderLimitResult" });
    json!({
        "paths": {
            "/limits/locations/{id}": { "get": with_params(operation("Limits set on the pantry and its food bank (ITEM: items per order; ORDER: orders per period)", limits.clone(), false), &id) },
            "/limits/deliverytimes/{id}": { "get": with_params(operation("Limits set on the delivery window's program and its food bank", limits, false), &id) },
            "/limits/locations/{id}/orders": { "get": with_params(operation("The caller's non-cancelled orders at the pantry, newest first; \"Server Error\" when none", orders.clone(), true), &id) },
            "/limits/foodbanks/{id}/orders": { "get": with_params(operation("The caller's non-cancelled orders at the food bank, newest first; \"Server Error\" when none", orders, true), &id) },
            "/limits/locations/{id}/check": { "get": with_params(operation("Whether the caller may place another order at the pantry (orders-per-period limits); 422 with the result and the limit's message when not", check.clone(), true), &id) },
            "/limits/foodbanks/{id}/check": { "get": with_params(operation("Whether the caller may place another order at the food bank; 422 with the result and the limit's message when not", check.clone(), true), &id) },
            "/limits/deliverytimes/{id}/check": { "get": with_params(operation("Whether the caller may place another delivery order in the window's program (its and the food bank's orders-per-period limits, as Place Order checks them); 422 with the result and the limit's message when not", check, true), &id) }
        },
        "schemas": {
            "LimitOrder": { "type": "object", "properties": {
                "id": { "type": "integer" }, "created": { "type": "string", "format": "date-time" },
                "foodBankID": { "type": "integer" }, "pantryLocationID": { "type": "integer", "nullable": true },
                "pantryLocationPickupTimeID": { "type": "integer", "nullable": true },
                "foodBankDeliveryTimeID": { "type": "integer", "nullable": true },
                "pantryOrderItems": { "type": "array", "items": { "type": "object", "properties": {
                    "pantryItemID": { "type": "integer" }, "pantryInventoryItemID": { "type": "integer" }, "quantity": { "type": "integer" } } } } } },
            "OrderLimitResult": { "type": "object", "properties": {
                "limit": { "type": "integer", "nullable": true }, "message": { "type": "string" },
                "nextAvailableOrderDate": { "type": "string", "format": "date", "nullable": true } } }
        }
    })
}
