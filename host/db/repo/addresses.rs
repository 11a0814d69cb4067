//! Saved delivery addresses of shoppers. Each saved address owns its own
//! `addresses` row; orders keep a snapshot, so editing or deleting one never
//! changes a placed order.
use super::{Store, StoreError, StoreResult, lock_user};
use crate::{
    db::entity::{address, county, province, saved_address},
    domain::forms::{AddressForm, COUNTRY_CODE},
    geo,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set, sea_query::Expr,
};

/// A shopper's saved delivery address.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedAddressRow {
    pub id: i64,
    /// The location name ("Home").
    pub name: String,
    pub is_primary: bool,
    pub notes: Option<String>,
    pub address: StreetRow,
}

/// The street address a saved address owns, its state as an abbreviation.
#[derive(Debug, Clone, PartialEq)]
pub struct StreetRow {
    pub id: i64,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    pub province: String,
    pub postal_code: String,
    pub country_code: String,
    /// Where the geocoder put the address, or its ZIP code's centre (`located_by` says which);
    /// None when neither is known.
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub located_by: Option<geo::LocatedBy>,
}

/// A user's saved addresses, primary first, then oldest first.
pub async fn saved_addresses<C: ConnectionTrait>(conn: &C, user_id: i64) -> StoreResult<Vec<SavedAddressRow>> {
    let rows = saved_address::Entity::find()
        .filter(saved_address::Column::UserId.eq(user_id))
        .find_also_related(address::Entity)
        .order_by_desc(saved_address::Column::IsPrimary)
        .order_by_asc(saved_address::Column::Id)
        .all(conn)
        .await?;
    let provinces: Vec<(i64, String)> = province::Entity::find()
        .select_only()
        .column(province::Column::Id)
        .column(province::Column::Abbreviation)
        .into_tuple()
        .all(conn)
        .await?;
    let abbreviation = |id: i64| provinces.iter().find(|p| p.0 == id).map(|p| p.1.clone()).unwrap_or_default();
    Ok(rows
        .into_iter()
        .filter_map(|(s, a)| {
            let a = a?;
            Some(SavedAddressRow {
                id: s.id,
                name: s.name,
                is_primary: s.is_primary,
                notes: s.notes,
                address: StreetRow {
                    id: a.id,
                    address_line1: a.address_line1,
                    address_line2: a.address_line2,
                    city: a.city,
                    province: abbreviation(a.province_id),
                    postal_code: a.postal_code,
                    country_code: a.country_code,
                    latitude: a.latitude,
                    longitude: a.longitude,
                    located_by: a.located_by.as_deref().and_then(geo::LocatedBy::parse),
                },
            })
        })
        .collect())
}

async fn saved_address_of<C: ConnectionTrait>(conn: &C, user_id: i64, id: i64) -> StoreResult<Option<SavedAddressRow>> {
    Ok(saved_addresses(conn, user_id).await?.into_iter().find(|a| a.id == id))
}

/// The address columns of a validated form: its state's id, its county (when the ZIP table and
/// the counties table know them), and where it is: at `found` (the geocoder's match) or else at
/// its ZIP's centre, which the delivery flow reads.
async fn address_columns(
    txn: &DatabaseTransaction,
    form: &AddressForm,
    found: Option<geo::GeoPoint>,
) -> StoreResult<address::ActiveModel> {
    let province_id: i64 = province::Entity::find()
        .filter(province::Column::Abbreviation.eq(form.province.as_str()))
        .select_only()
        .column(province::Column::Id)
        .into_tuple()
        .one(txn)
        .await?
        .ok_or_else(|| StoreError::InvalidReference(format!("province {}", form.province)))?;
    let zip = geo::zip_table().lookup(&form.postal_code);
    let county_id: Option<i64> = match &zip {
        Some(z) => {
            county::Entity::find()
                .filter(county::Column::Fips.eq(format!("{:05}", z.county_fips)))
                .select_only()
                .column(county::Column::Id)
                .into_tuple()
                .one(txn)
                .await?
        }
        None => None,
    };
    let (point, located_by) = match (found, &zip) {
        (Some(found), _) => (Some(found), Some(geo::LocatedBy::Address)),
        (None, Some(z)) => (Some(geo::GeoPoint::new(z.lat, z.lng)), Some(geo::LocatedBy::Zip)),
        (None, None) => (None, None),
    };
    Ok(address::ActiveModel {
        address_line1: Set(form.address_line1.clone()),
        address_line2: Set(form.address_line2.clone()),
        city: Set(form.city.clone()),
        province_id: Set(province_id),
        postal_code: Set(form.postal_code.clone()),
        county_id: Set(county_id),
        latitude: Set(point.map(|p| p.lat)),
        longitude: Set(point.map(|p| p.lng)),
        located_by: Set(located_by.map(|l| l.as_str().to_owned())),
        country_code: Set(COUNTRY_CODE.into()),
        ..Default::default()
    })
}

