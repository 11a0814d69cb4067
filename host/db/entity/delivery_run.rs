//! `delivery_runs`: one driver's share of a delivery window (issue 51; migration 47), numbered
//! within the window, with the estimated miles of its route; started when it leaves the depot.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "delivery_runs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub delivery_time_id: i64,
    pub delivery_program_id: i64,
    pub number: i32,
    pub driver_user_id: Option<i64>,
    /// Straight-line miles of the round trip from the depot (`geo::route`).
    pub miles: f64,
    pub started_at: Option<DateTimeUtc>,
    pub started_by: Option<i64>,
    pub created_at: DateTimeUtc,
    #[sea_orm(belongs_to, from = "delivery_time_id", to = "id")]
    pub delivery_time: BelongsTo<super::delivery_time::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
