//! Benchmark data: see [`seed_scale`].

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use sea_orm::{ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QuerySelect, Set};

use super::super::entity::{address, food_bank, pantry_location, pickup_time};
use super::reference::province_id;
use super::us_zip_sample::ZIP_SAMPLE;
use super::{Ids, SplitMix, hm, insert_batched, local_to_utc_tz, seed_reference, whole_seconds};

/// Pantries per benchmark food bank.
pub const PANTRIES_PER_SCALE_FOOD_BANK: usize = 300;
/// Pickup windows per benchmark pantry over the next 7 days (3 days × 2 windows).
pub const SCALE_PICKUPS_PER_PANTRY: usize = 6;
/// Benchmark pantries lie within this many miles of their food bank's centre.
const SCALE_RADIUS_MILES: f64 = 40.0;
/// Food banks are written in chunks of this many, one write transaction each, so a
/// long seed never holds the SQLite write lock for more than a moment.
const FOOD_BANKS_PER_TRANSACTION: usize = 20;

/// What [`seed_scale`] inserted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScaleSummary {
    pub food_banks: usize,
    pub pantries: usize,
    pub pickup_times: usize,
    /// Benchmark food banks that already existed and were left alone.
    pub already_present: usize,
}

/// Code of the `k`-th benchmark food bank (0-based): `S0001`, `S0002`, ….
pub fn scale_food_bank_code(k: usize) -> String {
    format!("S{:04}", k + 1)
}

