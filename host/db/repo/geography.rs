//! Places: provinces, counties, ZIP codes, and the compact pantry / food bank
//! shapes other areas embed.
//!
//! Counties come from the database so that stored answers can refer to them by id.
//! The demo seed holds only a few; the rest of a state's counties are added from
//! the embedded ZIP table the first time that state is asked about.
use super::{Store, StoreResult, locations::FoodBankRow};
use crate::{
    db::entity::{address, county, food_bank, pantry_location, postal_code, postal_code_county, province},
    geo::{self, GeoPoint},
};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::OnceLock;

/// A ZIP code and where it lies.
#[derive(Debug, Clone, PartialEq)]
pub struct ZipPlace {
    pub postal_code: ZipRow,
    pub province: ProvinceRow,
    /// The database id of the ZIP's county, when known.
    pub county_id: Option<i64>,
}

impl ZipPlace {
    pub fn point(&self) -> GeoPoint {
        GeoPoint::new(self.postal_code.latitude, self.postal_code.longitude)
    }
}

/// A ZIP code with its city and centroid.
#[derive(Debug, Clone, PartialEq)]
pub struct ZipRow {
    pub code: String,
    pub city: Option<String>,
    pub latitude: f64,
    pub longitude: f64,
}

/// A state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProvinceRow {
    pub id: i64,
    pub name: String,
    pub abbreviation: String,
}

/// A county of a state's list.
#[derive(Debug, Clone, PartialEq)]
pub struct CountyRow {
    pub id: i64,
    pub name: String,
    pub province_id: i64,
    pub description: Option<String>,
    /// The county the asked ZIP code lies in.
    pub is_match: bool,
}

/// An address with its state abbreviation ("OH"); its county by id only.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaceRow {
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    pub province: String,
    pub postal_code: String,
    pub county_id: Option<i64>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
}

/// An active pantry without its schedule or photos, with its food bank's code and state.
#[derive(Debug, Clone, PartialEq)]
pub struct PantryBriefRow {
    pub id: i64,
    pub label: String,
    pub food_bank_id: i64,
    pub food_bank_code: String,
    /// The food bank's state abbreviation (empty when its address is missing).
    pub food_bank_province: String,
    pub address_id: i64,
    pub address: PlaceRow,
    pub is_restricted: bool,
    pub pickup_instructions: Option<String>,
}

/// Every county the ZIP table names, by state: `(5-digit FIPS, name)` sorted by FIPS.
/// The table is keyed by ZIP only, so the list is gathered once by walking the ZIP range.
fn table_counties(state: &str) -> &'static [(String, &'static str)] {
    static BY_STATE: OnceLock<HashMap<&'static str, Vec<(String, &'static str)>>> = OnceLock::new();
    let all = BY_STATE.get_or_init(|| {
        let table = geo::zip_table();
        let mut by_state: HashMap<&'static str, BTreeMap<u32, &'static str>> = HashMap::new();
        for n in 0..100_000u32 {
            if let Some(z) = table.lookup(&format!("{n:05}")) {
                by_state.entry(z.state).or_default().insert(z.county_fips, z.county_name);
            }
        }
        by_state
            .into_iter()
            .map(|(state, counties)| (state, counties.into_iter().map(|(f, n)| (format!("{f:05}"), n)).collect()))
            .collect()
    });
    all.get(state).map(Vec::as_slice).unwrap_or(&[])
}

fn province_of(p: province::Model) -> ProvinceRow {
    ProvinceRow { id: p.id, name: p.name, abbreviation: p.abbreviation }
}

pub(super) async fn province_by_id<C: ConnectionTrait>(conn: &C, id: i64) -> StoreResult<Option<ProvinceRow>> {
    Ok(province::Entity::find_by_id(id).one(conn).await?.map(province_of))
}

