//! `driver_grants`: a driver of a delivery program (issue 51; migration 47), who sees the runs
//! given to them there and nothing else of the staff side.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "driver_grants")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub delivery_program_id: i64,
    pub created_at: DateTimeUtc,
    #[sea_orm(belongs_to, from = "user_id", to = "id")]
    pub user: BelongsTo<super::user::Entity>,
    #[sea_orm(belongs_to, from = "delivery_program_id", to = "id")]
    pub delivery_program: BelongsTo<super::delivery_program::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
