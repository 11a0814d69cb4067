//! `tefap_records`: the TEFAP record of an order with TEFAP items, a snapshot taken when it was
//! placed (7 CFR 251.10(a): recipient, household size, basis of eligibility).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "tefap_records")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub order_id: i64,
    pub food_bank_id: i64,
    pub pantry_location_id: Option<i64>,
    pub user_id: i64,
    pub recipient_name: String,
    pub household_size: Option<i32>,
    pub eligibility_basis: Option<String>,
    pub is_homeless: bool,
    pub children: Option<i32>,
    pub adults: Option<i32>,
    pub seniors: Option<i32>,
    pub served_on: Date,
    pub keep_until: Date,
    pub created_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