/// Where `zip` (five digits) lies: the database's postal codes first, then the ZIP table.
pub(super) async fn zip_place<C: ConnectionTrait>(conn: &C, zip: &str) -> StoreResult<Option<ZipPlace>> {
    if let Some(row) = postal_code::Entity::find().filter(postal_code::Column::Code.eq(zip)).one(conn).await? {
        let Some(province) = province_by_id(conn, row.province_id).await? else { return Ok(None) };
        let county_id = postal_code_county::Entity::find()
            .filter(postal_code_county::Column::PostalCodeId.eq(row.id))
            .order_by_asc(postal_code_county::Column::CountyId)
            .one(conn)
            .await?
            .map(|l| l.county_id);
        let postal_code =
            ZipRow { code: row.code, city: Some(row.city), latitude: row.latitude, longitude: row.longitude };
        return Ok(Some(ZipPlace { postal_code, province, county_id }));
    }
    let Some(info) = geo::zip_table().lookup(zip) else { return Ok(None) };
    let Some(province) =
        province::Entity::find().filter(province::Column::Abbreviation.eq(info.state)).one(conn).await?
    else {
        return Ok(None);
    };
    let county_id = county::Entity::find()
        .filter(county::Column::Fips.eq(format!("{:05}", info.county_fips)))
        .one(conn)
        .await?
        .map(|c| c.id);
    let postal_code =
        ZipRow { code: info.zip, city: info.city.map(str::to_owned), latitude: info.lat, longitude: info.lng };
    Ok(Some(ZipPlace { postal_code, province: province_of(province), county_id }))
}

async fn counties_of<C: ConnectionTrait>(
    conn: &C,
    province_id: i64,
    matching: Option<i64>,
) -> StoreResult<Vec<CountyRow>> {
    let rows = county::Entity::find()
        .filter(county::Column::ProvinceId.eq(province_id))
        .order_by_asc(county::Column::Name)
        .order_by_asc(county::Column::Id)
        .all(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|c| CountyRow {
            is_match: Some(c.id) == matching,
            id: c.id,
            name: c.name,
            province_id: c.province_id,
            description: c.description,
        })
        .collect())
}

/// Pantry locations by id, in the order given; unknown or inactive ids are left out.
pub(super) async fn pantry_refs<C: ConnectionTrait>(conn: &C, ids: &[i64]) -> StoreResult<Vec<PantryBriefRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let pantries = pantry_location::Entity::find()
        .filter(pantry_location::Column::Id.is_in(ids.to_vec()))
        .filter(pantry_location::Column::IsActive.eq(true))
        .all(conn)
        .await?;
    let banks = food_bank::Entity::find()
        .filter(food_bank::Column::Id.is_in(pantries.iter().map(|p| p.food_bank_id).collect::<Vec<_>>()))
        .all(conn)
        .await?;
    let address_ids = pantries.iter().map(|p| p.address_id).chain(banks.iter().map(|b| b.address_id));
    let places = addresses(conn, address_ids.collect()).await?;
    let banks: HashMap<i64, food_bank::Model> = banks.into_iter().map(|b| (b.id, b)).collect();
    let mut by_id: HashMap<i64, PantryBriefRow> = HashMap::new();
    for p in pantries {
        let (Some(place), Some(bank)) = (places.get(&p.address_id), banks.get(&p.food_bank_id)) else { continue };
        let bank_province = places.get(&bank.address_id).map(|a| a.province.clone()).unwrap_or_default();
        by_id.insert(
            p.id,
            PantryBriefRow {
                id: p.id,
                label: p.label,
                food_bank_id: p.food_bank_id,
                food_bank_code: bank.code.clone(),
                food_bank_province: bank_province,
                address: place.clone(),
                address_id: p.address_id,
                is_restricted: p.is_restricted,
                pickup_instructions: p.pickup_instructions,
            },
        );
    }
    Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
}

/// Food banks by id.
pub(super) async fn food_bank_refs<C: ConnectionTrait>(
    conn: &C,
    ids: &[i64],
) -> StoreResult<HashMap<i64, FoodBankRow>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let banks = food_bank::Entity::find().filter(food_bank::Column::Id.is_in(ids.to_vec())).all(conn).await?;
    let places = addresses(conn, banks.iter().map(|b| b.address_id).collect()).await?;
    Ok(banks
        .into_iter()
        .map(|b| {
            let place = places.get(&b.address_id);
            let r = FoodBankRow {
                id: b.id,
                code: b.code,
                name: b.name,
                home_page_url: b.home_page_url,
                is_enabled: b.is_enabled,
                is_tefap_enabled: b.is_tefap_enabled,
                is_delivery_enabled: b.is_delivery_enabled,
                time_zone: b.time_zone,
                province: place.map(|a| a.province.clone()).unwrap_or_default(),
                postal_code: place.map(|a| a.postal_code.clone()).unwrap_or_default(),
            };
            (b.id, r)
        })
        .collect())
}

