//! `assistance_programs`: Public assistance programs for TEFAP cross-eligibility (SNAP, WIC,
//! Medicaid, SSI, TANF).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "assistance_programs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub name: String,
    #[sea_orm(unique)]
    pub abbreviation: String,
    pub sort_order: i32,
}

impl ActiveModelBehavior for ActiveModel {}