/// Seeds `n_food_banks` benchmark food banks with [`PANTRIES_PER_SCALE_FOOD_BANK`]
/// pantries each, spread across the US (each food bank sits on a real ZIP code drawn from
/// a sample weighted like the ZIP codes themselves, i.e. roughly by population; its
/// pantries are scattered within 40 miles), and [`SCALE_PICKUPS_PER_PANTRY`] pickup
/// windows per pantry over the 7 days after `now`.
///
/// Deterministic: food bank `k` is always the same, so `seed_scale(db, 10, now)` then
/// `seed_scale(db, 200, now)` adds food banks 11..200. Existing ones (by code) are kept.
pub async fn seed_scale(
    db: &DatabaseConnection,
    n_food_banks: usize,
    now: DateTime<Utc>,
) -> Result<ScaleSummary, DbErr> {
    let now = whole_seconds(now);
    seed_reference(db).await?;
    let codes: Vec<String> = (0..n_food_banks).map(scale_food_bank_code).collect();
    let mut existing: Vec<String> = Vec::new();
    for chunk in codes.chunks(500) {
        let found: Vec<String> = food_bank::Entity::find()
            .select_only()
            .column(food_bank::Column::Code)
            .filter(food_bank::Column::Code.is_in(chunk.iter().cloned()))
            .into_tuple()
            .all(db)
            .await?;
        existing.extend(found);
    }
    let mut summary = ScaleSummary { already_present: existing.len(), ..Default::default() };
    let todo: Vec<usize> = (0..n_food_banks).filter(|k| !existing.contains(&scale_food_bank_code(*k))).collect();

    for chunk in todo.chunks(FOOD_BANKS_PER_TRANSACTION) {
        let txn = super::super::begin_write(db).await?;
        let mut ids = Ids::new();
        let (mut addresses, mut banks, mut pantries, mut pickups) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for &k in chunk {
            let mut rng = SplitMix::new(0x5EED_0000 + k as u64);
            let (zip, city, state, lat, lng, zone) = ZIP_SAMPLE[rng.below(ZIP_SAMPLE.len() as u64) as usize];
            let tz: Tz = zone.parse().unwrap_or(chrono_tz::UTC);
            let province = province_id(state);
            let address_id = ids.next(&txn, "addresses").await?;
            addresses.push(address_row(address_id, format!("{} Main St", 100 + k), city, province, zip, lat, lng));
            let bank_id = ids.next(&txn, "food_banks").await?;
            banks.push(food_bank::ActiveModel {
                id: Set(bank_id),
                code: Set(scale_food_bank_code(k)),
                name: Set(format!("Benchmark Food Bank {} ({city}, {state})", k + 1)),
                home_page_url: Set(Some(format!("https://bench-{}.example.org/", k + 1))),
                is_enabled: Set(true),
                is_tefap_enabled: Set(k % 3 == 0),
                is_delivery_enabled: Set(false),
                address_id: Set(address_id),
                time_zone: Set(zone.into()),
                created_at: Set(now),
                tefap_valid_months: Set(12),
                visit_signature: Set(false),
                inactive_account_months: Set(None),
                require_second_factor: Set(false),
            });
            let today = now.with_timezone(&tz).date_naive();
            for i in 0..PANTRIES_PER_SCALE_FOOD_BANK {
                // Uniform over a disc of SCALE_RADIUS_MILES around the centre.
                let r = SCALE_RADIUS_MILES * rng.unit().sqrt();
                let theta = rng.unit() * std::f64::consts::TAU;
                let p_lat = (lat + r * theta.cos() / 69.0).clamp(-89.0, 89.0);
                let p_lng = lng + r * theta.sin() / (69.0 * lat.to_radians().cos().max(0.2));
                let p_lng = if p_lng > 180.0 {
                    p_lng - 360.0
                } else if p_lng < -180.0 {
                    p_lng + 360.0
                } else {
                    p_lng
                };
                let address_id = ids.next(&txn, "addresses").await?;
                addresses.push(address_row(
                    address_id,
                    format!("{} {} St", 1 + rng.below(9_999), STREETS[rng.below(STREETS.len() as u64) as usize]),
                    city,
                    province,
                    zip,
                    p_lat,
                    p_lng,
                ));
                let pantry_id = ids.next(&txn, "pantry_locations").await?;
                pantries.push(pantry_location::ActiveModel {
                    id: Set(pantry_id),
                    food_bank_id: Set(bank_id),
                    address_id: Set(address_id),
                    label: Set(format!("Benchmark Pantry {}-{:03}", k + 1, i + 1)),
                    time_zone: Set(zone.into()),
                    is_restricted: Set(rng.below(20) == 0),
                    is_active: Set(true),
                    pickup_instructions: Set(None),
                    latitude: Set(p_lat),
                    longitude: Set(p_lng),
                    created_at: Set(now),
                    updated_at: Set(None),
                    ..Default::default()
                });
                // 3 distinct days out of the next 7, two windows each.
                let first_day = 1 + rng.below(3) as i64;
                for d in 0..3 {
                    let date = today + Duration::days(first_day + 2 * d);
                    let start_hour = 9 + rng.below(8) as u32;
                    for (start, end) in
                        [(hm(start_hour, 0), hm(start_hour + 1, 0)), (hm(start_hour + 2, 0), hm(start_hour + 3, 30))]
                    {
                        pickups.push(pickup_time::ActiveModel {
                            id: Set(ids.next(&txn, "pickup_times").await?),
                            pantry_location_id: Set(pantry_id),
                            pickup_day: Set(date),
                            pickup_start_time: Set(start),
                            pickup_end_time: Set(end),
                            start_at: Set(local_to_utc_tz(tz, date, start)),
                            end_at: Set(local_to_utc_tz(tz, date, end)),
                            capacity: Set(None),
                            booked: Set(0),
                            schedule_id: Set(None),
                        });
                    }
                }
            }
        }
        summary.food_banks += banks.len();
        summary.pantries += pantries.len();
        summary.pickup_times += pickups.len();
        insert_batched(&txn, addresses).await?;
        insert_batched(&txn, banks).await?;
        insert_batched(&txn, pantries).await?;
        insert_batched(&txn, pickups).await?;
        ids.finish(&txn).await?;
        txn.commit().await?;
    }
    Ok(summary)
}

const STREETS: &[&str] =
    &["Main", "Oak", "Maple", "Cedar", "Elm", "Pine", "Washington", "Lake", "Hill", "Park", "Church", "Market"];

fn address_row(
    id: i64,
    line1: String,
    city: &str,
    province_id: i64,
    zip: &str,
    lat: f64,
    lng: f64,
) -> address::ActiveModel {
    address::ActiveModel {
        id: Set(id),
        address_line1: Set(line1),
        address_line2: Set(None),
        city: Set(city.into()),
        province_id: Set(province_id),
        postal_code: Set(zip.into()),
        county_id: Set(None),
        latitude: Set(Some(lat)),
        longitude: Set(Some(lng)),
        located_by: Set(None),
        country_code: Set("USA".into()),
    }
}
