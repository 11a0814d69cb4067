//! `survey_questions`: The checkout survey's questions, in display order (§2 Survey); `code` names
//! the status flag.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "survey_questions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub code: String,
    pub name: String,
    pub sort_order: i32,
}

impl ActiveModelBehavior for ActiveModel {}
