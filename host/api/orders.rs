//! Order calls (spec §7): place an order, list and show the shopper's orders and
//! their lines, cancel, and change pickup time or pantry. All need a signed-in shopper;
//! another shopper's order answers 404, like one that does not exist.
use super::{ApiError, ApiResult, Body, PathParams, auth::AuthUser, ok};
use crate::{
    domain::Id,
    model::orders::{
        Idempotency, MAX_IDEMPOTENCY_KEY_LEN, Order, OrderItem, OrderLocationChange, OrderRefused, OrderSubmission,
    },
    service::orders as service,
    state::AppState,
};
use axum::{
    Router,
    extract::State,
    http::HeaderMap,
    routing::{get, post, put},
};
use serde_json::{Value, json};

pub const IDEMPOTENCY_KEY_HEADER: &str = "idempotency-key";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/order", post(submit))
        .route("/orders", get(list))
        .route("/orders/{id}", get(show).delete(cancel))
        .route("/orders/{id}/items", get(items))
        .route("/orders/{id}/pickuptime/{pickup_time_id}", put(change_pickup_time))
        .route("/orders/{id}/deliverytime/{delivery_time_id}", put(change_delivery_time))
        .route("/orders/{id}/location", put(change_location))
}

impl From<OrderRefused> for ApiError {
    fn from(r: OrderRefused) -> Self {
        match r {
            OrderRefused::NotFound(what) => ApiError::not_found(what),
            OrderRefused::Rule(message) => ApiError::Refused(message),
            OrderRefused::Unanswered(due) => {
                ApiError::RefusedAtStep { message: due.message().into(), step: due.step() }
            }
        }
    }
}

/// The optional `Idempotency-Key`: 1 to 255 visible ASCII characters.
fn idempotency_key(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(raw) = headers.get(IDEMPOTENCY_KEY_HEADER) else { return Ok(None) };
    let key = raw.to_str().map(str::trim).unwrap_or_default();
    if key.is_empty() || key.len() > MAX_IDEMPOTENCY_KEY_LEN || !key.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(ApiError::BadRequest(format!(
            "The Idempotency-Key header must be 1 to {MAX_IDEMPOTENCY_KEY_LEN} visible characters."
        )));
    }
    Ok(Some(key.to_owned()))
}

async fn submit(
    State(state): State<AppState>,
    user: AuthUser,
    headers: HeaderMap,
    Body(submission): Body<OrderSubmission>,
) -> ApiResult<Id> {
    let key = idempotency_key(&headers)?;
    submission.validate().map_err(ApiError::invalid)?;
    let idempotency = key.map(|key| Idempotency { key, fingerprint: submission.fingerprint() });
    ok(state.store.submit_order(user.id, &submission, idempotency.as_ref()).await??)
}

async fn list(State(state): State<AppState>, user: AuthUser) -> ApiResult<Vec<Order>> {
    ok(service::list(&state, user.id).await?)
}

async fn show(State(state): State<AppState>, user: AuthUser, PathParams(id): PathParams<Id>) -> ApiResult<Order> {
    ok(service::show(&state, user.id, id).await?)
}

async fn items(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<Id>,
) -> ApiResult<Vec<OrderItem>> {
    ok(service::items(&state, user.id, id).await?)
}

async fn cancel(State(state): State<AppState>, user: AuthUser, PathParams(id): PathParams<Id>) -> ApiResult<Order> {
    ok(state.store.cancel_order(user.id, id).await??)
}

async fn change_pickup_time(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams((id, pickup_time_id)): PathParams<(Id, Id)>,
) -> ApiResult<Order> {
    ok(state.store.change_pickup_time(user.id, id, pickup_time_id).await??)
}

async fn change_delivery_time(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams((id, delivery_time_id)): PathParams<(Id, Id)>,
) -> ApiResult<Order> {
    ok(state.store.change_delivery_time(user.id, id, delivery_time_id).await??)
}

async fn change_location(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<Id>,
    Body(change): Body<OrderLocationChange>,
) -> ApiResult<Order> {
    if change.order_id != id {
        return Err(ApiError::BadRequest("OrderId does not match the order in the path.".into()));
    }
    ok(state.store.change_location(user.id, &change).await??)
}

