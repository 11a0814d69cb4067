//! Pantries and food banks: radius search, detail, pickup and delivery schedules.
use super::shopping::{PantryFacts, parse_tz, to_delivery_time};
use super::{PhotoRow, Store, StoreResult};
use crate::{
    db::entity::{address, county, delivery_program, delivery_time, food_bank, pantry_location, province},
    domain::{Id, access::Pantry, delivery::DeliveryTime, pickup::PickupTime, places},
    geo::{GeoPoint, bounding_box, haversine_miles},
};
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, FromQueryResult, QueryFilter, QueryOrder, Statement, Value,
    sea_query::Expr,
};
use std::collections::HashMap;

/// Times are stored both as local wall-clock values and as UTC instants; the SQL cut on
/// the instant keeps this much slack so the domain rule, not SQL, has the last word
/// around daylight-saving changes.
const SQL_TIME_SLACK: Duration = Duration::hours(3);

/// A street address with its state abbreviation and county named.
#[derive(Debug, Clone, PartialEq)]
pub struct AddressRow {
    pub id: Id,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    /// State abbreviation ("OH").
    pub province: String,
    pub postal_code: String,
    /// County id and name.
    pub county: Option<(Id, String)>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub country_code: String,
}

/// A food bank with the state and zip of its office (empty when its address is missing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoodBankRow {
    pub id: Id,
    pub code: String,
    pub name: String,
    pub home_page_url: Option<String>,
    pub is_enabled: bool,
    pub is_tefap_enabled: bool,
    pub is_delivery_enabled: bool,
    /// IANA zone its delivery windows are written in.
    pub time_zone: String,
    pub province: String,
    pub postal_code: String,
}

/// An active pantry of an enabled food bank, before the rules pick its valid pickup times.
#[derive(Debug, Clone)]
pub struct PantryRow {
    pub id: Id,
    pub label: String,
    pub food_bank: FoodBankRow,
    pub address: AddressRow,
    /// Miles from the searched point; None outside a search.
    pub distance: Option<f64>,
    pub is_restricted: bool,
    /// Shoppers may book its pickup times; when not, `pickup_times` is empty.
    pub offers_pickup: bool,
    pub pickup_instructions: Option<String>,
    /// The stored IANA zone name, and the zone it names (UTC if unknown).
    pub time_zone: String,
    pub tz: chrono_tz::Tz,
    pub photos: Vec<PhotoRow>,
    /// Pickup times from shortly before the load's `since`, soonest first.
    pub pickup_times: Vec<PickupTime>,
}

/// What the rules read of a pantry, from its detail: the same rows, read once.
impl From<&PantryRow> for PantryFacts {
    fn from(row: &PantryRow) -> Self {
        let bank = &row.food_bank;
        Self {
            pantry: Pantry {
                id: row.id,
                label: row.label.clone(),
                food_bank_id: bank.id,
                is_restricted: row.is_restricted,
                offers_pickup: row.offers_pickup,
            },
            tz: row.tz,
            // Empty when the food bank's address is missing (`FoodBankRow`).
            province_abbreviation: Some(bank.province.clone()).filter(|p| !p.is_empty()),
            county_id: row.address.county.as_ref().map(|(id, _)| *id),
            postal_code: Some(row.address.postal_code.clone()),
        }
    }
}

/// A food bank serving a searched point ([`places::serving`]).
#[derive(Debug, Clone, PartialEq)]
pub struct ServingFoodBank {
    pub food_bank: FoodBankRow,
    pub serving: places::Serving,
}

/// A food bank's delivery windows (of active programs), before the rules pick the valid ones.
#[derive(Debug, Clone)]
pub struct DeliverySchedule {
    pub tz: chrono_tz::Tz,
    pub times: Vec<DeliveryTime>,
}

struct Places {
    addresses: HashMap<Id, address::Model>,
    provinces: HashMap<Id, String>,
    /// Read by the tests' reference load alone: the search and the detail name counties in SQL.
    #[cfg_attr(not(test), allow(dead_code))]
    counties: HashMap<Id, String>,
}

