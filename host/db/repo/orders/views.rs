//! Orders as the API answers them, read back with their sites, times and items.
use super::*;

pub(super) fn ids<T>(rows: &[T], f: impl Fn(&T) -> Option<Id>) -> Vec<Id> {
    let mut v: Vec<Id> = rows.iter().filter_map(f).collect();
    v.sort_unstable();
    v.dedup();
    v
}

pub(super) async fn by_ids<E, C>(c: &C, column: E::Column, ids: Vec<Id>) -> StoreResult<Vec<E::Model>>
where
    E: EntityTrait,
    C: ConnectionTrait,
{
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(E::find().filter(column.is_in(ids)).all(c).await?)
}

/// An order as its view shows it: its pantry, times, delivery address and status, with what
/// the domain's time rules answer for it now.
#[derive(Debug, Clone)]
pub struct OrderRow {
    pub id: Id,
    pub created: DateTime<Utc>,
    /// The zone its times are read in: the pickup pantry's, else the food bank's.
    pub tz: Tz,
    pub food_bank_id: Id,
    pub pantry_location_id: Option<Id>,
    /// `None` also when the pantry or its address is gone.
    pub pantry: Option<OrderPantryRow>,
    pub pickup_time_id: Option<Id>,
    pub pickup_time: Option<PickupTime>,
    pub delivery_time_id: Option<Id>,
    pub delivery_time: Option<DeliveryTime>,
    /// The saved address the order was delivered to.
    pub saved_address_id: Option<Id>,
    /// That address as it was when the order was placed.
    pub delivery_address: Option<SnapshotRow>,
    pub status: OrderStatusRow,
    pub can_change_or_cancel: bool,
    pub is_upcoming: bool,
    /// Why the pantry cancelled it.
    pub cancel_reason: Option<String>,
}

#[derive(Debug, Clone)]
pub struct OrderPantryRow {
    pub id: Id,
    pub label: String,
    pub food_bank_id: Id,
    pub address: AddressRow,
    pub is_restricted: bool,
    pub pickup_instructions: Option<String>,
}

/// The order's status type; one that is gone has an empty name and no flags.
#[derive(Debug, Clone)]
pub struct OrderStatusRow {
    pub id: Id,
    /// SUBMITTED, PACKING, READY, PICKED_UP, CANCELLED, NO_SHOW (`domain::orders::StatusType`).
    pub code: String,
    pub name: String,
    pub is_successfully_completed_type: bool,
    pub is_cancelled_type: bool,
    pub is_in_progress_type: bool,
}

/// A delivery address as an order keeps it.
#[derive(Debug, Clone)]
pub struct SnapshotRow {
    pub name: String,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    /// State abbreviation.
    pub province: String,
    pub postal_code: String,
    pub country_code: Option<String>,
}

/// One line of an order, with its product's name and photos.
#[derive(Debug, Clone)]
pub struct OrderLineRow {
    pub id: Id,
    pub inventory_item_id: Id,
    pub pantry_item_id: Id,
    pub quantity: i64,
    pub is_substitute_ok: bool,
    /// Empty when the product is gone.
    pub name: String,
    pub description: Option<String>,
    /// Pounds per unit when the order was placed.
    pub weight_pounds: f64,
    pub photos: Vec<PhotoRow>,
}

