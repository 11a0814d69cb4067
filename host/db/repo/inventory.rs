//! Inventory as the shop shows it: products with photos, categories and limits.
use super::locations::json_rows;
use super::shopping::{LimitRow, SiteFacts, inventory_line, item_limit_rows};
use super::{PhotoRow, Store, StoreResult};
use crate::{
    db::entity::{attachment, inventory_item, inventory_item_subcategory, pantry_item, subcategory},
    domain::{Id, inventory::InventoryLine},
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbBackend, EntityTrait, FromQueryResult, QueryFilter, QueryOrder,
    QuerySelect, sea_query::Expr,
};
use std::collections::HashMap;

/// One stock row with what the shop shows of it. `line` is what the rules read, built
/// from the same limit rows that `product.limits` and `item_limits` list.
#[derive(Debug, Clone, PartialEq)]
pub struct InventoryRow {
    pub line: InventoryLine,
    /// The stored quantity (`line.quantity` widened for the rules).
    pub quantity: i32,
    pub product: ProductRow,
    pub weight_pounds: f64,
    /// The product's photos.
    pub photos: Vec<PhotoRow>,
    /// Limits on this stock row itself (on top of the product's).
    pub item_limits: Vec<LimitRow>,
    /// Its categories, in display order.
    pub categories: Vec<CategoryRow>,
    pub created: DateTime<Utc>,
}

/// A product, with its unit and package type named.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductRow {
    pub id: Id,
    pub name: String,
    /// The Spanish name, if any.
    pub name_es: Option<String>,
    pub description: Option<String>,
    pub amount: Option<f64>,
    pub each_quantity: Option<i32>,
    pub unit_of_measure: Option<String>,
    pub donation_package_type: Option<String>,
    /// The product's own limits.
    pub limits: Vec<LimitRow>,
}

/// A category (stored as a subcategory); `name` may be a translatable name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryRow {
    pub id: Id,
    pub name: String,
    pub sort_order: i32,
    pub image_url: Option<String>,
}

impl From<subcategory::Model> for CategoryRow {
    fn from(s: subcategory::Model) -> Self {
        Self { id: s.id, name: s.name, sort_order: s.sort_order, image_url: s.image_url }
    }
}

/// A product a food bank has on hand, for its home-page carousel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverviewRow {
    pub subcategory_id: Option<Id>,
    pub label: String,
    /// The product's first photo.
    pub image_url: Option<String>,
    pub source_code: Option<String>,
}

/// Photos of these products, by product, in sequence order.
pub(super) async fn product_photos<C: ConnectionTrait>(
    conn: &C,
    product_ids: &[Id],
) -> StoreResult<HashMap<Id, Vec<PhotoRow>>> {
    let mut out: HashMap<Id, Vec<PhotoRow>> = HashMap::new();
    if product_ids.is_empty() {
        return Ok(out);
    }
    let rows = attachment::Entity::find()
        .filter(attachment::Column::PantryItemId.is_in(product_ids.iter().copied()))
        .order_by_asc(attachment::Column::SequenceNumber)
        .order_by_asc(attachment::Column::Id)
        .all(conn)
        .await?;
    for a in rows {
        if let Some(p) = a.pantry_item_id {
            out.entry(p).or_default().push(PhotoRow {
                id: a.id,
                sequence_number: a.sequence_number,
                storage_path: a.storage_path,
            });
        }
    }
    Ok(out)
}

/// Subcategories of these inventory items: (item id, subcategory) pairs in subcategory order.
pub(super) async fn item_subcategories<C: ConnectionTrait>(
    conn: &C,
    item_ids: &[Id],
) -> StoreResult<Vec<(Id, subcategory::Model)>> {
    if item_ids.is_empty() {
        return Ok(Vec::new());
    }
    let links = inventory_item_subcategory::Entity::find()
        .filter(inventory_item_subcategory::Column::InventoryItemId.is_in(item_ids.iter().copied()))
        .all(conn)
        .await?;
    let mut sub_ids: Vec<Id> = links.iter().map(|l| l.subcategory_id).collect();
    sub_ids.sort_unstable();
    sub_ids.dedup();
    let subs: HashMap<Id, subcategory::Model> = if sub_ids.is_empty() {
        HashMap::new()
    } else {
        subcategory::Entity::find()
            .filter(subcategory::Column::Id.is_in(sub_ids))
            .all(conn)
            .await?
            .into_iter()
            .map(|s| (s.id, s))
            .collect()
    };
    let mut pairs: Vec<(Id, subcategory::Model)> =
        links.into_iter().filter_map(|l| Some((l.inventory_item_id, subs.get(&l.subcategory_id)?.clone()))).collect();
    pairs.sort_by_key(|(item, s)| (s.sort_order, s.id, *item));
    Ok(pairs)
}

