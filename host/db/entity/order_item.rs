//! `order_items`: Order lines (§3 pantryOrderItems); `weight_pounds` is copied from the inventory
//! item when ordered.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "order_items")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub inventory_item_id: i64,
    pub pantry_item_id: i64,
    pub quantity: i32,
    pub weight_pounds: f64,
    pub is_substitute_ok: bool,
    /// Packed fewer than ordered (a short line); None: packed in full.
    pub packed_quantity: Option<i32>,
    #[sea_orm(belongs_to, from = "order_id", to = "id")]
    pub order: BelongsTo<super::order::Entity>,
    #[sea_orm(belongs_to, from = "inventory_item_id", to = "id")]
    pub inventory_item: BelongsTo<super::inventory_item::Entity>,
    #[sea_orm(belongs_to, from = "pantry_item_id", to = "id")]
    pub pantry_item: BelongsTo<super::pantry_item::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
