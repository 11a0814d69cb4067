//! `delivery_programs`: A food bank's home-delivery programs (§3 entityDeliveryProgramID).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "delivery_programs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub food_bank_id: i64,
    pub name: String,
    pub is_active: bool,
    /// Days ahead its delivery schedules publish windows (migration 28); None: the default.
    pub horizon_days: Option<i32>,
    /// Where its runs start and end (migration 47); None: the food bank's ZIP centre.
    pub depot_latitude: Option<f64>,
    pub depot_longitude: Option<f64>,
    #[sea_orm(belongs_to, from = "food_bank_id", to = "id")]
    pub food_bank: BelongsTo<super::food_bank::Entity>,
    #[sea_orm(has_many)]
    pub delivery_times: HasMany<super::delivery_time::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