/// A stock row with its product (joined with its unit and package type), photos and categories,
/// as one row of [`inventory_items`]: the product as a JSON array `[id, name, name_es,
/// description, amount, each_quantity, unit, package]`, the others as [`json_rows`].
#[derive(FromQueryResult)]
struct StockRow {
    id: Id,
    pantry_item_id: Id,
    quantity: i32,
    weight_pounds: f64,
    source_code: Option<String>,
    created_at: DateTime<Utc>,
    /// None only if the product row is gone (a foreign key keeps it).
    product: Option<String>,
    photos: Option<String>,
    categories: Option<String>,
}

type ProductArray =
    (Id, String, Option<String>, Option<String>, Option<f64>, Option<i32>, Option<String>, Option<String>);

/// The stock rows matching `filter` as the shop shows them, in id order: one statement for the
/// rows with what they show, one for their limits, as `load_sites` reads pantries (the drivers'
/// cost is per row and per statement). For pantry 19 that is 63 rows instead of about 280 in eight
/// statements; the shop's `/_data` p50 stayed at 3.9-4.2 ms against 4.16 ms, within the noise.
async fn inventory_items<C: ConnectionTrait>(conn: &C, filter: Condition) -> StoreResult<Vec<InventoryRow>> {
    let backend = conn.get_database_backend();
    let (array, text) = match backend {
        DbBackend::Postgres => ("json_build_array", "::text"),
        _ => ("json_array", ""),
    };
    let product = format!(
        "(SELECT {array}(p.id, p.name, p.name_es, p.description, p.amount, p.each_quantity, u.name, d.name){text} \
         FROM pantry_items p LEFT JOIN unit_of_measures u ON u.id = p.unit_of_measure_id \
         LEFT JOIN donation_package_types d ON d.id = p.donation_package_type_id \
         WHERE p.id = inventory_items.pantry_item_id)"
    );
    let photos = json_rows(
        backend,
        "attachments.id, attachments.sequence_number, attachments.storage_path",
        "FROM attachments WHERE attachments.pantry_item_id = inventory_items.pantry_item_id",
    );
    let categories = json_rows(
        backend,
        "s.id, s.name, s.sort_order, s.image_url",
        "FROM inventory_item_subcategories l JOIN subcategories s ON s.id = l.subcategory_id \
         WHERE l.inventory_item_id = inventory_items.id",
    );
    let rows: Vec<StockRow> = inventory_item::Entity::find()
        .filter(filter)
        .expr_as(Expr::cust(product), "product")
        .expr_as(Expr::cust(photos), "photos")
        .expr_as(Expr::cust(categories), "categories")
        .order_by_asc(inventory_item::Column::Id)
        .into_model::<StockRow>()
        .all(conn)
        .await?;
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let item_ids: Vec<Id> = rows.iter().map(|r| r.id).collect();
    let mut product_ids: Vec<Id> = rows.iter().map(|r| r.pantry_item_id).collect();
    product_ids.sort_unstable();
    product_ids.dedup();
    let limits = item_limit_rows(conn, &item_ids, &product_ids).await?;
    rows.into_iter()
        .filter_map(|r| {
            let product = r.product.as_deref()?;
            Some(stock_row(r.id, product, r.photos.as_deref(), r.categories.as_deref()).map(
                |(p, photos, categories)| {
                    let (id, name, name_es, description, amount, each_quantity, unit, package) = p;
                    InventoryRow {
                        line: inventory_line(r.id, r.pantry_item_id, r.quantity, r.source_code.clone(), &limits),
                        quantity: r.quantity,
                        product: ProductRow {
                            id,
                            name,
                            name_es,
                            description,
                            amount,
                            each_quantity,
                            unit_of_measure: unit,
                            donation_package_type: package,
                            limits: limits.product_rows(id),
                        },
                        weight_pounds: r.weight_pounds,
                        photos,
                        item_limits: limits.item_rows(r.id),
                        categories,
                        created: r.created_at,
                    }
                },
            ))
        })
        .collect()
}

