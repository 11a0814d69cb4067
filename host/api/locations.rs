//! Pantries: radius search, detail, pickup times, inventory and categories, and zip geocoding
//! (see [`crate::service::places`] and [`crate::service::shop`]).
use super::{ApiResult, PathParams, QueryParams, auth::MaybeUser, ok};
pub use crate::domain::places::SEARCH_RADII_MILES;
use crate::{
    model::locations::{Category, GeocodeResult, InventoryList, PantryLocation, PickupTime},
    service::{places, shop},
    state::AppState,
};
use axum::{Router, extract::State, routing::get};
use serde::Deserialize;
use serde_json::{Value, json};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/locations", get(search))
        .route("/locations/geocode/{text}", get(geocode))
        .route("/locations/{id}", get(detail))
        .route("/locations/{id}/pickuptimes", get(pickup_times))
        .route("/locations/{id}/inventory", get(inventory))
        .route("/locations/{id}/categories", get(categories))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SearchQuery {
    lat: f64,
    lng: f64,
    radius_miles: Option<f64>,
    food_bank_id: Option<i64>,
}

async fn search(
    State(state): State<AppState>,
    QueryParams(q): QueryParams<SearchQuery>,
) -> ApiResult<Vec<PantryLocation>> {
    let center = places::point(q.lat, q.lng)?;
    ok(places::pantries_near(&state, center, q.radius_miles, q.food_bank_id).await?)
}

async fn detail(State(state): State<AppState>, PathParams(id): PathParams<i64>) -> ApiResult<PantryLocation> {
    ok(shop::pantry(&state, id).await?)
}

async fn pickup_times(State(state): State<AppState>, PathParams(id): PathParams<i64>) -> ApiResult<Vec<PickupTime>> {
    ok(shop::pantry(&state, id).await?.pantry_location_pickup_times)
}

async fn inventory(
    State(state): State<AppState>,
    user: MaybeUser,
    PathParams(id): PathParams<i64>,
) -> ApiResult<InventoryList> {
    ok(InventoryList { items: shop::pantry_items(&state, id, user.id()).await? })
}

async fn categories(
    State(state): State<AppState>,
    user: MaybeUser,
    PathParams(id): PathParams<i64>,
    lang: crate::catalog::Lang,
) -> ApiResult<Vec<Category>> {
    let items = shop::pantry_items(&state, id, user.id()).await?;
    ok(shop::categories(&state, &items, lang).await?)
}

async fn geocode(PathParams(text): PathParams<String>) -> ApiResult<GeocodeResult> {
    ok(places::geocode_zip(&text)?)
}

pub fn openapi() -> Value {
    use super::openapi::{operation, with_params};
    let pantry = json!({ "$ref": "#/components/schemas/PantryLocation" });
    let id = [("id", "path", "id")];
    json!({
        "paths": {
            "/locations": { "get": with_params(
                operation("Pantries within radiusMiles (10, 15 or 20; default 10) of lat/lng, nearest first, with their valid pickup times",
                          json!({ "type": "array", "items": pantry }), false),
                &[("lat", "query", "latitude!"), ("lng", "query", "longitude!"), ("radiusMiles", "query", "radius"), ("foodBankId", "query", "id")]) },
            "/locations/geocode/{text}": { "get": with_params(
                operation("Geocode a 5-digit zip (or ZIP+4): 404 \"Unable to load zip code {zip}\" when unknown",
                          json!({ "$ref": "#/components/schemas/GeocodeResult" }), false),
                &[("text", "path", "zip+4")]) },
            "/locations/{id}": { "get": with_params(operation("Pantry detail with its valid pickup times", pantry, false), &id) },
            "/locations/{id}/pickuptimes": { "get": with_params(
                operation("The pantry's valid pickup times, soonest first",
                          json!({ "type": "array", "items": { "$ref": "#/components/schemas/PickupTime" } }), false), &id) },
            "/locations/{id}/inventory": { "get": with_params(
                operation("The pantry's inventory with effective limits for the caller (TEFAP items only for eligible callers)",
                          json!({ "type": "object", "properties": { "items": { "type": "array", "items": { "$ref": "#/components/schemas/InventoryItem" } } } }), false), &id) },
            "/locations/{id}/categories": { "get": with_params(
                operation("Categories with items at the pantry, in display order",
                          json!({ "type": "array", "items": { "$ref": "#/components/schemas/Category" } }), false), &id) }
        },
        "schemas": schemas()
    })
}

