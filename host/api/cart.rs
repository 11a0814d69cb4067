//! `POST /cart/check`: the checkout's cart check (see [`crate::service::shop::check_cart`]).
//! The cart lives in the browser, so the app sends it; the rules that decide what leaves it are
//! the ones an order is placed by, and the app only words the reasons.
use super::{ApiError, ApiResult, Body, ok};
use crate::infra::auth::MaybeUser;
use crate::{
    domain::cart::CartLine,
    model::orders::{CartCheck, CartCheckResult},
    service::shop::{self, Site},
    state::AppState,
};
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(check))
}

#[utoipa::path(
    post, path = "/cart/check",
    request_body = CartCheck,
    summary = "The units of the cart that cannot be ordered at the pantry or delivery window, and why (noStock, exceeded, or limit with the effective limit), and where the cart stands against the order-size limit; the caller's past orders count when signed in",
    security((), ("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = CartCheckResult))
)]
async fn check(
    State(state): State<AppState>,
    user: MaybeUser,
    Body(body): Body<CartCheck>,
) -> ApiResult<CartCheckResult> {
    body.validate().map_err(ApiError::invalid)?;
    let site = match (body.pantry_location_id, body.delivery_time_id) {
        (Some(id), _) => Site::Pantry(id),
        (None, Some(id)) => Site::Delivery(id),
        (None, None) => return Err(ApiError::BadRequest("Send pantryLocationID or foodBankDeliveryTimeID.".into())),
    };
    let lines: Vec<CartLine> =
        body.items.iter().map(|i| CartLine { inventory_item_id: i.inventory_item_id, quantity: i.quantity }).collect();
    ok(shop::check_cart(&state, site, user.id(), &lines, body.with_limits).await?)
}
