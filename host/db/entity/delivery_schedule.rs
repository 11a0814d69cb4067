//! `delivery_schedules`: a delivery program's hours on a weekday (0 = Monday) or one date, in its
//! food bank's zone, cut into delivery windows of `slot_minutes` with `capacity` orders each
//! (None: unlimited) (migration 28).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "delivery_schedules")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub delivery_program_id: i64,
    pub weekday: Option<i16>,
    pub on_date: Option<Date>,
    pub opens: Time,
    pub closes: Time,
    pub slot_minutes: i32,
    pub capacity: Option<i32>,
    pub created_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
