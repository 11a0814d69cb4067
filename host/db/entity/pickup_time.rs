//! `pickup_times`: Pickup windows (§3 Pickup time): local day/start/end in the pantry's zone plus
//! the same window as UTC instants for querying.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pickup_times")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub pantry_location_id: i64,
    pub pickup_day: Date,
    pub pickup_start_time: Time,
    pub pickup_end_time: Time,
    pub start_at: DateTimeUtc,
    pub end_at: DateTimeUtc,
    /// Orders it may take; None: unlimited (migration 17).
    pub capacity: Option<i32>,
    /// Orders holding it (not cancelled, not no-show).
    pub booked: i32,
    /// The schedule that made it (migration 21); None: made by hand or the seed.
    pub schedule_id: Option<i64>,
    #[sea_orm(belongs_to, from = "pantry_location_id", to = "id")]
    pub pantry_location: BelongsTo<super::pantry_location::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
