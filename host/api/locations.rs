//! Pantries: radius search, detail, pickup times, inventory and categories, and zip geocoding.
use super::{ApiError, ApiResult, PathParams, QueryParams, auth::MaybeUser, ok};
use crate::{
    db::{now, repo::shopping::ShopFacts},
    domain::{limits::item_limits, pickup::valid_pickup_times},
    geo::{GeoPoint, zip_table},
    model::locations::{Category, GeocodeResult, InventoryItem, InventoryList, PantryLocation, PantrySite, PickupTime},
    state::AppState,
};
use axum::{Router, extract::State, routing::get};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::{Value, json};

/// Search radii the pantry selector offers (spec §9); the first is the default.
pub const SEARCH_RADII_MILES: [f64; 3] = [10.0, 15.0, 20.0];

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

/// A point from query values, or a 400 naming what is wrong.
pub(crate) fn point(lat: f64, lng: f64) -> Result<GeoPoint, ApiError> {
    if (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lng) {
        Ok(GeoPoint::new(lat, lng))
    } else {
        Err(ApiError::BadRequest("lat must be within -90..90 and lng within -180..180.".into()))
    }
}

/// The pantry with only its valid pickup times (later than now in its zone).
pub(crate) fn with_valid_times(site: PantrySite, now: DateTime<Utc>) -> PantryLocation {
    let mut location = site.location;
    location.pantry_location_pickup_times =
        valid_pickup_times(&site.pickup_times, now, site.tz).iter().map(PickupTime::from).collect();
    location
}

async fn search(
    State(state): State<AppState>,
    QueryParams(q): QueryParams<SearchQuery>,
) -> ApiResult<Vec<PantryLocation>> {
    let center = point(q.lat, q.lng)?;
    let radius = q.radius_miles.unwrap_or(SEARCH_RADII_MILES[0]);
    if !SEARCH_RADII_MILES.contains(&radius) {
        return Err(ApiError::BadRequest("radiusMiles must be 10, 15 or 20.".into()));
    }
    let now = now();
    let sites = state.store.pantries_near(center, radius, q.food_bank_id, now).await?;
    ok(sites.into_iter().map(|s| with_valid_times(s, now)).collect())
}

async fn site(state: &AppState, id: i64, now: DateTime<Utc>) -> Result<PantrySite, ApiError> {
    state.store.pantry_site(id, now).await?.ok_or_else(|| ApiError::not_found("Pantry location"))
}

/// The pantry with its valid pickup times; also the shop page's banner (host/pages/products.rs).
pub(crate) async fn pantry_detail(state: &AppState, id: i64) -> Result<PantryLocation, ApiError> {
    let now = now();
    Ok(with_valid_times(site(state, id, now).await?, now))
}

async fn detail(State(state): State<AppState>, PathParams(id): PathParams<i64>) -> ApiResult<PantryLocation> {
    ok(pantry_detail(&state, id).await?)
}

async fn pickup_times(State(state): State<AppState>, PathParams(id): PathParams<i64>) -> ApiResult<Vec<PickupTime>> {
    let now = now();
    ok(with_valid_times(site(&state, id, now).await?, now).pantry_location_pickup_times)
}

/// The items the shopper may see (TEFAP ones only when eligible), each with its
/// effective limits against the shopper's past orders (none for a visitor).
pub(super) fn shop_items(items: Vec<InventoryItem>, shop: &ShopFacts, now: DateTime<Utc>) -> Vec<InventoryItem> {
    items
        .into_iter()
        .filter_map(|mut item| {
            let line = item.to_line();
            if !line.is_visible(shop.tefap_eligible) {
                return None;
            }
            let limits = item_limits(&line, &shop.past_orders, now, shop.tz);
            item.effective_limit = limits.effective_limit;
            item.all_effective_limits = limits.all_effective_limits;
            Some(item)
        })
        .collect()
}

/// The pantry's items as `user` sees them (the shop page renders them for a visitor).
pub(crate) async fn pantry_items(state: &AppState, id: i64, user: MaybeUser) -> Result<Vec<InventoryItem>, ApiError> {
    let facts = state.store.pantry_facts(id).await?.ok_or_else(|| ApiError::not_found("Pantry location"))?;
    let user_id = user.0.map(|u| u.id);
    let shop = ShopFacts {
        inventory: Vec::new(),
        past_orders: match user_id {
            Some(u) => state.store.past_orders(u, facts.pantry.food_bank_id).await?,
            None => Vec::new(),
        },
        order_limits: Vec::new(),
        tefap_eligible: state.store.tefap_eligible(user_id, &facts.tefap_area()).await?,
        tz: facts.tz,
    };
    let items = state.store.pantry_inventory_items(id).await?;
    Ok(shop_items(items, &shop, now()))
}

async fn inventory(
    State(state): State<AppState>,
    user: MaybeUser,
    PathParams(id): PathParams<i64>,
) -> ApiResult<InventoryList> {
    ok(InventoryList { items: pantry_items(&state, id, user).await? })
}

async fn categories(
    State(state): State<AppState>,
    user: MaybeUser,
    PathParams(id): PathParams<i64>,
    lang: crate::catalog::Lang,
) -> ApiResult<Vec<Category>> {
    let ids: Vec<i64> = pantry_items(&state, id, user).await?.iter().map(|i| i.id).collect();
    ok(categories_in(lang, state.store.categories_of(&ids).await?))
}

/// Categories named in `lang` (the shop's section headings and menu).
pub(crate) fn categories_in(lang: crate::catalog::Lang, list: Vec<Category>) -> Vec<Category> {
    list.into_iter().map(|c| Category { name: super::localize::name_in(lang, c.name), ..c }).collect()
}

/// The ZIP table entry for a 5-digit zip or ZIP+4.
pub(crate) fn geocode_zip(text: &str) -> Result<GeocodeResult, ApiError> {
    let trimmed = text.trim();
    let unknown = || ApiError::NotFound(format!("Unable to load zip code {trimmed}"));
    let five = match trimmed.len() {
        5 => trimmed,
        9 | 10 if zip_table().geocode(trimmed).is_some() => &trimmed[..5],
        _ => return Err(unknown()),
    };
    let info = zip_table().lookup(five).ok_or_else(unknown)?;
    Ok(GeocodeResult {
        latitude: info.lat,
        longitude: info.lng,
        postal_code: info.zip,
        county: info.county_name.to_owned(),
        province: info.state.to_owned(),
        city: info.city.map(str::to_owned),
    })
}

async fn geocode(PathParams(text): PathParams<String>) -> ApiResult<GeocodeResult> {
    ok(geocode_zip(&text)?)
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
