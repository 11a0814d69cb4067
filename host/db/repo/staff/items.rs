//! A pantry's items as its staff keep them: the stock rows with their products, the catalog an
//! item is added from, and the writes of `/staff/items` (each inside the service's [`Write`],
//! with its audit entry). Hiding an item, changing its product or photo bumps the shop's cache
//! scopes through the triggers on `inventory_items`, `pantry_items` and `attachments`.
use crate::db::repo::{Store, StoreResult, inventory::product_photos};
use crate::{
    db::entity::{attachment, inventory_item, inventory_item_subcategory, pantry_item, subcategory, unit_of_measure},
    domain::Id,
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use std::collections::HashMap;

/// One stock row of a pantry with its product.
#[derive(Debug, Clone, PartialEq)]
pub struct ItemRow {
    pub id: Id,
    pub pantry_id: Id,
    pub product_id: Id,
    /// The product's food bank; None: the shared catalog's.
    pub product_food_bank: Option<Id>,
    pub name: String,
    pub name_es: Option<String>,
    pub amount: Option<f64>,
    pub unit_id: Option<Id>,
    pub unit: Option<String>,
    pub category_id: Option<Id>,
    pub category: Option<String>,
    pub source: Option<String>,
    pub active: bool,
    pub quantity: i32,
    pub photo: Option<String>,
}

/// A new or changed product.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductFields {
    pub name: String,
    pub name_es: Option<String>,
    pub amount: Option<f64>,
    pub unit_id: Option<Id>,
}

impl<C: ConnectionTrait> Store<C> {
    /// Whether a pantry other than `pantry` stocks the product: then its name, size and photo are
    /// the food bank's, not one pantry's.
    pub async fn product_stocked_elsewhere(&self, product: Id, pantry: Id) -> StoreResult<bool> {
        let other = inventory_item::Entity::find()
            .filter(inventory_item::Column::PantryItemId.eq(product))
            .filter(inventory_item::Column::PantryLocationId.ne(pantry))
            .filter(inventory_item::Column::PantryLocationId.is_not_null())
            .select_only()
            .column(inventory_item::Column::Id)
            .into_tuple::<Id>()
            .one(&self.db)
            .await?;
        Ok(other.is_some())
    }

