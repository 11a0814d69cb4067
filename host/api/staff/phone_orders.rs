//! `POST /api/v1/staff/households/{householdId}/orders`: a phone order (issue 49 item 4), pantry
//! staff and admins, at one of their pantries for a household of its food bank; the
//! `/staff/households/{householdId}/order` page's form does the same.
use super::{
    super::{ApiError, ApiResult, Body, PathParams, idempotency_key, ok},
    Caller,
};
use crate::{
    domain::{Id, staff::PantryStaff},
    model::orders::OrderSubmission,
    service::orders::phone,
    state::AppState,
};
use axum::{extract::State, http::HeaderMap};
use serde::Deserialize;
use utoipa::ToSchema;

/// A phone order: the shopper's order body (a pickup: `pantryLocationID` and
/// `pantryLocationPickupTimeID`), and whether the household is sent the confirmation.
#[derive(Debug, Deserialize, ToSchema)]
pub(super) struct PhoneOrder {
    #[serde(flatten)]
    order: OrderSubmission,
    /// Default true: by its app account's choices, or else by text and e-mail to its record's.
    #[serde(rename = "sendConfirmation", default = "yes")]
    send_confirmation: bool,
}

fn yes() -> bool {
    true
}

#[utoipa::path(
    post, path = "/staff/households/{householdId}/orders",
    summary = "Place an order for a household, for pickup at one of the caller's pantries, under the shopper's rules (stock, limits counted over the household's orders and visits, the time's places, TEFAP food by its decision); the value is the new order id",
    params(
        ("householdId" = inline(crate::api::params::RowId), Path),
        ("Idempotency-Key" = Option<String>, Header, max_length = 255, description = "A retry with the same key returns the first order's id and places nothing."),
    ),
    request_body = PhoneOrder,
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = inline(i64)))
)]
pub(super) async fn phone_order(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams(household_id): PathParams<Id>,
    headers: HeaderMap,
    Body(body): Body<PhoneOrder>,
) -> ApiResult<Id> {
    let key = idempotency_key(&headers)?;
    body.order.validate().map_err(ApiError::invalid)?;
    ok(phone::place(&state, &staff, household_id, &body.order, body.send_confirmation, key).await?)
}
