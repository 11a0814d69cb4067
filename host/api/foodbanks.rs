//! Food banks: detail, the ones serving a place, delivery windows and their
//! inventory, and the home-page product overview.
use super::{ApiError, ApiResult, PathParams, QueryParams, auth::MaybeUser, ok};
use crate::{
    db::now,
    domain::{delivery::valid_delivery_times, tefap::TefapArea},
    model::locations::{DeliveryTime, FoodBank, InventoryList, InventoryOverviewEntry, NearbyFoodBank},
    service::{places, shop},
    state::AppState,
};
use axum::{Router, extract::State, routing::get};
use serde::Deserialize;
use serde_json::{Value, json};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/foodbanks/locations", get(serving))
        .route("/foodbanks/{id}", get(detail))
        .route("/foodbanks/{id}/deliverytimes", get(delivery_times))
        .route("/foodbanks/{id}/inventoryoverview", get(overview))
        .route("/deliverytimes/{id}/inventory", get(delivery_inventory))
}

async fn food_bank(state: &AppState, id: i64) -> Result<FoodBank, ApiError> {
    state.store.food_bank(id).await?.ok_or_else(|| ApiError::not_found("Food bank"))
}

async fn detail(State(state): State<AppState>, PathParams(id): PathParams<i64>) -> ApiResult<FoodBank> {
    ok(food_bank(&state, id).await?)
}

#[derive(Deserialize)]
struct PlaceQuery {
    zip: Option<String>,
    lat: Option<f64>,
    lng: Option<f64>,
}

/// The food banks serving the zip or point, nearest first; `isEnabled` false tells the app
/// OrderAhead is not available there yet.
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

async fn delivery_times(
    State(state): State<AppState>,
    PathParams(id): PathParams<i64>,
) -> ApiResult<Vec<DeliveryTime>> {
    let now = now();
    let schedule = state.store.delivery_schedule(id, now).await?.ok_or_else(|| ApiError::not_found("Food bank"))?;
    ok(valid_delivery_times(&schedule.times, now, schedule.tz).iter().map(DeliveryTime::from).collect())
}

async fn overview(
    State(state): State<AppState>,
    user: MaybeUser,
    PathParams(id): PathParams<i64>,
) -> ApiResult<Vec<InventoryOverviewEntry>> {
    let fb = food_bank(&state, id).await?;
    let area = TefapArea::delivery(fb.id, Some(fb.address.province.clone()), Some(fb.address.postal_code.clone()));
    let eligible = state.store.tefap_eligible(user.0.map(|u| u.id), &area).await?;
    ok(state.store.inventory_overview(id, eligible).await?)
}

async fn delivery_inventory(
    State(state): State<AppState>,
    user: MaybeUser,
    PathParams(id): PathParams<i64>,
) -> ApiResult<InventoryList> {
    ok(InventoryList { items: shop::delivery_items(&state, id, user.id()).await? })
}

pub fn openapi() -> Value {
    use super::openapi::{operation, with_params};
    let id = [("id", "path", "id")];
    let items = json!({ "type": "object", "properties": { "items": { "type": "array", "items": { "$ref": "#/components/schemas/InventoryItem" } } } });
    json!({
        "paths": {
            "/foodbanks/locations": { "get": with_params(
                operation("Food banks serving a zip or lat/lng: those with pantries within 20 miles, nearest first (else those with an office within 50 miles)",
                          json!({ "type": "array", "items": { "$ref": "#/components/schemas/NearbyFoodBank" } }), false),
                &[("zip", "query", "zip"), ("lat", "query", "latitude"), ("lng", "query", "longitude")]) },
            "/foodbanks/{id}": { "get": with_params(operation("Food bank", json!({ "$ref": "#/components/schemas/FoodBank" }), false), &id) },
            "/foodbanks/{id}/deliverytimes": { "get": with_params(
                operation("The food bank's valid delivery windows (later than now), soonest first",
                          json!({ "type": "array", "items": { "$ref": "#/components/schemas/DeliveryTime" } }), false), &id) },
            "/foodbanks/{id}/inventoryoverview": { "get": with_params(
                operation("One entry per product the food bank has on hand, by category",
                          json!({ "type": "array", "items": { "$ref": "#/components/schemas/InventoryOverviewEntry" } }), false), &id) },
            "/deliverytimes/{id}/inventory": { "get": with_params(
                operation("Inventory of a delivery window's program, with effective limits for the caller", items, false), &id) }
        },
        "schemas": {
            "NearbyFoodBank": { "allOf": [ { "$ref": "#/components/schemas/FoodBank" }, { "type": "object", "properties": {
                "distance": { "type": "number" }, "pantryCount": { "type": "integer" } } } ] },
            "InventoryOverviewEntry": { "type": "object", "properties": {
                "subcategoryID": { "type": "integer", "nullable": true }, "label": { "type": "string" },
                "imageUrl": { "type": "string", "nullable": true }, "sourceCode": { "type": "string", "nullable": true } } }
        }
    })
}
