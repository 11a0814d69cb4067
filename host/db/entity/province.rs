//! `provinces`: US states and DC, with the HHS poverty guideline used by the TEFAP income test (§3
//! TEFAP guideline.province).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "provinces")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub name: String,
    #[sea_orm(unique)]
    pub abbreviation: String,
    pub fips: Option<String>,
    pub poverty_guideline_year: i32,
    pub poverty_base_income_dollars: i32,
    pub poverty_per_person_dollars: i32,
    #[sea_orm(has_many)]
    pub counties: HasMany<super::county::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
