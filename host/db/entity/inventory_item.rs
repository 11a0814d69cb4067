//! `inventory_items`: Stock (§3 Inventory item) at a pantry, OR for delivery at a food bank
//! (optionally one delivery program). `quantity` only ever changes through a conditional UPDATE;
//! CHECK (quantity >= 0).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "inventory_items")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub pantry_item_id: i64,
    pub pantry_location_id: Option<i64>,
    pub food_bank_id: Option<i64>,
    pub delivery_program_id: Option<i64>,
    pub quantity: i32,
    pub weight_pounds: f64,
    pub source_code: Option<String>,
    pub is_active: bool,
    /// At or under this many on hand the item is running low (migration 32); None: never flagged.
    pub low_at: Option<i32>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    #[sea_orm(belongs_to, from = "pantry_item_id", to = "id")]
    pub pantry_item: BelongsTo<super::pantry_item::Entity>,
    #[sea_orm(belongs_to, from = "pantry_location_id", to = "id")]
    pub pantry_location: BelongsTo<Option<super::pantry_location::Entity>>,
    #[sea_orm(belongs_to, from = "food_bank_id", to = "id")]
    pub food_bank: BelongsTo<Option<super::food_bank::Entity>>,
    #[sea_orm(belongs_to, from = "delivery_program_id", to = "id")]
    pub delivery_program: BelongsTo<Option<super::delivery_program::Entity>>,
    #[sea_orm(has_many, via = "inventory_item_subcategory")]
    pub subcategories: HasMany<super::subcategory::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
