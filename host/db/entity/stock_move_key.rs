//! `stock_move_keys`: a stock move's key, so that the same request sent again moves nothing.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "stock_move_keys")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub key: String,
    pub at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
