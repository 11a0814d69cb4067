//! `subcategories`: Shop categories (§3 pantrySubcategory; inventory overview label/imageUrl).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "subcategories")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub name: String,
    pub sort_order: i32,
    pub image_url: Option<String>,
}

impl ActiveModelBehavior for ActiveModel {}