impl Places {
    async fn load<C: ConnectionTrait>(conn: &C, address_ids: Vec<Id>) -> StoreResult<Self> {
        let addresses: HashMap<Id, address::Model> = if address_ids.is_empty() {
            HashMap::new()
        } else {
            address::Entity::find()
                .filter(address::Column::Id.is_in(address_ids))
                .all(conn)
                .await?
                .into_iter()
                .map(|a| (a.id, a))
                .collect()
        };
        let mut province_ids: Vec<Id> = addresses.values().map(|a| a.province_id).collect();
        province_ids.sort_unstable();
        province_ids.dedup();
        let mut county_ids: Vec<Id> = addresses.values().filter_map(|a| a.county_id).collect();
        county_ids.sort_unstable();
        county_ids.dedup();
        let provinces = async {
            if province_ids.is_empty() {
                return Ok(HashMap::new());
            }
            let rows = province::Entity::find().filter(province::Column::Id.is_in(province_ids)).all(conn).await?;
            StoreResult::Ok(rows.into_iter().map(|p| (p.id, p.abbreviation)).collect())
        };
        let counties = async {
            if county_ids.is_empty() {
                return Ok(HashMap::new());
            }
            let rows = county::Entity::find().filter(county::Column::Id.is_in(county_ids)).all(conn).await?;
            StoreResult::Ok(rows.into_iter().map(|c| (c.id, c.name)).collect())
        };
        let (provinces, counties) = tokio::try_join!(provinces, counties)?;
        Ok(Self { addresses, provinces, counties })
    }

    fn province(&self, a: &address::Model) -> String {
        self.provinces.get(&a.province_id).cloned().unwrap_or_default()
    }

    /// The reference load of the tests names addresses by it.
    #[cfg(test)]
    fn address(&self, id: Id) -> Option<AddressRow> {
        let a = self.addresses.get(&id)?;
        Some(AddressRow {
            id: a.id,
            address_line1: a.address_line1.clone(),
            address_line2: a.address_line2.clone(),
            city: a.city.clone(),
            province: self.province(a),
            postal_code: a.postal_code.clone(),
            county: a.county_id.and_then(|c| Some((c, self.counties.get(&c)?.clone()))),
            latitude: a.latitude,
            longitude: a.longitude,
            country_code: a.country_code.clone(),
        })
    }

    fn food_bank(&self, fb: &food_bank::Model) -> FoodBankRow {
        let addr = self.addresses.get(&fb.address_id);
        FoodBankRow {
            id: fb.id,
            code: fb.code.clone(),
            name: fb.name.clone(),
            home_page_url: fb.home_page_url.clone(),
            is_enabled: fb.is_enabled,
            is_tefap_enabled: fb.is_tefap_enabled,
            is_delivery_enabled: fb.is_delivery_enabled,
            time_zone: fb.time_zone.clone(),
            province: addr.map(|a| self.province(a)).unwrap_or_default(),
            postal_code: addr.map(|a| a.postal_code.clone()).unwrap_or_default(),
        }
    }
}

async fn food_banks_by_id<C: ConnectionTrait>(conn: &C, ids: Vec<Id>) -> StoreResult<HashMap<Id, food_bank::Model>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(food_bank::Entity::find()
        .filter(food_bank::Column::Id.is_in(ids))
        .all(conn)
        .await?
        .into_iter()
        .map(|f| (f.id, f))
        .collect())
}

/// The pantries a load reads: the active ones in a search's box (`geo::bounding_box`, perhaps of
/// one food bank), or one by id if it is active.
#[derive(Debug, Clone, Copy)]
enum Sites {
    Near { area: (f64, f64, f64, f64), food_bank_id: Option<Id> },
    One(Id),
}

