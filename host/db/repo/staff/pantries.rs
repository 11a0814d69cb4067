//! A food bank's pantries as its admin keeps them: the rows with their addresses and photos, and
//! the writes of `/staff/pantries-admin` (each inside the service's [`Write`], with its audit
//! entry). The triggers on `pantry_locations`, `addresses` and `attachments` bump the pantry's and
//! the directory's cache scopes, and the position index follows the row (migration 19), so a new,
//! moved or deactivated pantry is what search, its page and the sitemap show at once.
use crate::db::repo::{Store, StoreError, StoreResult};
use crate::{
    db::entity::{address, attachment, county, food_bank, pantry_location, province},
    domain::Id,
    geo::ZipInfo,
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait,
    ActiveValue::{NotSet, Set},
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use std::collections::HashMap;

/// One pantry with its street address and photos.
#[derive(Debug, Clone, PartialEq)]
pub struct PantryAdminRow {
    pub id: Id,
    pub food_bank_id: Id,
    pub address_id: Id,
    pub label: String,
    pub address_line1: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub latitude: f64,
    pub longitude: f64,
    pub time_zone: String,
    pub phone: Option<String>,
    pub instructions: Option<String>,
    pub restricted: bool,
    pub pickup: bool,
    pub delivery: bool,
    pub active: bool,
    pub photos: Vec<String>,
}

/// A pantry's columns as the service decided them.
#[derive(Debug, Clone, PartialEq)]
pub struct PantryFields {
    pub label: String,
    pub address_line1: String,
    pub city: String,
    pub latitude: f64,
    pub longitude: f64,
    pub time_zone: String,
    pub phone: Option<String>,
    pub instructions: Option<String>,
    pub restricted: bool,
    pub pickup: bool,
    pub delivery: bool,
}

impl<C: ConnectionTrait> Store<C> {
    /// The pantries of these food banks (or only `only`), by label.
    pub async fn admin_pantries(&self, food_banks: Vec<Id>, only: Option<Id>) -> StoreResult<Vec<PantryAdminRow>> {
        if food_banks.is_empty() {
            return Ok(Vec::new());
        }
        let mut query = pantry_location::Entity::find().filter(pantry_location::Column::FoodBankId.is_in(food_banks));
        if let Some(id) = only {
            query = query.filter(pantry_location::Column::Id.eq(id));
        }
        let pantries = query.order_by_asc(pantry_location::Column::Label).all(&self.db).await?;
        let address_ids: Vec<Id> = pantries.iter().map(|p| p.address_id).collect();
        let addresses: HashMap<Id, address::Model> = address::Entity::find()
            .filter(address::Column::Id.is_in(address_ids))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|a| (a.id, a))
            .collect();
        let provinces: HashMap<Id, String> = province::Entity::find()
            .select_only()
            .columns([province::Column::Id, province::Column::Abbreviation])
            .into_tuple()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        let mut photos: HashMap<Id, Vec<String>> = HashMap::new();
        let pantry_ids: Vec<Id> = pantries.iter().map(|p| p.id).collect();
        for a in attachment::Entity::find()
            .filter(attachment::Column::PantryLocationId.is_in(pantry_ids))
            .order_by_asc(attachment::Column::SequenceNumber)
            .order_by_asc(attachment::Column::Id)
            .all(&self.db)
            .await?
        {
            if let Some(p) = a.pantry_location_id {
                photos.entry(p).or_default().push(a.storage_path);
            }
        }
        Ok(pantries
            .into_iter()
            .map(|p| {
                let a = addresses.get(&p.address_id);
                PantryAdminRow {
                    id: p.id,
                    food_bank_id: p.food_bank_id,
                    address_id: p.address_id,
                    label: p.label,
                    address_line1: a.map(|a| a.address_line1.clone()).unwrap_or_default(),
                    city: a.map(|a| a.city.clone()).unwrap_or_default(),
                    state: a.and_then(|a| provinces.get(&a.province_id).cloned()).unwrap_or_default(),
                    zip: a.map(|a| a.postal_code.clone()).unwrap_or_default(),
                    latitude: p.latitude,
                    longitude: p.longitude,
                    time_zone: p.time_zone,
                    phone: p.phone,
                    instructions: p.pickup_instructions,
                    restricted: p.is_restricted,
                    pickup: p.offers_pickup,
                    delivery: p.offers_delivery,
                    active: p.is_active,
                    photos: photos.remove(&p.id).unwrap_or_default(),
                }
            })
            .collect())
    }

    /// These food banks: id, name and time zone, by name.
    pub async fn admin_food_banks(&self, ids: Vec<Id>) -> StoreResult<Vec<(Id, String, String)>> {
        Ok(food_bank::Entity::find()
            .filter(food_bank::Column::Id.is_in(ids))
            .select_only()
            .columns([food_bank::Column::Id, food_bank::Column::Name, food_bank::Column::TimeZone])
            .order_by_asc(food_bank::Column::Name)
            .into_tuple()
            .all(&self.db)
            .await?)
    }

    /// The address columns of a pantry at `zip`: its state and county from the ZIP's, looked up.
    async fn pantry_address(&self, line1: &str, city: &str, zip: &ZipInfo) -> StoreResult<address::ActiveModel> {
        let province_id: Id = province::Entity::find()
            .filter(province::Column::Abbreviation.eq(zip.state))
            .select_only()
            .column(province::Column::Id)
            .into_tuple()
            .one(&self.db)
            .await?
            .ok_or_else(|| StoreError::InvalidReference(format!("province {}", zip.state)))?;
        let county_id: Option<Id> = county::Entity::find()
            .filter(county::Column::Fips.eq(format!("{:05}", zip.county_fips)))
            .select_only()
            .column(county::Column::Id)
            .into_tuple()
            .one(&self.db)
            .await?;
        Ok(address::ActiveModel {
            id: NotSet,
            address_line1: Set(line1.to_owned()),
            address_line2: Set(None),
            city: Set(city.to_owned()),
            province_id: Set(province_id),
            postal_code: Set(zip.zip.clone()),
            county_id: Set(county_id),
            latitude: Set(Some(zip.lat)),
            longitude: Set(Some(zip.lng)),
            located_by: Set(None),
            country_code: Set(crate::domain::forms::COUNTRY_CODE.into()),
        })
    }

    /// A new pantry of `food_bank`, active, at `zip`.
    pub async fn insert_pantry(
        &self,
        food_bank: Id,
        f: &PantryFields,
        zip: &ZipInfo,
        now: DateTime<Utc>,
    ) -> StoreResult<Id> {
        let address = self.pantry_address(&f.address_line1, &f.city, zip).await?.insert(&self.db).await?;
        let row = pantry_location::ActiveModel {
            id: NotSet,
            food_bank_id: Set(food_bank),
            address_id: Set(address.id),
            label: Set(f.label.clone()),
            time_zone: Set(f.time_zone.clone()),
            is_restricted: Set(f.restricted),
            is_active: Set(true),
            pickup_instructions: Set(f.instructions.clone()),
            latitude: Set(f.latitude),
            longitude: Set(f.longitude),
            created_at: Set(now),
            updated_at: Set(None),
            phone: Set(f.phone.clone()),
            offers_pickup: Set(f.pickup),
            offers_delivery: Set(f.delivery),
        };
        Ok(pantry_location::Entity::insert(row).exec(&self.db).await?.last_insert_id)
    }

    /// Changes a pantry's columns and its address (`zip` given: at that ZIP).
    pub async fn update_pantry(&self, id: Id, address_id: Id, f: &PantryFields, zip: &ZipInfo) -> StoreResult<()> {
        let mut address = self.pantry_address(&f.address_line1, &f.city, zip).await?;
        address.id = Set(address_id);
        address.update(&self.db).await?;
        let row = pantry_location::ActiveModel {
            id: Set(id),
            label: Set(f.label.clone()),
            time_zone: Set(f.time_zone.clone()),
            is_restricted: Set(f.restricted),
            pickup_instructions: Set(f.instructions.clone()),
            latitude: Set(f.latitude),
            longitude: Set(f.longitude),
            phone: Set(f.phone.clone()),
            offers_pickup: Set(f.pickup),
            offers_delivery: Set(f.delivery),
            ..Default::default()
        };
        row.update(&self.db).await?;
        Ok(())
    }

    pub async fn set_pantry_active(&self, id: Id, active: bool) -> StoreResult<()> {
        let row = pantry_location::ActiveModel { id: Set(id), is_active: Set(active), ..Default::default() };
        row.update(&self.db).await?;
        Ok(())
    }

    /// Adds a photo after the pantry's others.
    pub async fn add_pantry_photo(&self, pantry: Id, path: &str) -> StoreResult<()> {
        let last: Option<i32> = attachment::Entity::find()
            .filter(attachment::Column::PantryLocationId.eq(pantry))
            .select_only()
            .column_as(attachment::Column::SequenceNumber.max(), "m")
            .into_tuple::<Option<i32>>()
            .one(&self.db)
            .await?
            .flatten();
        let row = attachment::ActiveModel {
            id: NotSet,
            storage_path: Set(path.to_owned()),
            sequence_number: Set(last.map_or(0, |n| n + 1)),
            pantry_location_id: Set(Some(pantry)),
            pantry_item_id: Set(None),
        };
        attachment::Entity::insert(row).exec_without_returning(&self.db).await?;
        Ok(())
    }
}