    /// The pantry's stock rows (or the one `only` names, if it is the pantry's), in id order.
    pub async fn pantry_item_rows(&self, pantry: Id, only: Option<Id>) -> StoreResult<Vec<ItemRow>> {
        let conn = &self.db;
        let mut filter = Condition::all().add(inventory_item::Column::PantryLocationId.eq(pantry));
        if let Some(id) = only {
            filter = filter.add(inventory_item::Column::Id.eq(id));
        }
        let rows =
            inventory_item::Entity::find().filter(filter).order_by_asc(inventory_item::Column::Id).all(conn).await?;
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let item_ids: Vec<Id> = rows.iter().map(|r| r.id).collect();
        let mut product_ids: Vec<Id> = rows.iter().map(|r| r.pantry_item_id).collect();
        product_ids.sort_unstable();
        product_ids.dedup();
        let products: HashMap<Id, pantry_item::Model> = pantry_item::Entity::find()
            .filter(pantry_item::Column::Id.is_in(product_ids.iter().copied()))
            .all(conn)
            .await?
            .into_iter()
            .map(|p| (p.id, p))
            .collect();
        let units: HashMap<Id, String> = self.unit_names().await?.into_iter().collect();
        let photos = product_photos(conn, &product_ids).await?;
        // An item listed under several categories shows the first in display order.
        let mut first: HashMap<Id, subcategory::Model> = HashMap::new();
        for (item, s) in crate::db::repo::inventory::item_subcategories(conn, &item_ids).await? {
            first.entry(item).or_insert(s);
        }
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                let p = products.get(&r.pantry_item_id)?;
                let category = first.get(&r.id);
                Some(ItemRow {
                    id: r.id,
                    pantry_id: pantry,
                    product_id: p.id,
                    product_food_bank: p.food_bank_id,
                    name: p.name.clone(),
                    name_es: p.name_es.clone(),
                    amount: p.amount,
                    unit_id: p.unit_of_measure_id,
                    unit: p.unit_of_measure_id.and_then(|u| units.get(&u).cloned()),
                    category_id: category.map(|c| c.id),
                    category: category.map(|c| c.name.clone()),
                    source: r.source_code.clone(),
                    active: r.is_active,
                    quantity: r.quantity,
                    photo: photos.get(&p.id).and_then(|ph| ph.first()).map(|ph| ph.storage_path.clone()),
                })
            })
            .collect())
    }

    /// The pantry a stock row is at (None: no such row, or a food bank's delivery stock).
    pub async fn item_pantry(&self, item: Id) -> StoreResult<Option<Id>> {
        let row: Option<Option<Id>> = inventory_item::Entity::find_by_id(item)
            .select_only()
            .column(inventory_item::Column::PantryLocationId)
            .into_tuple()
            .one(&self.db)
            .await?;
        Ok(row.flatten())
    }

    /// The products a food bank's items can be: the shared catalog's and its own, by name;
    /// each with its food bank (None: shared).
    pub async fn catalog_of(&self, food_bank: Id) -> StoreResult<Vec<(Id, String, Option<Id>)>> {
        Ok(pantry_item::Entity::find()
            .filter(
                Condition::any()
                    .add(pantry_item::Column::FoodBankId.is_null())
                    .add(pantry_item::Column::FoodBankId.eq(food_bank)),
            )
            .select_only()
            .columns([pantry_item::Column::Id, pantry_item::Column::Name, pantry_item::Column::FoodBankId])
            .order_by_asc(pantry_item::Column::Name)
            .order_by_asc(pantry_item::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?)
    }

    /// Units, by name.
    pub async fn unit_names(&self) -> StoreResult<Vec<(Id, String)>> {
        Ok(unit_of_measure::Entity::find()
            .select_only()
            .columns([unit_of_measure::Column::Id, unit_of_measure::Column::Name])
            .order_by_asc(unit_of_measure::Column::Name)
            .into_tuple()
            .all(&self.db)
            .await?)
    }

    /// Categories, in the shop's order.
    pub async fn category_names(&self) -> StoreResult<Vec<(Id, String)>> {
        Ok(subcategory::Entity::find()
            .select_only()
            .columns([subcategory::Column::Id, subcategory::Column::Name])
            .order_by_asc(subcategory::Column::SortOrder)
            .order_by_asc(subcategory::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?)
    }

    /// A new product of the food bank.
    pub async fn insert_product(&self, food_bank: Id, p: &ProductFields, now: DateTime<Utc>) -> StoreResult<Id> {
        let row = pantry_item::ActiveModel {
            id: NotSet,
            food_bank_id: Set(Some(food_bank)),
            name: Set(p.name.clone()),
            name_es: Set(p.name_es.clone()),
            description: Set(None),
            amount: Set(p.amount),
            each_quantity: Set(None),
            unit_of_measure_id: Set(p.unit_id),
            donation_package_type_id: Set(None),
            created_at: Set(now),
        };
        Ok(pantry_item::Entity::insert(row).exec(&self.db).await?.last_insert_id)
    }

    /// Changes the product's name, size and unit.
    pub async fn update_product(&self, id: Id, p: &ProductFields) -> StoreResult<()> {
        pantry_item::Entity::update_many()
            .col_expr(pantry_item::Column::Name, p.name.clone().into())
            .col_expr(pantry_item::Column::NameEs, p.name_es.clone().into())
            .col_expr(pantry_item::Column::Amount, p.amount.into())
            .col_expr(pantry_item::Column::UnitOfMeasureId, p.unit_id.into())
            .filter(pantry_item::Column::Id.eq(id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// A new stock row of the product at the pantry: none on hand, shown in the shop.
    pub async fn insert_item(
        &self,
        pantry: Id,
        product: Id,
        source: Option<&str>,
        now: DateTime<Utc>,
    ) -> StoreResult<Id> {
        let row = inventory_item::ActiveModel {
            id: NotSet,
            pantry_item_id: Set(product),
            pantry_location_id: Set(Some(pantry)),
            food_bank_id: Set(None),
            delivery_program_id: Set(None),
            quantity: Set(0),
            weight_pounds: Set(0.0),
            source_code: Set(source.map(str::to_owned)),
            is_active: Set(true),
            low_at: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
        };
        Ok(inventory_item::Entity::insert(row).exec(&self.db).await?.last_insert_id)
    }

    /// Points the stock row at `product` with `source`.
    pub async fn update_item(&self, id: Id, product: Id, source: Option<&str>, now: DateTime<Utc>) -> StoreResult<()> {
        inventory_item::Entity::update_many()
            .col_expr(inventory_item::Column::PantryItemId, product.into())
            .col_expr(inventory_item::Column::SourceCode, source.map(str::to_owned).into())
            .col_expr(inventory_item::Column::UpdatedAt, now.into())
            .filter(inventory_item::Column::Id.eq(id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Shows (`true`) or hides the stock row in the shop.
    pub async fn set_item_active(&self, id: Id, active: bool, now: DateTime<Utc>) -> StoreResult<()> {
        inventory_item::Entity::update_many()
            .col_expr(inventory_item::Column::IsActive, active.into())
            .col_expr(inventory_item::Column::UpdatedAt, now.into())
            .filter(inventory_item::Column::Id.eq(id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Lists the stock row under `category` alone (None: under none).
    pub async fn set_item_category(&self, id: Id, category: Option<Id>) -> StoreResult<()> {
        inventory_item_subcategory::Entity::delete_many()
            .filter(inventory_item_subcategory::Column::InventoryItemId.eq(id))
            .exec(&self.db)
            .await?;
        if let Some(category) = category {
            let link =
                inventory_item_subcategory::ActiveModel { inventory_item_id: Set(id), subcategory_id: Set(category) };
            inventory_item_subcategory::Entity::insert(link).exec_without_returning(&self.db).await?;
        }
        Ok(())
    }

    /// Makes `path` the product's one photo.
    pub async fn set_product_photo(&self, product: Id, path: &str) -> StoreResult<()> {
        attachment::Entity::delete_many().filter(attachment::Column::PantryItemId.eq(product)).exec(&self.db).await?;
        let row = attachment::ActiveModel {
            id: NotSet,
            storage_path: Set(path.to_owned()),
            sequence_number: Set(0),
            pantry_location_id: Set(None),
            pantry_item_id: Set(Some(product)),
        };
        attachment::Entity::insert(row).exec_without_returning(&self.db).await?;
        Ok(())
    }

    /// The e-mails of these accounts.
    pub async fn emails_of(&self, ids: Vec<Id>) -> StoreResult<HashMap<Id, String>> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let rows: Vec<(Id, String)> = crate::db::entity::user::Entity::find()
            .filter(crate::db::entity::user::Column::Id.is_in(ids))
            .select_only()
            .columns([crate::db::entity::user::Column::Id, crate::db::entity::user::Column::Email])
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().collect())
    }
}
