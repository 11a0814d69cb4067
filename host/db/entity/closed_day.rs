//! `closed_days`: local dates a pantry is closed, with the reason shoppers read (migration 21).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "closed_days")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub pantry_location_id: i64,
    pub first_day: Date,
    pub last_day: Date,
    pub reason: String,
    pub created_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