/// Makes `keep` the user's only primary address. Runs before `keep` is marked, so
/// the partial unique index never sees two primaries.
async fn clear_other_primaries(txn: &DatabaseTransaction, user_id: i64, keep: Option<i64>) -> StoreResult<()> {
    let mut q = saved_address::Entity::update_many()
        .col_expr(saved_address::Column::IsPrimary, Expr::value(false))
        .filter(saved_address::Column::UserId.eq(user_id))
        .filter(saved_address::Column::IsPrimary.eq(true));
    if let Some(id) = keep {
        q = q.filter(saved_address::Column::Id.ne(id));
    }
    q.exec(txn).await?;
    Ok(())
}

/// The user's saved address `id` (None for someone else's), read after locking the user's row:
/// an address deleted meanwhile is simply not found.
async fn locked_saved_address(
    txn: &DatabaseTransaction,
    user_id: i64,
    id: i64,
) -> StoreResult<Option<saved_address::Model>> {
    lock_user(txn, user_id).await?;
    Ok(saved_address::Entity::find_by_id(id).filter(saved_address::Column::UserId.eq(user_id)).one(txn).await?)
}

impl Store {
    pub async fn saved_addresses(&self, user_id: i64) -> StoreResult<Vec<SavedAddressRow>> {
        saved_addresses(&self.db, user_id).await
    }
}

impl super::Write {
    pub async fn create_saved_address(
        &self,
        user_id: i64,
        form: &AddressForm,
        found: Option<geo::GeoPoint>,
        at: chrono::DateTime<chrono::Utc>,
    ) -> StoreResult<SavedAddressRow> {
        lock_user(&self.db, user_id).await?;
        let address = address_columns(&self.db, form, found).await?.insert(&self.db).await?;
        if form.is_primary {
            clear_other_primaries(&self.db, user_id, None).await?;
        }
        let saved = saved_address::ActiveModel {
            user_id: Set(user_id),
            address_id: Set(address.id),
            name: Set(form.name.clone()),
            is_primary: Set(form.is_primary),
            notes: Set(form.notes.clone()),
            created_at: Set(at),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        let out = saved_address_of(&self.db, user_id, saved.id).await?;
        out.ok_or_else(|| StoreError::Db(sea_orm::DbErr::RecordNotFound("saved address just inserted".into())))
    }

    /// `None` when the user has no saved address `id` (someone else's included).
    pub async fn update_saved_address(
        &self,
        user_id: i64,
        id: i64,
        form: &AddressForm,
        found: Option<geo::GeoPoint>,
    ) -> StoreResult<Option<SavedAddressRow>> {
        let Some(saved) = locked_saved_address(&self.db, user_id, id).await? else {
            return Ok(None);
        };
        let mut address = address_columns(&self.db, form, found).await?;
        address.id = Set(saved.address_id);
        address.update(&self.db).await?;
        if form.is_primary {
            clear_other_primaries(&self.db, user_id, Some(id)).await?;
        }
        let mut row: saved_address::ActiveModel = saved.into();
        row.name = Set(form.name.clone());
        row.is_primary = Set(form.is_primary);
        row.notes = Set(form.notes.clone());
        row.update(&self.db).await?;
        let out = saved_address_of(&self.db, user_id, id).await?;
        Ok(out)
    }

    /// False when the user has no saved address `id`.
    pub async fn delete_saved_address(&self, user_id: i64, id: i64) -> StoreResult<bool> {
        let Some(saved) = locked_saved_address(&self.db, user_id, id).await? else {
            return Ok(false);
        };
        saved_address::Entity::delete_by_id(saved.id).exec(&self.db).await?;
        address::Entity::delete_by_id(saved.address_id).exec(&self.db).await?;
        Ok(true)
    }
}
