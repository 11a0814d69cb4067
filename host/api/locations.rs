//! Pantries: radius search, detail, pickup times, inventory and categories, and zip geocoding.
use super::{ApiError, ApiResult, PathParams, QueryParams, auth::MaybeUser, ok};
use crate::{
    db::{now, repo::shopping::ShopFacts},
    domain::{limits::item_limits, pickup::valid_pickup_times},
    geo::{GeoPoint, zip_table},
    model::locations::{Category, GeocodeResult, InventoryItem, InventoryList, PantryLocation, PantrySite, PickupTime},
    state::AppState,
};
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

/// Search radii the pantry selector offers (spec §9); the first is the default.
pub const SEARCH_RADII_MILES: [f64; 3] = [10.0, 15.0, 20.0];

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search))
        .routes(routes!(geocode))
        .routes(routes!(detail))
        .routes(routes!(pickup_times))
        .routes(routes!(inventory))
        .routes(routes!(categories))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct SearchQuery {
    #[param(value_type = super::params::Latitude, inline)]
    lat: f64,
    #[param(value_type = super::params::Longitude, inline)]
    lng: f64,
    #[param(value_type = Option<super::params::RadiusMiles>, inline)]
    radius_miles: Option<f64>,
    #[param(value_type = Option<super::params::RowId>, inline)]
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

#[utoipa::path(
    get, path = "/locations",
    summary = "Pantries within radiusMiles (10, 15 or 20; default 10) of lat/lng, nearest first, with their valid pickup times",
    params(SearchQuery),
    responses((status = 200, description = "successful", body = Vec<PantryLocation>))
)]
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

#[utoipa::path(
    get, path = "/locations/{id}",
    operation_id = "pantry_location",
    summary = "Pantry detail with its valid pickup times",
    params(("id" = inline(super::params::RowId), Path)),
    responses((status = 200, description = "successful", body = PantryLocation))
)]
async fn detail(State(state): State<AppState>, PathParams(id): PathParams<i64>) -> ApiResult<PantryLocation> {
    ok(pantry_detail(&state, id).await?)
}

#[utoipa::path(
    get, path = "/locations/{id}/pickuptimes",
    summary = "The pantry's valid pickup times, soonest first",
    params(("id" = inline(super::params::RowId), Path)),
    responses((status = 200, description = "successful", body = Vec<PickupTime>))
)]
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

#[utoipa::path(
    get, path = "/locations/{id}/inventory",
    summary = "The pantry's inventory with effective limits for the caller (TEFAP items only for eligible callers)",
    params(("id" = inline(super::params::RowId), Path)),
    responses((status = 200, description = "successful", body = InventoryList))
)]
async fn inventory(
    State(state): State<AppState>,
    user: MaybeUser,
    PathParams(id): PathParams<i64>,
) -> ApiResult<InventoryList> {
    ok(InventoryList { items: pantry_items(&state, id, user).await? })
}

#[utoipa::path(
    get, path = "/locations/{id}/categories",
    summary = "Categories with items at the pantry, in display order",
    params(("id" = inline(super::params::RowId), Path)),
    responses((status = 200, description = "successful", body = Vec<Category>))
)]
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

#[utoipa::path(
    get, path = "/locations/geocode/{text}",
    summary = r#"Geocode a 5-digit zip (or ZIP+4): 404 "Unable to load zip code {zip}" when unknown"#,
    params(("text" = inline(super::params::ZipPlus4), Path)),
    responses((status = 200, description = "successful", body = GeocodeResult))
)]
async fn geocode(PathParams(text): PathParams<String>) -> ApiResult<GeocodeResult> {
    ok(geocode_zip(&text)?)
}
