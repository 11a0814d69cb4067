//! `saved_addresses`: A shopper's delivery addresses (§3 Saved address /
//! foodInsecureNeighborAddresses); at most one primary per user; notes at most 250 characters.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "saved_addresses")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub address_id: i64,
    pub name: String,
    pub is_primary: bool,
    #[sea_orm(column_type = "Text")]
    pub notes: Option<String>,
    pub created_at: DateTimeUtc,
    #[sea_orm(belongs_to, from = "user_id", to = "id")]
    pub user: BelongsTo<super::user::Entity>,
    #[sea_orm(belongs_to, from = "address_id", to = "id")]
    pub address: BelongsTo<super::address::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
