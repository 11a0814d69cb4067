//! `stock_movements`: one change of an inventory row's quantity, with why, who and the result.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "stock_movements")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub inventory_item_id: i64,
    pub delta: i32,
    pub quantity_after: i32,
    pub reason: String,
    pub user_id: Option<i64>,
    pub order_id: Option<i64>,
    pub at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
