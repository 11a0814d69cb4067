//! `delivery_stops`: an order's place in a run (issue 51; migration 47): its position on the route
//! and the driver's outcome (`delivered`, `nobodyHome`, `refused`), a failed one confirmed by the
//! coordinator when the order is closed as not delivered.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "delivery_stops")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub run_id: i64,
    pub order_id: i64,
    pub position: i32,
    pub outcome: Option<String>,
    pub outcome_at: Option<DateTimeUtc>,
    pub outcome_by: Option<i64>,
    pub confirmed_at: Option<DateTimeUtc>,
    #[sea_orm(belongs_to, from = "run_id", to = "id")]
    pub run: BelongsTo<super::delivery_run::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
