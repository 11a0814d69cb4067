//! Places: ZIP geocoding, pantry search and the food banks serving a place
//! (GET /locations, /locations/geocode/{text}, /foodbanks/locations and the /pantries and
//! /home/foodbank pages).
use super::{Context, Error, Result, shapes};
use crate::{
    db::repo::locations::PantryRow,
    domain::{messages, pickup::valid_pickup_times, places::search_radius},
    geo::{GeoPoint, zip_table},
    model::locations::{FoodBank, GeocodeResult, NearbyFoodBank, PantryLocation, PickupTime},
};
use chrono::{DateTime, Utc};

/// The pantry with only its valid pickup times (later than now in its zone).
pub fn with_valid_times(site: PantryRow, now: DateTime<Utc>) -> PantryLocation {
    let times = valid_pickup_times(&site.pickup_times, now, site.tz).iter().map(PickupTime::from).collect();
    shapes::pantry_location(site, times)
}

/// A point from coordinates, or Invalid naming what is wrong.
pub fn point(lat: f64, lng: f64) -> Result<GeoPoint> {
    if (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lng) {
        Ok(GeoPoint::new(lat, lng))
    } else {
        Err(Error::Invalid("lat must be within -90..90 and lng within -180..180.".into()))
    }
}

/// The ZIP table entry for a 5-digit zip or ZIP+4; NotFound "Unable to load zip code {zip}".
pub fn geocode_zip(text: &str) -> Result<GeocodeResult> {
    let trimmed = text.trim();
    let unknown = || Error::NotFound(messages::unknown_zip(trimmed).into());
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

/// The point of a ZIP code, or of coordinates.
pub fn zip_point(zip: &str) -> Result<GeoPoint> {
    geocode_zip(zip).map(|g| GeoPoint::new(g.latitude, g.longitude))
}

/// Active pantries within `radius_miles` (one the app offers; None = the default) of `center`,
/// nearest first, each with its valid pickup times.
pub async fn pantries_near(
    state: &Context,
    center: GeoPoint,
    radius_miles: Option<f64>,
    food_bank_id: Option<i64>,
) -> Result<Vec<PantryLocation>> {
    let radius =
        search_radius(radius_miles).ok_or_else(|| Error::Invalid("radiusMiles must be 10, 15 or 20.".into()))?;
    let now = state.clock.now();
    let sites = state.store.pantries_near(center, radius, food_bank_id, now).await?;
    Ok(sites.into_iter().map(|s| with_valid_times(s, now)).collect())
}

/// The food banks serving `center` (`domain::places`), nearest first.
pub async fn food_banks_serving(state: &Context, center: GeoPoint) -> Result<Vec<NearbyFoodBank>> {
    Ok(state
        .store
        .food_banks_serving(center)
        .await?
        .into_iter()
        .map(|s| NearbyFoodBank {
            food_bank: s.food_bank.into(),
            distance: s.serving.miles,
            pantry_count: s.serving.pantry_count,
        })
        .collect())
}

/// A food bank by id, enabled or not.
pub async fn food_bank(state: &Context, id: i64) -> Result<FoodBank> {
    find_food_bank(state, id).await?.ok_or_else(|| super::Error::not_found(&messages::FOOD_BANK_NOT_FOUND))
}

/// A food bank by id, enabled or not; None for an unknown id.
pub async fn find_food_bank(state: &Context, id: i64) -> Result<Option<FoodBank>> {
    Ok(state.store.food_bank(id).await?.map(FoodBank::from))
}

/// The pantries the sitemap lists: active ones of enabled food banks, with when each last changed.
pub async fn sitemap_pantries(state: &Context) -> Result<Vec<crate::db::repo::sitemap::SitemapPantry>> {
    Ok(state.store.sitemap_pantries().await?)
}
