//! `report_orders`: each order's part in the monthly report, kept by the order writes (see
//! `db::repo::reports`).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "report_orders")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: i64,
    pub food_bank_id: i64,
    pub pantry_location_id: Option<i64>,
    pub user_id: i64,
    /// The local day the order was placed: the pantry's, or the food bank's for a delivery.
    pub day: Date,
    pub status_type_id: i64,
    /// Units handed over or to be (packed where packing changed them), and their pounds.
    pub units: i64,
    pub pounds: f64,
    /// The account's household: the report counts households across orders and visits.
    pub household_id: Option<i64>,
}

impl ActiveModelBehavior for ActiveModel {}
