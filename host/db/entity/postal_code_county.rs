//! `postal_code_counties`: Which counties a ZIP code overlaps.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "postal_code_counties")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub postal_code_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub county_id: i64,
    #[sea_orm(belongs_to, from = "postal_code_id", to = "id")]
    pub postal_code: BelongsTo<super::postal_code::Entity>,
    #[sea_orm(belongs_to, from = "county_id", to = "id")]
    pub county: BelongsTo<super::county::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
