//! Food banks: detail, the ones serving a place, delivery windows and their
//! inventory, and the home-page product overview.
use super::{ApiError, ApiResult, PathParams, QueryParams, ok};
use crate::infra::auth::MaybeUser;
use crate::{
    model::locations::{DeliveryTime, FoodBank, InventoryList, InventoryOverviewEntry, NearbyFoodBank},
    service::{
        places,
        shop::{self, Site},
    },
    state::AppState,
};
use axum::extract::State;
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(serving))
        .routes(routes!(detail))
        .routes(routes!(delivery_times))
        .routes(routes!(overview))
        .routes(routes!(delivery_inventory))
}

async fn food_bank(state: &AppState, id: i64) -> Result<FoodBank, ApiError> {
    Ok(places::food_bank(state, id).await?)
}

#[utoipa::path(
    get, path = "/foodbanks/{id}",
    operation_id = "food_bank",
    summary = "Food bank",
    params(("id" = inline(super::params::RowId), Path)),
    security(()),
    responses((status = 200, description = "successful", body = FoodBank))
)]
async fn detail(State(state): State<AppState>, PathParams(id): PathParams<i64>) -> ApiResult<FoodBank> {
    ok(food_bank(&state, id).await?)
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct PlaceQuery {
    #[param(value_type = Option<super::params::Zip>, inline)]
    zip: Option<String>,
    #[param(value_type = Option<super::params::Latitude>, inline)]
    lat: Option<f64>,
    #[param(value_type = Option<super::params::Longitude>, inline)]
    lng: Option<f64>,
}

/// The food banks serving the zip or point, nearest first; `isEnabled` false tells the app
/// OrderAhead is not available there yet.
#[utoipa::path(
    get, path = "/foodbanks/locations",
    summary = "Food banks serving a zip or lat/lng: those with pantries within 20 miles, nearest first (else those with an office within 50 miles)",
    params(PlaceQuery),
    security(()),
    responses((status = 200, description = "successful", body = Vec<NearbyFoodBank>))
)]
async fn serving(
    State(state): State<AppState>,
    QueryParams(q): QueryParams<PlaceQuery>,
) -> ApiResult<Vec<NearbyFoodBank>> {
    let center = match (q.zip.as_deref(), q.lat, q.lng) {
        (Some(zip), _, _) => places::zip_point(zip)?,
        (None, Some(lat), Some(lng)) => places::point(lat, lng)?,
        _ => return Err(ApiError::BadRequest("Send zip, or lat and lng.".into())),
    };
    ok(places::food_banks_serving(&state, center).await?)
}

#[utoipa::path(
    get, path = "/foodbanks/{id}/deliverytimes",
    summary = "The food bank's valid delivery windows (later than now), soonest first",
    params(("id" = inline(super::params::RowId), Path)),
    security(()),
    responses((status = 200, description = "successful", body = Vec<DeliveryTime>))
)]
async fn delivery_times(
    State(state): State<AppState>,
    PathParams(id): PathParams<i64>,
) -> ApiResult<Vec<DeliveryTime>> {
    ok(shop::delivery_times(&state, id).await?)
}

#[utoipa::path(
    get, path = "/foodbanks/{id}/inventoryoverview",
    summary = "One entry per product the food bank has on hand, by category",
    params(("id" = inline(super::params::RowId), Path)),
    security((), ("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Vec<InventoryOverviewEntry>))
)]
async fn overview(
    State(state): State<AppState>,
    user: MaybeUser,
    PathParams(id): PathParams<i64>,
) -> ApiResult<Vec<InventoryOverviewEntry>> {
    ok(shop::food_bank_overview(&state, id, user.id()).await?)
}

#[utoipa::path(
    get, path = "/deliverytimes/{id}/inventory",
    summary = "Inventory of a delivery window's program, with effective limits for the caller",
    params(("id" = inline(super::params::RowId), Path)),
    security((), ("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = InventoryList))
)]
async fn delivery_inventory(
    State(state): State<AppState>,
    user: MaybeUser,
    PathParams(id): PathParams<i64>,
) -> ApiResult<InventoryList> {
    ok(InventoryList { items: shop::items(&state, Site::Delivery(id), user.id()).await? })
}