pub fn openapi() -> Value {
    use super::openapi::{operation, operation_with_body, with_params};
    let order = json!({ "$ref": "#/components/schemas/Order" });
    let id_param = [("id", "path", "id")];
    let mut submit = operation_with_body(
        "Place an order (pickup, or delivery to a saved address); the value is the new order id. Refused with 422 and value {\"step\": \"eligibility\"|\"survey\"} while the checkout's food-situation screening or a survey round is unanswered",
        json!({ "$ref": "#/components/schemas/OrderSubmission" }),
        json!({ "type": "integer" }),
        true,
    );
    submit["parameters"] = json!([{
        "name": "Idempotency-Key", "in": "header", "required": false,
        "description": "A retry with the same key returns the first order's id and places nothing.",
        "schema": { "type": "string", "maxLength": MAX_IDEMPOTENCY_KEY_LEN }
    }]);
    let time = |t: &str| json!({ "type": "string", "description": t });
    json!({
        "paths": {
            "/order": { "post": submit },
            "/orders": { "get": operation("The shopper's orders, newest first", json!({ "type": "array", "items": order }), true) },
            "/orders/{id}": {
                "get": with_params(operation("One of the shopper's orders", order.clone(), true), &id_param),
                "delete": with_params(operation("Cancel the order and give its stock back; the value is the cancelled order", order.clone(), true), &id_param)
            },
            "/orders/{id}/items": {
                "get": with_params(operation("The order's lines", json!({ "type": "array", "items": { "$ref": "#/components/schemas/OrderItem" } }), true), &id_param)
            },
            "/orders/{id}/pickuptime/{pickupTimeId}": {
                "put": with_params(
                    operation("Move a pickup order to another valid pickup time of its pantry", order.clone(), true),
                    &[("id", "path", "id"), ("pickupTimeId", "path", "id")])
            },
            "/orders/{id}/deliverytime/{deliveryTimeId}": {
                "put": with_params(
                    operation("Move a delivery order to another valid window of its delivery program", order.clone(), true),
                    &[("id", "path", "id"), ("deliveryTimeId", "path", "id")])
            },
            "/orders/{id}/location": {
                "put": with_params(operation_with_body(
                    "Move a pickup order to another pantry of its food bank and a pickup time there",
                    json!({ "$ref": "#/components/schemas/OrderLocationChange" }), order, true), &id_param)
            }
        },
        "schemas": {
            "OrderSubmission": {
                "type": "object", "required": ["pantryOrderItems"],
                "properties": {
                    "pantryLocationID": { "type": "integer", "nullable": true },
                    "pantryLocationPickupTimeID": { "type": "integer", "nullable": true },
                    "foodBankDeliveryTimeID": { "type": "integer", "nullable": true },
                    "foodInsecureNeighborAddressID": { "type": "integer", "nullable": true, "description": "A saved address of the shopper; required for delivery" },
                    "pantryOrderItems": { "type": "array", "items": {
                        "type": "object", "required": ["pantryInventoryItemID", "quantity"],
                        "properties": {
                            "pantryInventoryItemID": { "type": "integer" },
                            "isSubstituteOk": { "type": "boolean" },
                            "quantity": { "type": "integer", "minimum": 1 }
                        } } }
                }
            },
            "OrderLocationChange": {
                "type": "object", "required": ["OrderId", "LocationId", "PickupTimeId"],
                "properties": {
                    "OrderId": { "type": "integer" }, "LocationId": { "type": "integer" }, "PickupTimeId": { "type": "integer" }
                }
            },
            "Order": {
                "type": "object",
                "required": ["id", "created", "foodBankID", "pantryOrderStatusType", "canChangeOrCancel", "isUpcoming"],
                "properties": {
                    "id": { "type": "integer" },
                    "created": { "type": "string", "format": "date-time" },
                    "foodBankID": { "type": "integer" },
                    "pantryLocationID": { "type": "integer", "description": "Absent on delivery orders" },
                    "pantryLocation": { "type": "object", "properties": {
                        "id": { "type": "integer" }, "label": { "type": "string" }, "foodBankID": { "type": "integer" },
                        "addressID": { "type": "integer" }, "address": { "type": "object" },
                        "isRestricted": { "type": "boolean" }, "pickupInstructions": { "type": "string", "nullable": true } } },
                    "pantryLocationPickupTimeID": { "type": "integer", "description": "Absent on delivery orders" },
                    "pantryLocationPickupTime": { "type": "object", "properties": {
                        "id": { "type": "integer" }, "pantryLocationID": { "type": "integer" },
                        "pickupDay": time("YYYY-MM-DD, the pantry's local day"),
                        "pickupStartTime": time("HH:MM:SS local"), "pickupEndTime": time("HH:MM:SS local") } },
                    "foodBankDeliveryTimeID": { "type": "integer", "description": "Absent on pickup orders" },
                    "foodBankDeliveryTime": { "type": "object", "properties": {
                        "id": { "type": "integer" }, "deliveryDay": time("YYYY-MM-DD, the food bank's local day"),
                        "deliveryStartTime": time("HH:MM:SS local"), "deliveryEndTime": time("HH:MM:SS local"),
                        "foodBankID": { "type": "integer" }, "entityDeliveryProgramID": { "type": "integer" } } },
                    "foodInsecureNeighborAddressID": { "type": "integer" },
                    "foodInsecureNeighborAddress": { "type": "object", "description": "The delivery address as it was when ordered",
                        "properties": { "name": { "type": "string" }, "address": { "type": "object" } } },
                    "pantryOrderStatusType": { "type": "object", "properties": {
                        "id": { "type": "integer" }, "name": { "type": "string" },
                        "isSuccessfullyCompletedType": { "type": "boolean" }, "isCancelledType": { "type": "boolean" },
                        "isInProgressType": { "type": "boolean" } } },
                    "canChangeOrCancel": { "type": "boolean" },
                    "isUpcoming": { "type": "boolean" }
                }
            },
            "OrderItem": {
                "type": "object",
                "properties": {
                    "id": { "type": "integer" },
                    "pantryInventoryItemID": { "type": "integer" },
                    "quantity": { "type": "integer" },
                    "isSubstituteOk": { "type": "boolean" },
                    "pantryInventoryItem": { "type": "object", "properties": {
                        "id": { "type": "integer" }, "pantryItemID": { "type": "integer" },
                        "pantryItem": { "type": "object", "properties": { "name": { "type": "string" }, "description": { "type": "string", "nullable": true } } },
                        "weightPounds": { "type": "number", "description": "Pounds per unit when ordered" },
                        "attachmentCollection": { "type": "array", "items": { "type": "object" } } } }
                }
            }
        }
    })
}
