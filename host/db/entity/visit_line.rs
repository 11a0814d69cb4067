//! `visit_lines`: an item a walk-in visit gave out, from the pantry's stock.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "visit_lines")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub visit_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub inventory_item_id: i64,
    pub quantity: i32,
}

impl ActiveModelBehavior for ActiveModel {}
