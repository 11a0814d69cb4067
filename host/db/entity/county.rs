//! `counties`: Counties (§3 County); `fips` is the 5-digit state+county code.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "counties")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub province_id: i64,
    pub name: String,
    #[sea_orm(unique)]
    pub fips: Option<String>,
    pub description: Option<String>,
    #[sea_orm(belongs_to, from = "province_id", to = "id")]
    pub province: BelongsTo<super::province::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
