//! `attachments`: Images (§3 attachmentCollection) of a pantry OR a product: exactly one owner is
//! set.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "attachments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub storage_path: String,
    pub sequence_number: i32,
    pub pantry_location_id: Option<i64>,
    pub pantry_item_id: Option<i64>,
    #[sea_orm(belongs_to, from = "pantry_location_id", to = "id")]
    pub pantry_location: BelongsTo<Option<super::pantry_location::Entity>>,
    #[sea_orm(belongs_to, from = "pantry_item_id", to = "id")]
    pub pantry_item: BelongsTo<Option<super::pantry_item::Entity>>,
}

impl ActiveModelBehavior for ActiveModel {}
