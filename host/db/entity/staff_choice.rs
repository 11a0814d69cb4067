//! `staff_choices`: the pantry a person last chose in the staff console's switcher (migration 32).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "staff_choices")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i64,
    pub pantry_location_id: i64,
    pub chosen_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