async fn addresses<C: ConnectionTrait>(conn: &C, mut ids: Vec<i64>) -> StoreResult<HashMap<i64, PlaceRow>> {
    ids.sort_unstable();
    ids.dedup();
    let rows = address::Entity::find().filter(address::Column::Id.is_in(ids)).all(conn).await?;
    let province_ids: Vec<i64> = rows.iter().map(|a| a.province_id).collect::<HashSet<_>>().into_iter().collect();
    let abbreviations: HashMap<i64, String> = province::Entity::find()
        .filter(province::Column::Id.is_in(province_ids))
        .select_only()
        .column(province::Column::Id)
        .column(province::Column::Abbreviation)
        .into_tuple::<(i64, String)>()
        .all(conn)
        .await?
        .into_iter()
        .collect();
    Ok(rows
        .into_iter()
        .map(|a| {
            let place = PlaceRow {
                address_line1: a.address_line1,
                address_line2: a.address_line2,
                city: a.city,
                province: abbreviations.get(&a.province_id).cloned().unwrap_or_default(),
                postal_code: a.postal_code,
                county_id: a.county_id,
                latitude: a.latitude,
                longitude: a.longitude,
            };
            (a.id, place)
        })
        .collect())
}

impl Store {
    /// Adds the counties the ZIP table knows for `province` and the database lacks.
    /// Concurrent callers may race: the unique FIPS column keeps one row each.
    pub(super) async fn fill_counties(&self, province: &ProvinceRow) -> StoreResult<()> {
        let known = table_counties(&province.abbreviation);
        if known.is_empty() {
            return Ok(());
        }
        let present: HashSet<String> = county::Entity::find()
            .filter(county::Column::ProvinceId.eq(province.id))
            .filter(county::Column::Fips.is_not_null())
            .select_only()
            .column(county::Column::Fips)
            .into_tuple::<String>()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        let missing: Vec<county::ActiveModel> = known
            .iter()
            .filter(|(fips, _)| !present.contains(fips))
            .map(|(fips, name)| county::ActiveModel {
                province_id: Set(province.id),
                name: Set((*name).to_owned()),
                fips: Set(Some(fips.clone())),
                description: Set(None),
                ..Default::default()
            })
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        county::Entity::insert_many(missing)
            .on_conflict_do_nothing_on([county::Column::Fips])
            .exec_without_returning(&self.db)
            .await?;
        Ok(())
    }

    /// Where `zip` lies, with its county resolved to a database id (filling the
    /// state's counties first). `None` for a ZIP neither source knows.
    pub async fn zip_place(&self, zip: &str) -> StoreResult<Option<ZipPlace>> {
        let Some(place) = zip_place(&self.db, zip).await? else { return Ok(None) };
        if place.county_id.is_some() {
            return Ok(Some(place));
        }
        self.fill_counties(&place.province).await?;
        zip_place(&self.db, zip).await
    }

    /// The counties of `zip`'s state, its own county marked `isMatch`.
    pub async fn counties_for_zip(&self, zip: &str) -> StoreResult<Option<Vec<CountyRow>>> {
        let Some(place) = self.zip_place(zip).await? else { return Ok(None) };
        self.fill_counties(&place.province).await?;
        Ok(Some(counties_of(&self.db, place.province.id, place.county_id).await?))
    }

    /// The counties of a province; `None` for an unknown province.
    pub async fn counties_of_province(&self, province_id: i64) -> StoreResult<Option<Vec<CountyRow>>> {
        let Some(province) = province_by_id(&self.db, province_id).await? else { return Ok(None) };
        self.fill_counties(&province).await?;
        Ok(Some(counties_of(&self.db, province.id, None).await?))
    }
}
