//! `staff_grants`: what makes a user staff (the staff side's roles): `admin` of a food bank, or
//! `staff` / `volunteer` of one pantry. A user has at most one grant per food bank and per pantry.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "staff_grants")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// `admin`, `staff` or `volunteer` (`domain::staff::Role::code`).
    pub role: String,
    pub food_bank_id: Option<i64>,
    pub pantry_location_id: Option<i64>,
    pub created_at: DateTimeUtc,
    #[sea_orm(belongs_to, from = "user_id", to = "id")]
    pub user: BelongsTo<super::user::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
