//! `inventory_item_subcategories`: Which categories an inventory item is listed under (§3
//! pantryInventorySubcategories).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "inventory_item_subcategories")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub inventory_item_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub subcategory_id: i64,
    #[sea_orm(belongs_to, from = "inventory_item_id", to = "id")]
    pub inventory_item: BelongsTo<super::inventory_item::Entity>,
    #[sea_orm(belongs_to, from = "subcategory_id", to = "id")]
    pub subcategory: BelongsTo<super::subcategory::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
