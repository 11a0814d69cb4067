//! `schedules`: a pantry's opening hours on a weekday (0 = Monday) or one date, cut into pickup
//! times of `slot_minutes` with `capacity` orders each (None: unlimited) (migration 21).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "schedules")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub pantry_location_id: i64,
    pub weekday: Option<i16>,
    pub on_date: Option<Date>,
    pub opens: Time,
    pub closes: Time,
    pub slot_minutes: i32,
    pub capacity: Option<i32>,
    pub created_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
