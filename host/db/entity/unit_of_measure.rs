//! `unit_of_measures`: Units for a product's amount (§3 unitOfMeasure.name).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "unit_of_measures")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub name: String,
}

impl ActiveModelBehavior for ActiveModel {}
