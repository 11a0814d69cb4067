//! `schedule_horizons`: how many days ahead a pantry's schedules publish pickup times (migration 21).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "schedule_horizons")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub pantry_location_id: i64,
    pub days: i32,
}

impl ActiveModelBehavior for ActiveModel {}
