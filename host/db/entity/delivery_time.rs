//! `delivery_times`: Delivery windows (§3 Delivery time): local day/start/end in the food bank's
//! zone plus UTC instants.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "delivery_times")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub food_bank_id: i64,
    pub delivery_program_id: i64,
    pub delivery_day: Date,
    pub delivery_start_time: Time,
    pub delivery_end_time: Time,
    pub start_at: DateTimeUtc,
    pub end_at: DateTimeUtc,
    /// Orders it may take; None: unlimited (migration 17).
    pub capacity: Option<i32>,
    /// Orders holding it (not cancelled, not no-show).
    pub booked: i32,
    /// The delivery schedule that made it (migration 28); None: made by hand or the seed.
    pub schedule_id: Option<i64>,
    #[sea_orm(belongs_to, from = "food_bank_id", to = "id")]
    pub food_bank: BelongsTo<super::food_bank::Entity>,
    #[sea_orm(belongs_to, from = "delivery_program_id", to = "id")]
    pub delivery_program: BelongsTo<super::delivery_program::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
