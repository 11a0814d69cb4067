//! `order_events`: every state change of an order, with who made it (None: the server's no-show
//! job), when, and the reason given (a pantry's cancel).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub from_status_type_id: Option<i64>,
    pub to_status_type_id: i64,
    pub by_user_id: Option<i64>,
    pub reason: Option<String>,
    pub created_at: DateTimeUtc,
    #[sea_orm(belongs_to, from = "order_id", to = "id")]
    pub order: BelongsTo<super::order::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
