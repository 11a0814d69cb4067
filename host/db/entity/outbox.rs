//! `outbox`: every e-mail or text message, written in the transaction that caused it and sent
//! once by whichever host claims it (`lease_until`); `sent_at` once delivered.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "outbox")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `email` or `sms`.
    pub kind: String,
    pub recipient: String,
    pub subject: String,
    #[sea_orm(column_type = "Text")]
    pub body: String,
    pub language: String,
    #[sea_orm(unique)]
    pub dedup_key: Option<String>,
    pub created_at: DateTimeUtc,
    pub attempts: i32,
    pub next_attempt_at: DateTimeUtc,
    pub lease_until: Option<DateTimeUtc>,
    pub sent_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "Text")]
    pub last_error: Option<String>,
}

impl ActiveModelBehavior for ActiveModel {}
