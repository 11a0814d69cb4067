//! `order_status_types`: Order statuses (§3 pantryOrderStatusType); seeded, ids are stable (see
//! `domain::orders::StatusType`).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_status_types")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub code: String,
    pub name: String,
    pub is_successfully_completed_type: bool,
    pub is_cancelled_type: bool,
    pub is_in_progress_type: bool,
    pub sort_order: i32,
}

impl ActiveModelBehavior for ActiveModel {}