/// A [`StockRow`]'s JSON texts read: its product, its photos by sequence number then id, and its
/// categories in display order (sort order, then id).
fn stock_row(
    id: Id,
    product: &str,
    photos: Option<&str>,
    categories: Option<&str>,
) -> StoreResult<(ProductArray, Vec<PhotoRow>, Vec<CategoryRow>)> {
    let unreadable = |what: &str, e: serde_json::Error| {
        super::StoreError::Db(sea_orm::DbErr::Type(format!("{what} of stock row {id}: {e}")))
    };
    let product: ProductArray = serde_json::from_str(product).map_err(|e| unreadable("the product", e))?;
    let photos = PhotoRow::from_json(photos).map_err(|e| unreadable("the photos", e))?;
    let mut categories: Vec<(Id, String, i32, Option<String>)> = match categories {
        Some(json) => serde_json::from_str(json).map_err(|e| unreadable("the categories", e))?,
        None => Vec::new(),
    };
    categories.sort_by_key(|c| (c.2, c.0));
    Ok((
        product,
        photos,
        categories
            .into_iter()
            .map(|(id, name, sort_order, image_url)| CategoryRow { id, name, sort_order, image_url })
            .collect(),
    ))
}

impl Store {
    /// Whether an active stock row has this id: the product page asks when its address names no
    /// site, so an id that names nothing anywhere is Not Found.
    pub async fn inventory_item_exists(&self, id: Id) -> StoreResult<bool> {
        let row = inventory_item::Entity::find_by_id(id)
            .filter(inventory_item::Column::IsActive.eq(true))
            .select_only()
            .column(inventory_item::Column::Id)
            .into_tuple::<Id>()
            .one(&self.db)
            .await?;
        Ok(row.is_some())
    }

    /// The site's active stock, with what the shop shows of each row.
    pub async fn inventory_items(&self, site: &SiteFacts) -> StoreResult<Vec<InventoryRow>> {
        inventory_items(&self.db, site.stock()).await
    }

    /// One entry per product the food bank has on hand anywhere (pantries and delivery
    /// stock), by category order then name; `include_tefap` false leaves TEFAP stock out.
    pub async fn inventory_overview(&self, food_bank_id: Id, include_tefap: bool) -> StoreResult<Vec<OverviewRow>> {
        use crate::db::entity::pantry_location;
        use sea_orm::QuerySelect;
        let pantry_ids: Vec<Id> = pantry_location::Entity::find()
            .filter(pantry_location::Column::FoodBankId.eq(food_bank_id))
            .filter(pantry_location::Column::IsActive.eq(true))
            .select_only()
            .column(pantry_location::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?;
        let at_food_bank = Condition::any()
            .add(inventory_item::Column::FoodBankId.eq(food_bank_id))
            .add(inventory_item::Column::PantryLocationId.is_in(pantry_ids));
        let rows = inventory_item::Entity::find()
            .filter(at_food_bank)
            .filter(inventory_item::Column::IsActive.eq(true))
            .filter(inventory_item::Column::Quantity.gt(0))
            .order_by_asc(inventory_item::Column::Id)
            .all(&self.db)
            .await?;
        let is_tefap = |code: &Option<String>| crate::domain::inventory::Source::is_tefap(code.as_deref());
        // First row of each product stands for it.
        let mut firsts: Vec<inventory_item::Model> = Vec::new();
        for r in rows.into_iter().filter(|r| include_tefap || !is_tefap(&r.source_code)) {
            if !firsts.iter().any(|f| f.pantry_item_id == r.pantry_item_id) {
                firsts.push(r);
            }
        }
        let product_ids: Vec<Id> = firsts.iter().map(|r| r.pantry_item_id).collect();
        let item_ids: Vec<Id> = firsts.iter().map(|r| r.id).collect();
        let products: HashMap<Id, String> = if product_ids.is_empty() {
            HashMap::new()
        } else {
            pantry_item::Entity::find()
                .filter(pantry_item::Column::Id.is_in(product_ids.iter().copied()))
                .all(&self.db)
                .await?
                .into_iter()
                .map(|p| (p.id, p.name))
                .collect()
        };
        let photos = product_photos(&self.db, &product_ids).await?;
        let mut sub_of: HashMap<Id, subcategory::Model> = HashMap::new();
        for (item, s) in item_subcategories(&self.db, &item_ids).await? {
            sub_of.entry(item).or_insert(s);
        }
        let mut entries: Vec<((i32, String), OverviewRow)> = firsts
            .into_iter()
            .filter_map(|r| {
                let label = products.get(&r.pantry_item_id)?.clone();
                let sub = sub_of.get(&r.id);
                let key = (sub.map_or(i32::MAX, |s| s.sort_order), label.clone());
                Some((
                    key,
                    OverviewRow {
                        subcategory_id: sub.map(|s| s.id),
                        label,
                        image_url: photos
                            .get(&r.pantry_item_id)
                            .and_then(|p| p.first())
                            .map(|a| a.storage_path.clone()),
                        source_code: r.source_code,
                    },
                ))
            })
            .collect();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(entries.into_iter().map(|(_, e)| e).collect())
    }
}