impl Sites {
    /// The condition on `pantry_locations` with its values (`$1…` counted within it on PostgreSQL,
    /// which sea_query renumbers inside a larger statement; `?` on SQLite). The box goes through
    /// the two-dimensional index of positions (migration `m20261226_000019_pantry_location_boxes`)
    /// and may let through a few pantries just outside it. The text depends on the shape alone,
    /// so each connection prepares it once and reuses it for every search.
    fn condition(self, backend: DbBackend) -> (String, Vec<Value>) {
        let pg = backend == DbBackend::Postgres;
        let (mut sql, mut values): (String, Vec<Value>) = match self {
            Sites::Near { area: (min_lat, max_lat, min_lng, max_lng), .. } if pg => (
                "point(pantry_locations.longitude, pantry_locations.latitude) <@ box(point($1, $2), point($3, $4))"
                    .into(),
                vec![min_lng.into(), min_lat.into(), max_lng.into(), max_lat.into()],
            ),
            Sites::Near { area: (min_lat, max_lat, min_lng, max_lng), .. } => (
                "pantry_locations.id IN (SELECT id FROM pantry_location_boxes \
                 WHERE max_lat >= ? AND min_lat <= ? AND max_lng >= ? AND min_lng <= ?)"
                    .into(),
                vec![min_lat.into(), max_lat.into(), min_lng.into(), max_lng.into()],
            ),
            Sites::One(id) => {
                ((if pg { "pantry_locations.id = $1" } else { "pantry_locations.id = ?" }).into(), vec![id.into()])
            }
        };
        if let Sites::Near { food_bank_id: Some(fb), .. } = self {
            values.push(fb.into());
            sql.push_str(&if pg {
                format!(" AND pantry_locations.food_bank_id = ${}", values.len())
            } else {
                " AND pantry_locations.food_bank_id = ?".into()
            });
        }
        sql.push_str(" AND pantry_locations.is_active");
        (sql, values)
    }
}

/// A pantry with its food bank and both addresses named, as one row of [`SITES_SELECT`].
#[derive(Debug, FromQueryResult)]
struct SiteRow {
    id: Id,
    label: String,
    is_restricted: bool,
    offers_pickup: bool,
    pickup_instructions: Option<String>,
    time_zone: String,
    latitude: f64,
    longitude: f64,
    food_bank_id: Id,
    fb_code: String,
    fb_name: String,
    fb_home_page_url: Option<String>,
    fb_is_enabled: bool,
    fb_is_tefap_enabled: bool,
    fb_is_delivery_enabled: bool,
    fb_time_zone: String,
    fb_province: Option<String>,
    fb_postal_code: Option<String>,
    address_id: Id,
    address_line1: String,
    address_line2: Option<String>,
    city: String,
    province: Option<String>,
    postal_code: String,
    county_id: Option<Id>,
    county: Option<String>,
    address_latitude: Option<f64>,
    address_longitude: Option<f64>,
    country_code: String,
    /// [`times_json`]: the pantry's pickup times as arrays; NULL on PostgreSQL when it has none.
    times: Option<String>,
    /// [`photos_json`]: its photos as `[id, sequence_number, storage_path]` arrays.
    photos: Option<String>,
}

/// Pantries of enabled food banks with what their answer shows, in one statement: a pantry
/// without its address is left out, a missing state or food bank office reads as empty.
const SITES_SELECT: &str = "SELECT pantry_locations.id, pantry_locations.label, pantry_locations.is_restricted, \
     pantry_locations.offers_pickup, \
     pantry_locations.pickup_instructions, pantry_locations.time_zone, pantry_locations.latitude, \
     pantry_locations.longitude, pantry_locations.food_bank_id, fb.code AS fb_code, fb.name AS fb_name, \
     fb.home_page_url AS fb_home_page_url, fb.is_enabled AS fb_is_enabled, \
     fb.is_tefap_enabled AS fb_is_tefap_enabled, fb.is_delivery_enabled AS fb_is_delivery_enabled, \
     fb.time_zone AS fb_time_zone, fbp.abbreviation AS fb_province, fba.postal_code AS fb_postal_code, \
     pantry_locations.address_id, a.address_line1, a.address_line2, a.city, ap.abbreviation AS province, \
     a.postal_code, c.id AS county_id, c.name AS county, a.latitude AS address_latitude, \
     a.longitude AS address_longitude, a.country_code, ";
/// The rest of [`SITES_SELECT`] after the JSON columns: the joins and `WHERE`.
const SITES_FROM: &str = " FROM pantry_locations \
     JOIN food_banks fb ON fb.id = pantry_locations.food_bank_id AND fb.is_enabled \
     JOIN addresses a ON a.id = pantry_locations.address_id \
     LEFT JOIN provinces ap ON ap.id = a.province_id \
     LEFT JOIN counties c ON c.id = a.county_id \
     LEFT JOIN addresses fba ON fba.id = fb.address_id \
     LEFT JOIN provinces fbp ON fbp.id = fba.province_id \
     WHERE ";

