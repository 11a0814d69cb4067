//! `favorite_pantries`: A shopper's favourite pickup site(s).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "favorite_pantries")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub pantry_location_id: i64,
    pub created_at: DateTimeUtc,
    #[sea_orm(belongs_to, from = "user_id", to = "id")]
    pub user: BelongsTo<super::user::Entity>,
    #[sea_orm(belongs_to, from = "pantry_location_id", to = "id")]
    pub pantry_location: BelongsTo<super::pantry_location::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