fn schemas() -> Value {
    let s = |t: &str| json!({ "type": t });
    let ns = |t: &str| json!({ "type": t, "nullable": true });
    let named = json!({ "type": "object", "properties": { "name": s("string") } });
    let code = json!({ "type": "object", "properties": { "code": s("string") } });
    let attachments = json!({ "type": "array", "items": { "type": "object", "properties": {
        "sequenceNumber": s("integer"),
        "attachment": { "type": "object", "properties": { "id": s("integer"), "storagePath": s("string") } } } } });
    let effective = json!({ "type": "object", "properties": {
        "limit": s("integer"), "message": s("string"),
        // The message as data: kind stock {quantity} | every {value, amount, unit: day|week|month|order} | perOrder {value} | perAccount {value}.
        "rule": { "type": "object", "properties": {
            "kind": { "type": "string", "enum": ["stock", "every", "perOrder", "perAccount"] },
            "quantity": s("integer"), "value": s("integer"), "amount": s("integer"),
            "unit": { "type": "string", "enum": ["day", "week", "month", "order"] } } } } });
    json!({
        "FoodBank": { "type": "object", "properties": {
            "id": s("integer"), "code": s("string"), "name": s("string"), "homePageUrl": ns("string"),
            "isEnabled": s("boolean"), "isTEFAPEnabled": s("boolean"), "isDeliveryEnabled": s("boolean"), "timeZone": s("string"),
            "address": { "type": "object", "properties": { "province": s("string"), "postalCode": s("string") } } } },
        "Address": { "type": "object", "properties": {
            "id": s("integer"), "addressLine1": s("string"), "addressLine2": ns("string"), "city": s("string"),
            "province": s("string"), "postalCode": s("string"),
            "county": { "type": "object", "nullable": true, "properties": { "id": s("integer"), "name": s("string") } },
            "latitude": ns("number"), "longitude": ns("number"), "countryCode": s("string") } },
        "PickupTime": { "type": "object", "properties": {
            "id": s("integer"), "pantryLocationID": s("integer"), "pickupDay": { "type": "string", "format": "date" },
            "pickupStartTime": s("string"), "pickupEndTime": s("string") } },
        "DeliveryTime": { "type": "object", "properties": {
            "id": s("integer"), "deliveryDay": { "type": "string", "format": "date" }, "deliveryStartTime": s("string"),
            "deliveryEndTime": s("string"), "foodBankID": s("integer"), "entityDeliveryProgramID": s("integer") } },
        "PantryLocation": { "type": "object", "properties": {
            "id": s("integer"), "label": s("string"), "foodBankID": s("integer"),
            "foodBank": { "$ref": "#/components/schemas/FoodBank" },
            "address": { "$ref": "#/components/schemas/Address" }, "addressID": s("integer"),
            "distance": ns("number"), "isRestricted": s("boolean"), "pickupInstructions": ns("string"), "timeZone": s("string"),
            "attachmentCollection": attachments.clone(),
            "pantryLocationPickupTimes": { "type": "array", "items": { "$ref": "#/components/schemas/PickupTime" } } } },
        "Limit": { "type": "object", "properties": {
            "id": s("integer"), "value": s("integer"), "limitTimeScopeAmount": s("integer"),
            "limitTimeScope": code.clone(), "limitType": code.clone() } },
        "InventoryItem": { "type": "object", "properties": {
            "id": s("integer"), "pantryItemID": s("integer"), "quantity": s("integer"), "weightPounds": s("number"),
            "pantryItem": { "type": "object", "properties": {
                "id": s("integer"), "name": s("string"), "description": ns("string"), "amount": ns("number"),
                "eachQuantity": ns("integer"), "unitOfMeasure": named.clone(), "donationPackageType": named.clone(),
                "limits": { "type": "array", "items": { "$ref": "#/components/schemas/Limit" } } } },
            "attachmentCollection": attachments,
            "effectiveLimit": effective.clone(),
            "allEffectiveLimits": { "type": "array", "items": effective },
            "limits": { "type": "array", "items": { "$ref": "#/components/schemas/Limit" } },
            "pantryInventorySubcategories": { "type": "array", "items": { "type": "object", "properties": {
                "pantrySubcategoryID": s("integer"), "pantrySubcategory": named } } },
            "pantryInventoryItemSource": { "type": "object", "nullable": true, "properties": { "code": s("string") } },
            "created": { "type": "string", "format": "date-time" } } },
        "Category": { "type": "object", "properties": {
            "id": s("integer"), "name": s("string"), "order": s("integer"), "imageUrl": ns("string") } },
        "GeocodeResult": { "type": "object", "properties": {
            "latitude": s("number"), "longitude": s("number"), "postalCode": s("string"), "county": s("string"),
            "province": s("string"), "city": ns("string") } }
    })
}