/// A scalar subquery giving one JSON text: an array of `columns` per row that `rest` (its `FROM`
/// and `WHERE`) picks, in no promised order; NULL on PostgreSQL when it picks none. A search reads
/// each pantry as one row carrying these, not a row per time or photo: the drivers' cost is per row.
pub(super) fn json_rows(backend: DbBackend, columns: &str, rest: &str) -> String {
    match backend {
        DbBackend::Postgres => format!("(SELECT json_agg(json_build_array({columns}))::text {rest})"),
        _ => format!("(SELECT json_group_array(json_array({columns})) {rest})"),
    }
}

/// A pantry's pickup times after the bound cut `{cut}`, but for those on days it closed, as
/// [`json_rows`] of `[id, pickup_day, start, end, capacity, booked, start_at as Unix seconds]`
/// ([`times_of`] reads them).
fn times_json(backend: DbBackend, cut: &str) -> String {
    let epoch = match backend {
        DbBackend::Postgres => "floor(extract(epoch FROM pickup_times.start_at))::bigint",
        _ => "unixepoch(pickup_times.start_at)",
    };
    let columns = format!(
        "pickup_times.id, pickup_times.pickup_day, pickup_times.pickup_start_time, \
         pickup_times.pickup_end_time, pickup_times.capacity, pickup_times.booked, {epoch}"
    );
    let rest = format!(
        "FROM pickup_times WHERE pickup_times.pantry_location_id = pantry_locations.id \
         AND pickup_times.start_at > {cut} AND {}",
        super::schedules::NOT_CLOSED
    );
    format!("{} AS times", json_rows(backend, &columns, &rest))
}

/// A pantry's photos as [`json_rows`] of `[id, sequence_number, storage_path]` ([`PhotoRow::from_json`]
/// reads them).
fn photos_json(backend: DbBackend) -> String {
    let rest = "FROM attachments WHERE attachments.pantry_location_id = pantry_locations.id";
    let columns = "attachments.id, attachments.sequence_number, attachments.storage_path";
    format!("{} AS photos", json_rows(backend, columns, rest))
}

type TimeArray = (Id, chrono::NaiveDate, String, String, Option<i32>, i32, i64);

/// [`times_json`]'s text as pickup times, sorted as they were read before: `start_at`, then id.
fn times_of(json: Option<&str>, pantry_id: Id) -> StoreResult<Vec<PickupTime>> {
    let Some(json) = json else { return Ok(Vec::new()) };
    let mut rows: Vec<TimeArray> = serde_json::from_str(json).map_err(|e| unreadable("pickup times", e))?;
    rows.sort_by_key(|r| (r.6, r.0));
    let time = |s: &str| {
        chrono::NaiveTime::parse_from_str(s, "%H:%M:%S%.f").map_err(|e| unreadable("a pickup time's hour", e))
    };
    rows.into_iter()
        .map(|(id, day, start, end, capacity, booked, _)| {
            Ok(PickupTime {
                id,
                pantry_location_id: pantry_id,
                pickup_day: day,
                pickup_start_time: time(&start)?,
                pickup_end_time: time(&end)?,
                seats: crate::domain::seats::Seats { capacity, booked },
                closed: false,
            })
        })
        .collect()
}

/// A JSON text of a pantry's row that does not read as what its statement wrote.
fn unreadable(what: &str, e: impl std::fmt::Display) -> super::StoreError {
    super::StoreError::Db(sea_orm::DbErr::Type(format!("{what} of a pantry: {e}")))
}