/// The `delivery_address` column's JSON. Stored orders already hold it in this form (the API's
/// `foodInsecureNeighborAddress`), so its field names cannot change.
#[derive(serde::Serialize, serde::Deserialize)]
pub(super) struct StoredSnapshot {
    name: String,
    address: StoredPostal,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredPostal {
    address_line1: String,
    #[serde(default)]
    address_line2: Option<String>,
    city: String,
    province: String,
    postal_code: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    country_code: Option<String>,
}

/// The delivery address an order was placed with, from its column's JSON (None: a pickup, or a
/// snapshot that cannot be read, which is logged).
pub(in crate::db::repo) fn snapshot_row(order_id: Id, json: Option<serde_json::Value>) -> Option<SnapshotRow> {
    json.and_then(|v| match serde_json::from_value::<StoredSnapshot>(v) {
        Ok(a) => Some(a.into()),
        Err(e) => {
            tracing::warn!(order = order_id, error = %e, "unreadable delivery address snapshot");
            None
        }
    })
}

impl From<StoredSnapshot> for SnapshotRow {
    fn from(s: StoredSnapshot) -> Self {
        let a = s.address;
        Self {
            name: s.name,
            address_line1: a.address_line1,
            address_line2: a.address_line2,
            city: a.city,
            province: a.province,
            postal_code: a.postal_code,
            country_code: a.country_code,
        }
    }
}

impl From<SnapshotRow> for StoredSnapshot {
    fn from(s: SnapshotRow) -> Self {
        Self {
            name: s.name,
            address: StoredPostal {
                address_line1: s.address_line1,
                address_line2: s.address_line2,
                city: s.city,
                province: s.province,
                postal_code: s.postal_code,
                country_code: s.country_code,
            },
        }
    }
}

/// The orders' views, in the order given.
pub(super) async fn order_views<C: ConnectionTrait>(
    c: &C,
    rows: Vec<order::Model>,
    now: DateTime<Utc>,
) -> StoreResult<Vec<OrderRow>> {
    let statuses: HashMap<Id, order_status_type::Model> =
        order_status_type::Entity::find().all(c).await?.into_iter().map(|s| (s.id, s)).collect();
    let pantries: HashMap<Id, pantry_location::Model> =
        by_ids::<pantry_location::Entity, _>(c, pantry_location::Column::Id, ids(&rows, |o| o.pantry_location_id))
            .await?
            .into_iter()
            .map(|p| (p.id, p))
            .collect();
    let pickups: HashMap<Id, pickup_time::Model> =
        by_ids::<pickup_time::Entity, _>(c, pickup_time::Column::Id, ids(&rows, |o| o.pickup_time_id))
            .await?
            .into_iter()
            .map(|t| (t.id, t))
            .collect();
    let deliveries: HashMap<Id, delivery_time::Model> =
        by_ids::<delivery_time::Entity, _>(c, delivery_time::Column::Id, ids(&rows, |o| o.delivery_time_id))
            .await?
            .into_iter()
            .map(|t| (t.id, t))
            .collect();
    let zones: HashMap<Id, Tz> =
        by_ids::<food_bank::Entity, _>(c, food_bank::Column::Id, ids(&rows, |o| Some(o.food_bank_id)))
            .await?
            .into_iter()
            .map(|b| (b.id, parse_tz(&b.time_zone)))
            .collect();
    let pantry_list: Vec<&pantry_location::Model> = pantries.values().collect();
    let addresses = addresses_by_id(c, ids(&pantry_list, |p| Some(p.address_id))).await?;

    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let pantry = row.pantry_location_id.and_then(|id| pantries.get(&id));
        let pickup = row.pickup_time_id.and_then(|id| pickups.get(&id)).cloned().map(to_pickup_time);
        let delivery = row.delivery_time_id.and_then(|id| deliveries.get(&id)).cloned().map(to_delivery_time);
        let zone = match (pantry, &pickup) {
            (Some(p), Some(_)) => parse_tz(&p.time_zone),
            _ => zones.get(&row.food_bank_id).copied().unwrap_or(chrono_tz::UTC),
        };
        let status = statuses.get(&row.status_type_id);
        let facts = OrderFacts {
            id: row.id,
            created: row.created_at,
            status: status.map_or(OrderStatus::Other, status_of),
            pickup_time: pickup.clone(),
            delivery_time: delivery.clone(),
            time_zone: zone,
        };
        let snapshot = snapshot_row(row.id, row.delivery_address.clone());
        out.push(OrderRow {
            id: row.id,
            created: row.created_at,
            tz: zone,
            food_bank_id: row.food_bank_id,
            pantry_location_id: row.pantry_location_id,
            pantry: pantry.and_then(|p| {
                Some(OrderPantryRow {
                    id: p.id,
                    label: p.label.clone(),
                    food_bank_id: p.food_bank_id,
                    address: addresses.get(&p.address_id)?.clone(),
                    is_restricted: p.is_restricted,
                    pickup_instructions: p.pickup_instructions.clone(),
                })
            }),
            pickup_time_id: row.pickup_time_id,
            can_change_or_cancel: facts.can_change_or_cancel(now),
            is_upcoming: facts.is_upcoming(now),
            pickup_time: pickup,
            delivery_time_id: row.delivery_time_id,
            delivery_time: delivery,
            saved_address_id: row.saved_address_id,
            delivery_address: snapshot,
            cancel_reason: row.cancel_reason.clone(),
            status: status.map_or_else(
                || OrderStatusRow {
                    id: row.status_type_id,
                    code: String::new(),
                    name: String::new(),
                    is_successfully_completed_type: false,
                    is_cancelled_type: false,
                    is_in_progress_type: false,
                },
                |s| OrderStatusRow {
                    id: s.id,
                    code: s.code.clone(),
                    name: s.name.clone(),
                    is_successfully_completed_type: s.is_successfully_completed_type,
                    is_cancelled_type: s.is_cancelled_type,
                    is_in_progress_type: s.is_in_progress_type,
                },
            ),
        });
    }
    Ok(out)
}

