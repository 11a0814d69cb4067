//! Pantries: radius search, detail, pickup times, inventory, categories and whether the caller
//! may order there, and zip geocoding (see [`crate::service::places`], [`crate::service::shop`]
//! and [`crate::service::access`]).
use super::{ApiResult, PathParams, QueryParams, ok};
use crate::infra::{auth::MaybeUser, ratelimit::ClientIp};
use crate::{
    model::locations::{Category, GeocodeResult, InventoryList, PantryAccess, PantryLocation, PickupTime},
    service::{
        access, places,
        referrals::Trier,
        shop::{self, Site},
    },
    state::AppState,
};
use axum::extract::State;
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search))
        .routes(routes!(geocode))
        .routes(routes!(detail))
        .routes(routes!(pickup_times))
        .routes(routes!(inventory))
        .routes(routes!(categories))
        .routes(routes!(pantry_access))
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

#[utoipa::path(
    get, path = "/locations",
    summary = "Pantries within radiusMiles (10, 15 or 20; default 10) of lat/lng, nearest first, with their valid pickup times",
    params(SearchQuery),
    security(()),
    responses((status = 200, description = "successful", body = Vec<PantryLocation>))
)]
async fn search(
    State(state): State<AppState>,
    QueryParams(q): QueryParams<SearchQuery>,
) -> ApiResult<Vec<PantryLocation>> {
    let center = places::point(q.lat, q.lng)?;
    ok(places::pantries_near(&state, center, q.radius_miles, q.food_bank_id).await?)
}

#[utoipa::path(
    get, path = "/locations/{id}",
    operation_id = "pantry_location",
    summary = "Pantry detail with its valid pickup times",
    params(("id" = inline(super::params::RowId), Path)),
    security(()),
    responses((status = 200, description = "successful", body = PantryLocation))
)]
async fn detail(State(state): State<AppState>, PathParams(id): PathParams<i64>) -> ApiResult<PantryLocation> {
    ok(shop::pantry(&state, id).await?)
}

#[utoipa::path(
    get, path = "/locations/{id}/pickuptimes",
    summary = "The pantry's valid pickup times, soonest first",
    params(("id" = inline(super::params::RowId), Path)),
    security(()),
    responses((status = 200, description = "successful", body = Vec<PickupTime>))
)]
async fn pickup_times(State(state): State<AppState>, PathParams(id): PathParams<i64>) -> ApiResult<Vec<PickupTime>> {
    ok(shop::pantry(&state, id).await?.pantry_location_pickup_times)
}

#[utoipa::path(
    get, path = "/locations/{id}/inventory",
    summary = "The pantry's inventory with effective limits for the caller (TEFAP items only for eligible callers)",
    params(("id" = inline(super::params::RowId), Path)),
    security((), ("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = InventoryList))
)]
async fn inventory(
    State(state): State<AppState>,
    user: MaybeUser,
    PathParams(id): PathParams<i64>,
) -> ApiResult<InventoryList> {
    ok(InventoryList { items: shop::items(&state, Site::Pantry(id), user.id()).await? })
}

#[utoipa::path(
    get, path = "/locations/{id}/categories",
    summary = "Categories with items at the pantry, in display order",
    params(("id" = inline(super::params::RowId), Path)),
    security((), ("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Vec<Category>))
)]
async fn categories(
    State(state): State<AppState>,
    user: MaybeUser,
    PathParams(id): PathParams<i64>,
    lang: crate::catalog::Lang,
) -> ApiResult<Vec<Category>> {
    ok(shop::categories(&state, Site::Pantry(id), user.id(), lang).await?)
}

#[utoipa::path(
    get, path = "/locations/geocode/{text}",
    summary = r#"Geocode a 5-digit zip (or ZIP+4): 404 "Unable to load zip code {zip}" when unknown"#,
    params(("text" = inline(super::params::ZipPlus4), Path)),
    security(()),
    responses((status = 200, description = "successful", body = GeocodeResult))
)]
async fn geocode(PathParams(text): PathParams<String>) -> ApiResult<GeocodeResult> {
    ok(places::geocode_zip(&text)?)
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct AccessQuery {
    /// Codes entered on this device and not claimed for an account, comma-separated.
    #[param(max_length = 3300, pattern = "^[^,]{1,64}(,[^,]{1,64}){0,49}$")]
    referral_codes: Option<String>,
}

#[utoipa::path(
    get, path = "/locations/{id}/access",
    summary = "Whether the caller may order at the pantry (spec §5 pantry access): open, authorised on the profile, or covered by a referral code held on the account or listed in referralCodes",
    params(("id" = inline(super::params::RowId), Path), AccessQuery),
    security((), ("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = PantryAccess))
)]
async fn pantry_access(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    user: MaybeUser,
    PathParams(id): PathParams<i64>,
    QueryParams(q): QueryParams<AccessQuery>,
) -> ApiResult<PantryAccess> {
    let sent: Vec<&str> = q.referral_codes.as_deref().map_or_else(Vec::new, |list| list.split(',').collect());
    let codes = crate::service::referrals::clean_codes(&sent)?;
    let who = Trier { client: &client, user_id: user.id() };
    ok(PantryAccess { can_order: access::can_order(&state, id, who, &codes).await? })
}