/// The pantries of `sites` (with their distance from `center`, if given, kept within
/// `radius_miles`, nearest first, ties by id) made whole, with pickup times from shortly before
/// `since`, in one statement: the pantries joined with their food banks and addresses, each
/// carrying its times and photos as JSON texts. Three statements (pantries, times, photos) on
/// three connections took 2.6-3.6 ms on SQLite and 2.9 ms on PostgreSQL per 10-mile search with
/// 60,000 pantries; this one 1.4 and 2.1 ms (`cargo bench --bench api`): the drivers' cost is
/// per row, and a search read six time rows per pantry.
async fn load_sites<C: ConnectionTrait>(
    conn: &C,
    sites: Sites,
    near: Option<(GeoPoint, f64)>,
    since: DateTime<Utc>,
) -> StoreResult<Vec<PantryRow>> {
    let backend = conn.get_database_backend();
    let (condition, mut values) = sites.condition(backend);
    let cut: Value = (since - SQL_TIME_SLACK).into();
    // The cut is written before the condition: SQLite binds its `?` in the order they appear,
    // PostgreSQL by number, after the condition's own.
    let sql = if backend == DbBackend::Postgres {
        values.push(cut);
        format!(
            "{SITES_SELECT}{}, {}{SITES_FROM}{condition}",
            times_json(backend, &format!("${}", values.len())),
            photos_json(backend)
        )
    } else {
        values.insert(0, cut);
        format!("{SITES_SELECT}{}, {}{SITES_FROM}{condition}", times_json(backend, "?"), photos_json(backend))
    };
    let rows = SiteRow::find_by_statement(Statement::from_sql_and_values(backend, sql, values)).all(conn).await?;
    let mut found: Vec<(SiteRow, Option<f64>)> = match near {
        Some((center, radius_miles)) => rows
            .into_iter()
            .map(|r| {
                let d = haversine_miles(center, GeoPoint::new(r.latitude, r.longitude));
                (r, Some(d))
            })
            .filter(|(_, d)| d.is_some_and(|d| d <= radius_miles))
            .collect(),
        None => rows.into_iter().map(|r| (r, None)).collect(),
    };
    found.sort_by(|a, b| a.1.unwrap_or(0.0).total_cmp(&b.1.unwrap_or(0.0)).then(a.0.id.cmp(&b.0.id)));
    found
        .into_iter()
        .map(|(r, distance)| {
            let photos = PhotoRow::from_json(r.photos.as_deref()).map_err(|e| unreadable("photos", e))?;
            // A pantry that runs delivery alone offers no pickup time (its rows stay, unused).
            let pickup_times = if r.offers_pickup { times_of(r.times.as_deref(), r.id)? } else { Vec::new() };
            Ok(PantryRow {
                id: r.id,
                label: r.label,
                food_bank: FoodBankRow {
                    id: r.food_bank_id,
                    code: r.fb_code,
                    name: r.fb_name,
                    home_page_url: r.fb_home_page_url,
                    is_enabled: r.fb_is_enabled,
                    is_tefap_enabled: r.fb_is_tefap_enabled,
                    is_delivery_enabled: r.fb_is_delivery_enabled,
                    time_zone: r.fb_time_zone,
                    province: r.fb_province.unwrap_or_default(),
                    postal_code: r.fb_postal_code.unwrap_or_default(),
                },
                address: AddressRow {
                    id: r.address_id,
                    address_line1: r.address_line1,
                    address_line2: r.address_line2,
                    city: r.city,
                    province: r.province.unwrap_or_default(),
                    postal_code: r.postal_code,
                    county: r.county_id.zip(r.county),
                    latitude: r.address_latitude,
                    longitude: r.address_longitude,
                    country_code: r.country_code,
                },
                distance,
                is_restricted: r.is_restricted,
                offers_pickup: r.offers_pickup,
                pickup_instructions: r.pickup_instructions,
                tz: parse_tz(&r.time_zone),
                time_zone: r.time_zone,
                photos,
                pickup_times,
            })
        })
        .collect()
}

/// Active pantries within `radius_miles` of `center`, nearest first (ties by id): an
/// indexed bounding-box query, then the exact great-circle distance.
async fn pantry_rows_near<C: ConnectionTrait>(
    conn: &C,
    center: GeoPoint,
    radius_miles: f64,
    food_bank_id: Option<Id>,
) -> StoreResult<Vec<(pantry_location::Model, f64)>> {
    let sites = Sites::Near { area: bounding_box(center, radius_miles), food_bank_id };
    let (condition, values) = sites.condition(conn.get_database_backend());
    let mut found: Vec<(pantry_location::Model, f64)> = pantry_location::Entity::find()
        .filter(Expr::cust_with_values(condition, values))
        .all(conn)
        .await?
        .into_iter()
        .map(|p| {
            let d = haversine_miles(center, GeoPoint::new(p.latitude, p.longitude));
            (p, d)
        })
        .filter(|(_, d)| *d <= radius_miles)
        .collect();
    found.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.id.cmp(&b.0.id)));
    Ok(found)
}

