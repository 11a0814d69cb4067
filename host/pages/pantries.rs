//! /pantries?zip=|lat=&lng=[&radius=&sort=]: the pantry selector's list, found with the same
//! geocoding, radius search and valid-time rules as GET /api/v1/locations.
use super::{LoadCtx, LoadFuture, Loaded, Page, failure_status, shared::center};
use crate::{
    db::Scope,
    domain::{
        pickup::times_for_list_card,
        places::{SEARCH_RADII_MILES, search_radius},
    },
    model::locations::{Address, FoodBank, PantryLocation, PickupTime},
    service::places::pantries_near,
};
use serde::Serialize;
use utoipa::ToSchema;

// Public: the list shows the directory and each listed pantry and its food bank (cache scopes),
// and the clock, which the cache's time to live bounds.
pub const PAGE: Page = Page {
    id: "pantries",
    patterns: &["/pantries"],
    public: true,
    cache_query: &["zip", "lat", "lng", "radius", "sort"],
    load,
    action: None,
};

/// The pantry selector's list: the search as given and understood, and what it found.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PantriesPage {
    status: PantrySearch,
    zip: String,
    /// Miles: the one searched, of `radii`, the ones offered.
    radius: f64,
    radii: Vec<f64>,
    sort: PantrySort,
    pantries: Vec<PantryCard>,
    /// The listed pantries' food banks, each once (the cards name theirs by `foodBankID`).
    food_banks: Vec<FoodBank>,
    /// The searched point, once there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    lat: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lng: Option<f64>,
}

#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "camelCase")]
pub enum PantrySearch {
    Ok,
    BadZip,
    NoLocation,
    Error,
}

#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "camelCase")]
pub enum PantrySort {
    Soonest,
    Closest,
}

/// A pantry as its card in the list and its map marker show it: the times of its first two
/// entries only, with `morePickupTimes` when the card's View More has others to fetch; no photos or
/// instructions; its food bank in the page's `foodBanks`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PantryCard {
    id: i64,
    label: String,
    #[serde(rename = "foodBankID")]
    food_bank_id: i64,
    address: CardAddress,
    // Miles, to the thousandth: the card shows tenths, and the closest-first order holds.
    distance: Option<f64>,
    is_restricted: bool,
    pantry_location_pickup_times: Vec<CardPickupTime>,
    more_pickup_times: bool,
}

/// A time as the card shows and offers it: without its pantry (the card's) and its capacity (the
/// staff's), and with `remaining` only when the time takes a limited number of orders (0: full).
/// A list of 23 cards carried these three fields in 100 times, a fifth of the page's data.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardPickupTime {
    id: i64,
    pickup_day: chrono::NaiveDate,
    pickup_start_time: chrono::NaiveTime,
    pickup_end_time: chrono::NaiveTime,
    #[serde(skip_serializing_if = "Option::is_none")]
    remaining: Option<i32>,
}

impl From<PickupTime> for CardPickupTime {
    fn from(time: PickupTime) -> Self {
        let PickupTime {
            id,
            pantry_location_id: _,
            pickup_day,
            pickup_start_time,
            pickup_end_time,
            capacity: _,
            remaining,
        } = time;
        Self { id, pickup_day, pickup_start_time, pickup_end_time, remaining }
    }
}

/// The address as the card's line and the map's marker read it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardAddress {
    address_line1: String,
    city: String,
    province: String,
    postal_code: String,
    latitude: Option<f64>,
    longitude: Option<f64>,
}

fn list_card(pantry: PantryLocation, food_banks: &mut Vec<FoodBank>) -> PantryCard {
    // Every field named, so a new one is a decision for the card rather than silently left out.
    let PantryLocation {
        id,
        label,
        food_bank_id,
        food_bank,
        address,
        address_id: _,
        distance,
        is_restricted,
        pickup_instructions: _,
        time_zone: _,
        attachment_collection: _,
        pantry_location_pickup_times: mut times,
    } = pantry;
    if !food_banks.iter().any(|b| b.id == food_bank.id) {
        food_banks.push(food_bank);
    }
    let Address {
        id: _,
        address_line1,
        address_line2: _,
        city,
        province,
        postal_code,
        county: _,
        latitude,
        longitude,
        country_code: _,
    } = address;
    let keep = times_for_list_card(times.iter().map(|t| t.pickup_day));
    let more_pickup_times = keep < times.len();
    times.truncate(keep);
    PantryCard {
        id,
        label,
        food_bank_id,
        address: CardAddress { address_line1, city, province, postal_code, latitude, longitude },
        // Full precision is 18 characters a card, of a list page that must stay small.
        distance: distance.map(|miles| (miles * 1000.0).round() / 1000.0),
        is_restricted,
        pantry_location_pickup_times: times.into_iter().map(CardPickupTime::from).collect(),
        more_pickup_times,
    }
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let q = &ctx.query;
        // An unsupported radius falls back to the default rather than failing the page.
        let radius =
            q.get("radius").and_then(|r| search_radius(r.parse::<f64>().ok())).unwrap_or(SEARCH_RADII_MILES[0]);
        let sort = if q.get("sort").map(String::as_str) == Some("closest") {
            PantrySort::Closest
        } else {
            PantrySort::Soonest
        };
        let base = |status| PantriesPage {
            status,
            zip: q.get("zip").cloned().unwrap_or_default(),
            radius,
            radii: SEARCH_RADII_MILES.to_vec(),
            sort,
            pantries: Vec::new(),
            food_banks: Vec::new(),
            lat: None,
            lng: None,
        };
        let at = match center(q) {
            None => return Loaded::ok(base(PantrySearch::NoLocation)),
            Some(Err(_)) => return Loaded::ok(base(PantrySearch::BadZip)),
            Some(Ok(at)) => at,
        };
        let mut data = PantriesPage { lat: Some(at.lat), lng: Some(at.lng), ..base(PantrySearch::Ok) };
        match pantries_near(&ctx.state, at, Some(radius), None).await {
            Ok(pantries) => {
                let mut scopes = vec![Scope::Directory, Scope::Catalog];
                for p in &pantries {
                    scopes.extend([Scope::Pantry(p.id), Scope::FoodBank(p.food_bank_id)]);
                }
                let mut food_banks = Vec::new();
                data.pantries = pantries.into_iter().map(|p| list_card(p, &mut food_banks)).collect();
                data.food_banks = food_banks;
                Loaded::ok(data).showing(scopes)
            }
            Err(error) => {
                data.status = PantrySearch::Error;
                Loaded::with_status(failure_status(&error, "pantries"), data)
            }
        }
    })
}