pub(super) async fn addresses_by_id<C: ConnectionTrait>(
    c: &C,
    address_ids: Vec<Id>,
) -> StoreResult<HashMap<Id, AddressRow>> {
    let rows = by_ids::<address::Entity, _>(c, address::Column::Id, address_ids).await?;
    let provinces: HashMap<Id, String> =
        by_ids::<province::Entity, _>(c, province::Column::Id, ids(&rows, |a| Some(a.province_id)))
            .await?
            .into_iter()
            .map(|p| (p.id, p.abbreviation))
            .collect();
    let counties: HashMap<Id, String> = by_ids::<county::Entity, _>(c, county::Column::Id, ids(&rows, |a| a.county_id))
        .await?
        .into_iter()
        .map(|k| (k.id, k.name))
        .collect();
    Ok(rows
        .into_iter()
        .map(|a| {
            let county = a.county_id.and_then(|id| counties.get(&id).map(|name| (id, name.clone())));
            (
                a.id,
                AddressRow {
                    id: a.id,
                    address_line1: a.address_line1,
                    address_line2: a.address_line2,
                    city: a.city,
                    province: provinces.get(&a.province_id).cloned().unwrap_or_default(),
                    postal_code: a.postal_code,
                    county,
                    latitude: a.latitude,
                    longitude: a.longitude,
                    country_code: a.country_code,
                },
            )
        })
        .collect())
}

pub(super) async fn item_views<C: ConnectionTrait>(c: &C, order_id: Id) -> StoreResult<Vec<OrderLineRow>> {
    let lines = order_item::Entity::find()
        .filter(order_item::Column::OrderId.eq(order_id))
        .order_by_asc(order_item::Column::Id)
        .all(c)
        .await?;
    let product_ids = ids(&lines, |l| Some(l.pantry_item_id));
    let products: HashMap<Id, pantry_item::Model> =
        by_ids::<pantry_item::Entity, _>(c, pantry_item::Column::Id, product_ids.clone())
            .await?
            .into_iter()
            .map(|p| (p.id, p))
            .collect();
    let mut photos: HashMap<Id, Vec<PhotoRow>> = HashMap::new();
    if !product_ids.is_empty() {
        let rows = attachment::Entity::find()
            .filter(attachment::Column::PantryItemId.is_in(product_ids))
            .order_by_asc(attachment::Column::SequenceNumber)
            .order_by_asc(attachment::Column::Id)
            .all(c)
            .await?;
        for a in rows {
            if let Some(product) = a.pantry_item_id {
                photos.entry(product).or_default().push(PhotoRow {
                    id: a.id,
                    sequence_number: a.sequence_number,
                    storage_path: a.storage_path,
                });
            }
        }
    }
    Ok(lines
        .into_iter()
        .map(|l| {
            let product = products.get(&l.pantry_item_id);
            OrderLineRow {
                id: l.id,
                inventory_item_id: l.inventory_item_id,
                pantry_item_id: l.pantry_item_id,
                quantity: i64::from(l.quantity),
                is_substitute_ok: l.is_substitute_ok,
                name: product.map(|p| p.name.clone()).unwrap_or_default(),
                description: product.and_then(|p| p.description.clone()),
                weight_pounds: l.weight_pounds,
                photos: photos.get(&l.pantry_item_id).cloned().unwrap_or_default(),
            }
        })
        .collect())
}