/// [`places::serving`] of `center`, from the active pantries within its radius and the
/// food bank offices (there are few food banks, so all their offices are read).
pub(super) async fn serving_near<C: ConnectionTrait>(conn: &C, center: GeoPoint) -> StoreResult<Vec<places::Serving>> {
    let pantries: Vec<(Id, f64)> = pantry_rows_near(conn, center, places::SERVING_RADIUS_MILES, None)
        .await?
        .into_iter()
        .map(|(p, miles)| (p.food_bank_id, miles))
        .collect();
    let mut offices = Vec::new();
    if pantries.is_empty() {
        let banks = food_bank::Entity::find().all(conn).await?;
        let places = Places::load(conn, banks.iter().map(|b| b.address_id).collect()).await?;
        for b in &banks {
            let Some(a) = places.addresses.get(&b.address_id) else { continue };
            if let (Some(lat), Some(lng)) = (a.latitude, a.longitude) {
                offices.push((b.id, haversine_miles(center, GeoPoint::new(lat, lng))));
            }
        }
    }
    Ok(places::serving(&pantries, &offices))
}

impl Store {
    /// Active pantries of enabled food banks within the radius, nearest first, with
    /// pickup times from about `since` on.
    pub async fn pantries_near(
        &self,
        center: GeoPoint,
        radius_miles: f64,
        food_bank_id: Option<Id>,
        since: DateTime<Utc>,
    ) -> StoreResult<Vec<PantryRow>> {
        let sites = Sites::Near { area: bounding_box(center, radius_miles), food_bank_id };
        load_sites(&self.db, sites, Some((center, radius_miles)), since).await
    }

    /// One active pantry of an enabled food bank.
    pub async fn pantry_site(&self, id: Id, since: DateTime<Utc>) -> StoreResult<Option<PantryRow>> {
        Ok(load_sites(&self.db, Sites::One(id), None, since).await?.pop())
    }

    pub async fn food_bank(&self, id: Id) -> StoreResult<Option<FoodBankRow>> {
        let Some(fb) = food_bank::Entity::find_by_id(id).one(&self.db).await? else { return Ok(None) };
        let places = Places::load(&self.db, vec![fb.address_id]).await?;
        Ok(Some(places.food_bank(&fb)))
    }

    /// The food banks serving `center` ([`places::serving`]), nearest first; disabled ones
    /// included, so the app can say OrderAhead is not available there yet.
    pub async fn food_banks_serving(&self, center: GeoPoint) -> StoreResult<Vec<ServingFoodBank>> {
        let served = serving_near(&self.db, center).await?;
        let banks = food_banks_by_id(&self.db, served.iter().map(|s| s.food_bank_id).collect()).await?;
        let places = Places::load(&self.db, banks.values().map(|b| b.address_id).collect()).await?;
        Ok(served
            .into_iter()
            .filter_map(|s| {
                Some(ServingFoodBank { food_bank: places.food_bank(banks.get(&s.food_bank_id)?), serving: s })
            })
            .collect())
    }

    /// The food bank's delivery windows of active programs from about `since` on;
    /// None for an unknown food bank, no windows for a disabled one.
    pub async fn delivery_schedule(
        &self,
        food_bank_id: Id,
        since: DateTime<Utc>,
    ) -> StoreResult<Option<DeliverySchedule>> {
        let Some(fb) = food_bank::Entity::find_by_id(food_bank_id).one(&self.db).await? else { return Ok(None) };
        let tz = parse_tz(&fb.time_zone);
        if !fb.is_enabled {
            return Ok(Some(DeliverySchedule { tz, times: Vec::new() }));
        }
        let programs: Vec<Id> = delivery_program::Entity::find()
            .filter(delivery_program::Column::FoodBankId.eq(food_bank_id))
            .filter(delivery_program::Column::IsActive.eq(true))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|p| p.id)
            .collect();
        let times = if programs.is_empty() {
            Vec::new()
        } else {
            delivery_time::Entity::find()
                .filter(delivery_time::Column::FoodBankId.eq(food_bank_id))
                .filter(delivery_time::Column::DeliveryProgramId.is_in(programs))
                .filter(delivery_time::Column::StartAt.gt(since - SQL_TIME_SLACK))
                .order_by_asc(delivery_time::Column::StartAt)
                .order_by_asc(delivery_time::Column::Id)
                .all(&self.db)
                .await?
                .into_iter()
                .map(to_delivery_time)
                .collect()
        };
        Ok(Some(DeliverySchedule { tz, times }))
    }
}

#[cfg(test)]
mod tests;
